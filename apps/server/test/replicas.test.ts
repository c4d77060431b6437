// Two API replicas on one PostgreSQL and one blob store, as behind a load balancer: nothing assumes
// one process. A sign-in started on one replica finishes on the other and its token works on both;
// signing out on one ends access on the other; a signed file URL made by one is served by the other.
// A tus upload whose chunks alternate between them completes and becomes a task, and while one
// replica writes an upload the other refuses a second writer (409) until the first lets go. The
// store is a shared storage folder, or an S3 bucket with each replica on a data folder of its own.
// (Worker processes on one PostgreSQL: worker-process.test.ts.)
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer, type Server } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { signedFileUrl } from '../src/domain/results/signed-urls.js';
import { ACME_ID, demoEmail, useTestServer } from './support/harness.js';
import { freePort } from './support/postgres-cluster.js';
import { useTestS3 } from './support/s3-server.js';
import { apiStatus, signInAcross } from './support/sign-in-flow.js';
import { FIXTURES, INVOICES_WS, importFile, importInvoice } from './support/task-import.js';
import { createUpload, onOrigin, patchUpload, tusHeaders, uploadMetadata, uploadOffset } from './support/tus-client.js';

const metadata = uploadMetadata(INVOICES_WS, 'invoice.pdf', 'application/pdf');
const skipReason = inject('postgresUrl') ? '' : ' (skipped: no PostgreSQL in this run)';

