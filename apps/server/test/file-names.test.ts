// File names keep their characters on both import paths (multipart Import and tus uploads): they
// are read as UTF-8, and only control and bidirectional-override characters are taken out.
import { describe, expect, it } from 'vitest';
import { demoEmail, type TestServer, useTestServer } from './support/harness.js';
import { FIXTURES, INVOICES_WS, importFile } from './support/task-import.js';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

async function storedName(t: TestServer, taskId: string): Promise<string> {
  const row = await t.server.database.db
    .selectFrom('tasks')
    .innerJoin('blobs', 'blobs.id', 'tasks.blob_id')
    .select(['blobs.file_name', 'tasks.display_name'])
    .where('tasks.id', '=', taskId)
    .executeTakeFirstOrThrow();
  expect(row.display_name).toBe(row.file_name);
  return row.file_name as string;
}

/** A tus upload of the invoice under `fileName`, made into a task with Import's uploadId. */
async function uploadThroughTus(t: TestServer, token: string, fileName: string) {
  const file = FIXTURES.invoicePdf();
  const created = await t.server.app.inject({
    method: 'POST',
    url: '/files/',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(file.length),
      'upload-metadata': `workspaceId ${b64(INVOICES_WS)},filename ${b64(fileName)}`,
    },
  });
  if (created.statusCode !== 201) return { status: created.statusCode, text: created.body, taskId: null };
  const location = String(created.headers.location);
  const patched = await t.server.app.inject({
    method: 'PATCH',
    url: new URL(location).pathname,
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
    },
    payload: file,
  });
  expect(patched.statusCode).toBe(204);
  const uploadId = location.split('/').pop() as string;
  const imported = await importFile(t, token, { workspaceId: INVOICES_WS, uploadId });
  expect(imported.status).toBe(200);
  return { status: 201, text: '', taskId: imported.body.result?.taskId as string };
}

const CASES: Array<[string, string]> = [
  ['é中😀.pdf', 'é中😀.pdf'],
  ['Fatura nº 12 – Müller.pdf', 'Fatura nº 12 – Müller.pdf'],
  // U+202E shows `invoice‮fdp.exe` as `invoiceexe.pdf`; the isolates and embeddings go too.
  ['invoice\u202efdp.exe', 'invoicefdp.exe'],
  ['\u2066report\u2069\u202a.pdf\u202c', 'report.pdf'],
  ['tab\there\u0085.pdf', 'tabhere.pdf'],
];

describe('file names of imports', () => {
  const t = useTestServer('pglite');

  it('keeps UTF-8 names of multipart files and strips control and bidi characters', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    for (const [sent, kept] of CASES) {
      const answer = await importFile(
        t,
        token,
        { workspaceId: INVOICES_WS },
        { fileName: sent, content: FIXTURES.invoicePdf(), contentType: 'application/pdf' },
      );
      expect(answer.status, sent).toBe(200);
      expect(answer.body.result?.displayName).toBe(kept);
      expect(await storedName(t, answer.body.result?.taskId as string)).toBe(kept);
    }
  });

  it('keeps UTF-8 names of tus uploads and strips control and bidi characters', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    for (const [sent, kept] of CASES) {
      const upload = await uploadThroughTus(t, token, sent);
      expect(upload.status, `${sent}: ${upload.text}`).toBe(201);
      expect(await storedName(t, upload.taskId as string)).toBe(kept);
    }
  });

  it('refuses tus metadata with a NUL character with a clear 400', async () => {
    const token = await t.tokenFor(demoEmail('Creator'));
    const upload = await uploadThroughTus(t, token, 'a\u0000b.pdf');
    expect(upload.status).toBe(400);
    expect(JSON.parse(upload.text)).toMatchObject({ kind: 'ValidationError' });
    expect(upload.text).toContain('filename');
  });
});
