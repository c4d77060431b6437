// Resumable uploads (tus 1.0 at /files/): creation with the workspace in the metadata, the size limit
// before any byte, an upload cut off mid-way and resumed from HEAD's offset, then imported — with
// the blobs in the data folder and in an S3 bucket (each PATCH an object of its own there).
import { request as httpRequest } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE } from '../src/uploads/tus.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, useTestServer } from './support/harness.js';
import { useTestS3 } from './support/s3-server.js';
import {
  apiClientToken,
  FIXTURES,
  GLOBEX_INVOICES_WS,
  INVOICES_WS,
  importFile,
  setWorkspaceConfig,
} from './support/task-import.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadata = (workspaceId: string, filename = 'invoice.pdf') =>
  `workspaceId ${b64(workspaceId)},filename ${b64(filename)},filetype ${b64('application/pdf')}`;

const cases = [...databaseKinds().map((kind) => [kind, 'local'] as const), ['pglite', 's3'] as const];

describe.each(cases)('tus uploads on %s, blobs in %s', (kind, store) => {
  const bucket = useTestS3(store === 's3');
  const t = useTestServer(kind, { listen: true, ...(store === 's3' ? { blobStore: bucket } : {}) });
  beforeEach(async () => {
    await t.reset();
  });

  const url = (path: string) => `${t.config.origin}${path}`;
  const tus = (token: string | undefined, extra: Record<string, string> = {}) => ({
    'Tus-Resumable': '1.0.0',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...extra,
  });

  async function create(token: string, length: number, workspaceId = INVOICES_WS) {
    return fetch(url('/files/'), {
      method: 'POST',
      headers: tus(token, { 'Upload-Length': String(length), 'Upload-Metadata': metadata(workspaceId) }),
    });
  }

  async function head(token: string, location: string) {
    const response = await fetch(location, { method: 'HEAD', headers: tus(token) });
    return { status: response.status, offset: Number(response.headers.get('upload-offset')), response };
  }

  /** Sends `part` of a body announced as `announced` bytes, then drops the connection. */
  function patchAndDrop(token: string, location: string, offset: number, part: Buffer, announced: number) {
    return new Promise<void>((resolve) => {
      const req = httpRequest(location, {
        method: 'PATCH',
        headers: {
          ...tus(token),
          'Content-Type': 'application/offset+octet-stream',
          'Upload-Offset': String(offset),
          'Content-Length': String(announced),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(part, () => setTimeout(() => req.destroy(), 150));
    });
  }

  it('advertises tus 1.0 and the chunk size', async () => {
    const response = await fetch(url('/files/'), { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('tus-version')).toBe('1.0.0');
    expect(response.headers.get('tus-extension')).toContain('creation');
    expect(response.headers.get('reviewdesk-chunk-size')).toBe(String(UPLOAD_CHUNK_SIZE));
  });

  it('survives a dropped connection: HEAD gives the offset, PATCH resumes, the upload becomes a task', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const file = FIXTURES.invoicePdf();
    const created = await create(token, file.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location') as string;
    expect(location).toMatch(/\/files\/[0-9a-f-]{36}$/);
    expect((await head(token, location)).offset).toBe(0);

    const sent = 60_000;
    await patchAndDrop(token, location, 0, file.subarray(0, sent), file.length);
    let offset = 0;
    for (let i = 0; i < 50 && offset !== sent; i++) {
      await new Promise((r) => setTimeout(r, 100));
      offset = (await head(token, location)).offset;
    }
    expect(offset).toBe(sent);

    // Importing an unfinished upload is refused.
    const uploadId = location.split('/').pop() as string;
    const early = await importFile(t, token, { workspaceId: INVOICES_WS, uploadId });
    expect(early.status).toBe(400);
    expect(early.body.errors?.[0]?.code).toBe(12);

    // Wrong offset → 409; the right one completes the upload.
    const wrong = await fetch(location, {
      method: 'PATCH',
      headers: tus(token, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' }),
      body: file.subarray(sent),
    });
    expect(wrong.status).toBe(409);
    const rest = await fetch(location, {
      method: 'PATCH',
      headers: tus(token, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) }),
      body: file.subarray(sent),
    });
    expect(rest.status).toBe(204);
    expect(Number(rest.headers.get('upload-offset'))).toBe(file.length);

    const imported = await importFile(t, token, { workspaceId: INVOICES_WS, uploadId });
    expect(imported.status).toBe(200);
    expect(imported.body.result?.displayName).toBe('invoice.pdf');
    const blob = await t.server.database.db
      .selectFrom('tasks')
      .innerJoin('blobs', 'blobs.id', 'tasks.blob_id')
      .select(['blobs.size', 'blobs.content_type'])
      .where('tasks.id', '=', imported.body.result?.taskId as string)
      .executeTakeFirstOrThrow();
    expect(Number(blob.size)).toBe(file.length);
    expect(blob.content_type).toBe('application/pdf');
    // An upload makes one task.
    const twice = await importFile(t, token, { workspaceId: INVOICES_WS, uploadId });
    expect(twice.status).toBe(400);
  });

  it("refuses an Upload-Length over the workspace's maxFileSizeBytes with 413 before any byte", async () => {
    await setWorkspaceConfig(t, INVOICES_WS, { maxFileSizeBytes: 1000 });
    const token = await t.tokenFor(demoEmail('Creator'));
    const response = await create(token, 1001);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toContain('maxFileSizeBytes');
    expect(await t.server.database.db.selectFrom('uploads').select('id').execute()).toHaveLength(0);
  });

  it('needs a token with Task.Import, the tus version and a workspace of the caller', async () => {
    const file = FIXTURES.png();
    expect(
      (await fetch(url('/files/'), { method: 'POST', headers: tus(undefined, { 'Upload-Length': '10' }) })).status,
    ).toBe(401);
    expect((await create(await t.tokenFor(demoEmail('Reviewer')), file.length)).status).toBe(403);
    const creator = await t.tokenFor(demoEmail('Creator'));
    const noVersion = await fetch(url('/files/'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${creator}`, 'Upload-Length': '10', 'Upload-Metadata': metadata(INVOICES_WS) },
    });
    expect(noVersion.status).toBe(412);
    expect((await create(creator, file.length, GLOBEX_INVOICES_WS)).status).toBe(403);
    const noLength = await fetch(url('/files/'), {
      method: 'POST',
      headers: tus(creator, { 'Upload-Metadata': metadata(INVOICES_WS) }),
    });
    expect(noLength.status).toBe(400);
  });

  it("keeps another tenant's uploads invisible and lets the owner terminate", async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const created = await create(token, 100);
    const location = created.headers.get('location') as string;
    const globex = await t.tokenFor(GLOBEX_ADMIN);
    expect((await head(globex, location)).status).toBe(404);
    const patch = await fetch(location, {
      method: 'PATCH',
      headers: tus(globex, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' }),
      body: Buffer.alloc(10),
    });
    expect(patch.status).toBe(404);
    expect((await fetch(location, { method: 'DELETE', headers: tus(globex) })).status).toBe(404);
    expect((await fetch(location, { method: 'DELETE', headers: tus(token) })).status).toBe(204);
    expect((await head(token, location)).status).toBe(404);
  });

  it('takes uploads from API clients, imported with Process', async () => {
    const { token } = await apiClientToken(t, ACME_ID);
    const file = FIXTURES.invoicePdf();
    const created = await fetch(url('/files/'), {
      method: 'POST',
      headers: tus(token, {
        'Upload-Length': String(file.length),
        'Upload-Metadata': metadata(INVOICES_WS),
        'Content-Type': 'application/offset+octet-stream',
      }),
      body: file,
    });
    expect(created.status).toBe(201);
    expect(Number(created.headers.get('upload-offset'))).toBe(file.length);
    const uploadId = (created.headers.get('location') as string).split('/').pop();
    const processed = await t.call('POST', '/api/v1/SdTask/Process', {
      token,
      body: { workspaceId: INVOICES_WS, uploadId },
    });
    expect(processed.status).toBe(200);
  });
});
