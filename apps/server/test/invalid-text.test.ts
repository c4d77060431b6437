// Text PostgreSQL cannot store, and numbers past any page, are bad input: a 400 ValidationError
// that names the field, before anything reaches the database (these answered 500 before).
import { describe, expect, it } from 'vitest';
import { databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import { INVOICES_WS, importFile, OPEN_BATCH } from './support/task-import.js';

const API = '/api/v1';

describe.each(databaseKinds())('invalid text and paging on %s', (kind) => {
  const t = useTestServer(kind);

  const expectValidation = (res: { status: number; body: unknown; text: string }, field: string) => {
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ kind: 'ValidationError' });
    expect((res.body as { message: string }).message).toContain(field);
  };

  it('refuses NUL in body fields, list filters and query arguments', async () => {
    const token = await t.tokenFor(demoEmail('Developer'));
    expectValidation(
      await t.call('POST', `${API}/SdBatch`, { token, body: { displayName: 'a\u0000b', workspaceId: INVOICES_WS } }),
      'body.displayName',
    );
    expectValidation(
      await t.call('POST', `${API}/SdTask/GetWithPagination/${INVOICES_WS}`, {
        token,
        query: { inBatchesOnly: 'false' },
        body: { pageNumber: 1, pageSize: 10, filter: 'in\u0000voice' },
      }),
      'body.filter',
    );
    expectValidation(
      await t.call('POST', `${API}/User/GetWithPagination`, {
        token,
        body: { pageNumber: 1, pageSize: 10, search: '\u0000' },
      }),
      'body.search',
    );
    expectValidation(
      await t.call('GET', `${API}/SdTask/Events/${INVOICES_WS}`, { token, query: { eventType: 'x\u0000' } }),
      'eventType',
    );
    // A NUL inside a property name of a free-form map is refused too.
    expectValidation(
      await t.call('POST', `${API}/SdTask/Process`, {
        token,
        body: { workspaceId: INVOICES_WS, url: 'http://127.0.0.1:9/x.pdf', metadata: { 'k\u0000': 'v' } },
      }),
      'body.metadata',
    );
  });

  it('refuses unpaired surrogates, which are no character at all', async () => {
    const token = await t.tokenFor(demoEmail('Developer'));
    for (const name of ['\ud800', 'end\udfff', '\udc00start']) {
      expectValidation(
        await t.call('POST', `${API}/SdBatch`, { token, body: { displayName: name, workspaceId: INVOICES_WS } }),
        'body.displayName',
      );
    }
    // A well-formed pair (an emoji) is a character like any other.
    const emoji = await t.call('POST', `${API}/SdBatch`, {
      token,
      body: { displayName: 'Batch 😀', workspaceId: INVOICES_WS },
    });
    expect(emoji.status, emoji.text).toBe(200);
  });

  it('refuses NUL in the text parts of a multipart import', async () => {
    const token = await t.tokenFor(demoEmail('Developer'));
    const answer = await importFile(t, token, { workspaceId: INVOICES_WS, batchId: OPEN_BATCH, uploadId: '\u0000' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('body.uploadId');
  });

  it('answers 400 for page numbers and sizes past the contract maxima', async () => {
    const token = await t.tokenFor(demoEmail('Developer'));
    for (const body of [
      { pageNumber: 1e308, pageSize: 10 },
      { pageNumber: 2 ** 53, pageSize: 10 },
      { pageNumber: 1, pageSize: 1e308 },
    ]) {
      const res = await t.call('POST', `${API}/User/GetWithPagination`, { token, body });
      expectValidation(res, 'body.page');
    }
    const tasks = await t.call('POST', `${API}/SdTask/GetWithPagination/${INVOICES_WS}`, {
      token,
      query: { inBatchesOnly: 'false' },
      body: { pageNumber: 1e308, pageSize: 10 },
    });
    expectValidation(tasks, 'body.pageNumber');
    const last = await t.call('POST', `${API}/User/GetWithPagination`, {
      token,
      body: { pageNumber: 2147483647, pageSize: 200 },
    });
    expect(last.status, last.text).toBe(200);
  });
});
