// Two API replicas on one PostgreSQL and one blob store, as behind a load balancer: a tus upload
// whose chunks alternate between them completes and becomes a task, and while one replica writes
// an upload the other refuses a second writer (409) until the first lets go. The store is a shared
// storage folder, or an S3 bucket with each replica on a data folder of its own.
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer, type Server } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { demoEmail, useTestServer } from './support/harness.js';
import { freePort } from './support/postgres-cluster.js';
import { useTestS3 } from './support/s3-server.js';
import { FIXTURES, INVOICES_WS, importFile } from './support/task-import.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadata = `workspaceId ${b64(INVOICES_WS)},filename ${b64('invoice.pdf')},filetype ${b64('application/pdf')}`;
const skipReason = inject('postgresUrl') ? '' : ' (skipped: no PostgreSQL in this run)';

for (const store of ['local', 's3'] as const)
  describe.skipIf(!inject('postgresUrl'))(`tus uploads across two API replicas, blobs in ${store}${skipReason}`, () => {
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

    const on = (origin: string, location: string) => `${origin}${new URL(location).pathname}`;
    const tus = (token: string, extra: Record<string, string> = {}) => ({
      'Tus-Resumable': '1.0.0',
      Authorization: `Bearer ${token}`,
      ...extra,
    });
    const patch = (token: string, url: string, offset: number, body: Buffer) =>
      fetch(url, {
        method: 'PATCH',
        headers: tus(token, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) }),
        body,
      });
    const offsetOn = async (token: string, url: string) =>
      Number((await fetch(url, { method: 'HEAD', headers: tus(token) })).headers.get('upload-offset'));

    async function create(token: string, length: number): Promise<string> {
      const created = await fetch(`${t.config.origin}/files/`, {
        method: 'POST',
        headers: tus(token, { 'Upload-Length': String(length), 'Upload-Metadata': metadata }),
      });
      expect(created.status).toBe(201);
      return created.headers.get('location') as string;
    }

    it('completes an upload whose chunks alternate between the replicas, and imports it', async () => {
      const token = await t.tokenFor(demoEmail('Creator'));
      const file = FIXTURES.invoicePdf();
      const location = await create(token, file.length);
      const [a, b] = [on(t.config.origin, location), on(replicaOrigin, location)];
      const cuts = [0, 40_000, 80_000, file.length];
      for (let i = 0; i < cuts.length - 1; i++) {
        const url = i % 2 === 0 ? a : b;
        const other = i % 2 === 0 ? b : a;
        expect(await offsetOn(token, other)).toBe(cuts[i]);
        const answer = await patch(token, url, cuts[i] as number, file.subarray(cuts[i], cuts[i + 1]));
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
      const [a, b] = [on(t.config.origin, location), on(replicaOrigin, location)];
      const sent = 30_000;
      // A PATCH to the first replica that sends part of its body and then waits, holding the upload.
      const holding = httpRequest(a, {
        method: 'PATCH',
        headers: tus(token, {
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
          offset = await offsetOn(token, b);
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
        expect(await offsetOn(token, b)).toBe(0);
      }
      const refused = await patch(token, b, offset, file.subarray(offset));
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain('Another request is writing to this upload');

      // The first request ends (its connection drops): the upload is free, and continues on the other replica.
      holding.destroy();
      await closed;
      let answer = refused;
      for (let i = 0; i < 100 && answer.status !== 204; i++) {
        await new Promise((r) => setTimeout(r, 50));
        answer = await patch(token, b, await offsetOn(token, b), file.subarray(await offsetOn(token, b)));
      }
      expect(answer.status).toBe(204);
      expect(Number(answer.headers.get('upload-offset'))).toBe(file.length);
    });
  });