for (const store of ['local', 's3'] as const)
  describe.skipIf(!inject('postgresUrl'))(`two API replicas on one PostgreSQL, blobs in ${store}${skipReason}`, () => {
    const bucket = useTestS3(store === 's3' && Boolean(inject('postgresUrl')));
    const t = useTestServer('postgres', { listen: true, ...(store === 's3' ? { blobStore: bucket } : {}) });
    let replica: Server;
    let replicaOrigin: string;

    beforeAll(async () => {
      const port = await freePort();
      // The same public origin (tokens name it as their issuer), database and blob store: a second replica.
      const ownFolder = store === 's3' ? { dataDir: mkdtempSync(join(tmpdir(), 'reviewdesk-replica-')) } : {};
      replica = await buildServer(
        { ...t.config, port, ...ownFolder },
        { database: await openDatabase({ databaseUrl: t.databaseUrl as string }) },
      );
      await replica.app.listen({ port, host: '127.0.0.1' });
      replicaOrigin = `http://127.0.0.1:${port}`;
    });

    afterAll(async () => {
      await replica?.close();
      await replica?.database.close();
    });

    const create = (token: string, length: number) => createUpload(t.config.origin, token, length, metadata);

    it('finishes on one replica a sign-in begun on the other; the token works on both, and signing out on one ends it on both', async () => {
      const { tokens, browser } = await signInAcross(t.config.origin, replicaOrigin, demoEmail('Reviewer'));
      expect(await apiStatus(t.config.origin, tokens.access_token)).toBe(200);
      expect(await apiStatus(replicaOrigin, tokens.access_token)).toBe(200);
      const endSession = new URL(`${replicaOrigin}/connect/endsession`);
      endSession.search = new URLSearchParams({
        id_token_hint: tokens.id_token,
        post_logout_redirect_uri: `${t.config.origin}/authentication/logout-callback`,
        state: 'bye',
      }).toString();
      expect((await browser.fetch(endSession.toString())).status).toBe(303);
      expect(await apiStatus(t.config.origin, tokens.access_token)).toBe(401);
      expect(await apiStatus(replicaOrigin, tokens.access_token)).toBe(401);
    });

    it('serves on one replica a signed file URL made by the other, and refuses it once changed', async () => {
      const taskId = await importInvoice(t, await t.tokenFor(demoEmail('Creator')));
      const task = await t.server.database.db
        .selectFrom('tasks')
        .select(['blob_id'])
        .where('id', '=', taskId)
        .executeTakeFirstOrThrow();
      const url = await signedFileUrl(t.server.database.db, t.config.origin, {
        blobId: task.blob_id as string,
        tenantId: ACME_ID,
        fileName: 'invoice.pdf',
        contentType: 'application/pdf',
        disposition: 'inline',
      });
      const onReplica = onOrigin(replicaOrigin, url);
      const served = await fetch(onReplica, { headers: { range: 'bytes=0-4' } });
      expect(served.status).toBe(206);
      expect(await served.text()).toBe('%PDF-');
      const changed = `${onReplica.slice(0, -3)}${onReplica.endsWith('AAA') ? 'BBB' : 'AAA'}`;
      expect((await fetch(changed)).status).toBe(403);
    });

    it('completes an upload whose chunks alternate between the replicas, and imports it', async () => {
      const token = await t.tokenFor(demoEmail('Creator'));
      const file = FIXTURES.invoicePdf();
      const location = await create(token, file.length);
      const [a, b] = [onOrigin(t.config.origin, location), onOrigin(replicaOrigin, location)];
      const cuts = [0, 40_000, 80_000, file.length];
      for (let i = 0; i < cuts.length - 1; i++) {
        const url = i % 2 === 0 ? a : b;
        const other = i % 2 === 0 ? b : a;
        expect(await uploadOffset(token, other)).toBe(cuts[i]);
        const answer = await patchUpload(token, url, cuts[i] as number, file.subarray(cuts[i], cuts[i + 1]));
        expect(answer.status).toBe(204);
        expect(Number(answer.headers.get('upload-offset'))).toBe(cuts[i + 1]);
      }
      const imported = await importFile(t, token, {
        workspaceId: INVOICES_WS,
        uploadId: location.split('/').pop() as string,
      });
      expect(imported.status).toBe(200);
      const blob = await t.server.database.db
        .selectFrom('tasks')
        .innerJoin('blobs', 'blobs.id', 'tasks.blob_id')
        .select('blobs.size')
        .where('tasks.id', '=', imported.body.result?.taskId as string)
        .executeTakeFirstOrThrow();
      expect(Number(blob.size)).toBe(file.length);
    });

    it('lets one request at a time write an upload, whichever replica each reached', async () => {
      const token = await t.tokenFor(demoEmail('Creator'));
      const file = FIXTURES.invoicePdf();
      const location = await create(token, file.length);
      const [a, b] = [onOrigin(t.config.origin, location), onOrigin(replicaOrigin, location)];
      const sent = 30_000;
      // A PATCH to the first replica that sends part of its body and then waits, holding the upload.
      const holding = httpRequest(a, {
        method: 'PATCH',
        headers: tusHeaders(token, {
          'Content-Type': 'application/offset+octet-stream',
          'Upload-Offset': '0',
          'Content-Length': String(file.length),
        }),
      });
      const closed = new Promise<void>((resolve) => {
        holding.on('error', () => resolve());
        holding.on('close', () => resolve());
      });
      holding.write(file.subarray(0, sent));
      // The data folder shows the bytes as they arrive; S3 when the request ends (each PATCH one
      // object), so there the sign that the first replica holds the upload is its lease.
      let offset = 0;
      if (store === 'local') {
        for (let i = 0; i < 100 && offset !== sent; i++) {
          await new Promise((r) => setTimeout(r, 50));
          offset = await uploadOffset(token, b);
        }
        expect(offset).toBe(sent);
      } else {
        const uploadId = new URL(location).pathname.split('/').pop() as string;
        let held = false;
        for (let i = 0; i < 100 && !held; i++) {
          await new Promise((r) => setTimeout(r, 50));
          const row = await t.server.database.db
            .selectFrom('uploads')
            .select('writing_until')
            .where('id', '=', uploadId)
            .executeTakeFirst();
          held = row?.writing_until != null;
        }
        expect(held).toBe(true);
        expect(await uploadOffset(token, b)).toBe(0);
      }
      const refused = await patchUpload(token, b, offset, file.subarray(offset));
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain('Another request is writing to this upload');

      // The first request ends (its connection drops): the upload is free, and continues on the other replica.
      holding.destroy();
      await closed;
      let answer = refused;
      for (let i = 0; i < 100 && answer.status !== 204; i++) {
        await new Promise((r) => setTimeout(r, 50));
        answer = await patchUpload(token, b, await uploadOffset(token, b), file.subarray(await uploadOffset(token, b)));
      }
      expect(answer.status).toBe(204);
      expect(Number(answer.headers.get('upload-offset'))).toBe(file.length);
    });
  });
