// Text search (Index/Search) and the index log (Index/logs): every task's text is indexed when
// processing finishes and when a reviewer saves, stemmed in the task's language; a search ranks
// the tasks, highlights the matched words and says where they are (page or start time); nobody
// finds text of a workspace they do not reach, and no tenant ever finds another tenant's text.
import { beforeAll, describe, expect, it } from 'vitest';
import { highlighted } from '../src/domain/search/search.js';
import { databaseKinds, demoEmail, GLOBEX_ADMIN, GLOBEX_ID, useTestServer } from './support/harness.js';
import { indexBesideReadBack, indexedDocument, indexedRecording } from './support/indexed-text.js';
import { addMembers, GLOBEX_WS, INVOICES, withoutMemberships } from './support/list-fixtures.js';
import { API, FILLED_INVOICE, pageDocument, processedInvoice, RECORDINGS_WS } from './support/review-tasks.js';
import { CONTRACTS_WS } from './support/task-import.js';

interface Match {
  source: string;
  pageNumber?: number | null;
  startTimeSeconds?: number | null;
  text: string;
  highlights: Array<{ offset: number; length: number }>;
  exactText?: string | null;
  speakerName?: string | null;
}
interface Hit {
  taskId: string;
  workspaceId: string;
  taskType: string | null;
  rank: number;
  matchCount: number;
  matches: Match[];
}
interface Page {
  items: Hit[];
  totalCount: number;
  totalPages: number;
  hasNextPage: boolean;
}
interface Log {
  indexStatus: number;
  indexStatusText: string | null;
  logMessage: string | null;
  indexServiceName: string | null;
}

const marked = (match: Match) =>
  match.highlights.map((h) => match.text.slice(h.offset, h.offset + h.length).toLowerCase());

describe('highlighted snippets (pure)', () => {
  it('turns ts_headline markers into plain text and character ranges', () => {
    expect(highlighted('the \u0002invoice\u0003 total is \u0002due\u0003')).toEqual({
      text: 'the invoice total is due',
      highlights: [
        { offset: 4, length: 7 },
        { offset: 21, length: 3 },
      ],
    });
  });
});

describe.each(databaseKinds())('text search on %s', (kind) => {
  const t = useTestServer(kind);
  const db = () => t.server.database.db;
  const token = (role: string) => t.tokenFor(demoEmail(role));
  const search = async (who: string, query: Record<string, string>) => {
    const answer = await t.call('GET', `${API}/Index/Search`, {
      token: who.includes('@') ? await t.tokenFor(who) : await token(who),
      query: { PageNumber: '1', PageSize: '20', ...query },
    });
    return { status: answer.status, page: answer.body as Page, text: answer.text };
  };
  const logs = async (who: string, taskId: string) => {
    const answer = await t.call('GET', `${API}/Index/logs/${taskId}`, {
      token: who.includes('@') ? await t.tokenFor(who) : await token(who),
    });
    return { status: answer.status, logs: answer.body as Log[] };
  };

  let invoice: string;
  let german: string;
  let recording: string;
  let globexText: string;
  beforeAll(async () => {
    invoice = await processedInvoice(t, await token('Manager'));
    german = await indexedDocument(db(), { workspaceId: CONTRACTS_WS, languageCode: 'de', displayName: 'Vertrag' }, [
      ['Allgemeine Bedingungen'],
      ['Die Rechnungen werden monatlich bezahlt', 'Kündigungsfrist drei Monate'],
    ]);
    recording = await indexedRecording(db(), { workspaceId: RECORDINGS_WS, displayName: 'Board meeting' }, [
      { start: 0, speaker: 'Chair', text: 'Welcome to the quarterly board meeting' },
      { start: 12.5, speaker: 'Treasurer', text: 'The Amazon hosting costs were discussed and approved' },
    ]);
    globexText = await indexedDocument(db(), { workspaceId: GLOBEX_WS, tenantId: GLOBEX_ID, displayName: 'Globex' }, [
      ['Amazon Web Services secret Globex contract'],
    ]);
  }, 180_000);

  it('indexes a task when processing finishes: status Indexed, one log entry saying so', async () => {
    const task = await db()
      .selectFrom('tasks')
      .select(['index_status', 'last_indexed_on', 'index_service_name'])
      .where('id', '=', invoice)
      .executeTakeFirstOrThrow();
    expect(task.index_status).toBe(400);
    expect(task.last_indexed_on).not.toBeNull();
    const { status, logs: entries } = await logs('Manager', invoice);
    expect(status).toBe(200);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      indexStatus: 400,
      indexStatusText: 'Indexed',
      indexServiceName: 'PostgreSQL full-text search',
    });
    // The workspace's language (Portuguese for the demo invoices) chose the configuration.
    expect(entries[0]?.logMessage).toMatch(
      /^Indexed 1 page with text.* in the portuguese configuration: processing finished\.$/,
    );
  });

  it('indexes every page of a document longer than one read of pages (windows of 100)', async () => {
    const lines = Array.from({ length: 201 }, (_, index) => [`Seite ${index + 1} Zollanmeldung${index + 1}`]);
    const long = await indexedDocument(db(), { workspaceId: CONTRACTS_WS, displayName: 'Long' }, lines);
    const entries = await db()
      .selectFrom('task_text_entries')
      .select(['page_number', 'body'])
      .where('task_id', '=', long)
      .orderBy('page_number')
      .execute();
    expect(entries.map((entry) => entry.page_number)).toEqual(Array.from({ length: 201 }, (_, index) => index + 1));
    expect(entries[100]?.body).toBe('Seite 101 Zollanmeldung101');
    expect(entries.at(-1)?.body).toBe('Seite 201 Zollanmeldung201');
  });

  it('indexes the processed invoice as its pages read back would: page text and field values', async () => {
    const { indexed, readBack } = await indexBesideReadBack(db(), invoice);
    expect(indexed.map((entry) => entry.source)).toEqual(['page', 'fields']);
    expect(indexed).toEqual(readBack);
  });

  it('finds a word of the processed invoice on its page, highlighted', async () => {
    const { status, page, text } = await search('Developer', { Search: 'amazon', WorkspaceId: INVOICES });
    expect(status, text).toBe(200);
    const hit = page.items.find((item) => item.taskId === invoice);
    expect(hit, text).toBeDefined();
    expect(hit?.taskType).toBe('Invoice');
    const match = hit?.matches.find((m) => m.source === 'page');
    expect(match?.pageNumber).toBe(1);
    expect(match?.startTimeSeconds).toBeNull();
    expect(match && marked(match)).toContain('amazon');
    expect(page.items.every((item) => item.workspaceId === INVOICES)).toBe(true);
  });

  it('stems in the task language: "Rechnung" finds "Rechnungen" of a German page, on page 2', async () => {
    const { page } = await search('Developer', { Search: 'Rechnung' });
    expect(page.items.map((item) => item.taskId)).toEqual([german]);
    const match = page.items[0]?.matches[0];
    expect(match).toMatchObject({ source: 'page', pageNumber: 2, exactText: 'Rechnungen' });
    // English stemming would have kept the plural whole ('rechnungen'); German reduces both forms.
    const singular = await search('Developer', { Search: 'monatliche Rechnung' });
    expect(singular.page.items.map((item) => item.taskId)).toEqual([german]);
  });

  it('finds transcript passages with their start time and speaker, across workspaces, ranked', async () => {
    const { page } = await search('Developer', { Search: 'Amazon hosting' });
    expect(page.items[0]?.taskId).toBe(recording);
    expect(page.items[0]?.matches[0]).toMatchObject({
      source: 'transcript',
      startTimeSeconds: 12.5,
      speakerName: 'Treasurer',
      pageNumber: null,
    });
    expect(marked(page.items[0]?.matches[0] as Match)).toEqual(['amazon', 'hosting']);
    const ranks = page.items.map((item) => item.rank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
  });

  it('filters by task type, creation date and list, and pages', async () => {
    const transcripts = await search('Developer', { Search: 'amazon', TaskType: 'Transcript' });
    expect(transcripts.page.items.map((item) => item.taskId)).toEqual([recording]);
    const future = await search('Developer', { Search: 'amazon', CreatedFrom: '2100-01-01T00:00:00Z' });
    expect(future.page).toMatchObject({ items: [], totalCount: 0, totalPages: 0 });
    const history = await search('Developer', { Search: 'amazon', TaskSource: '20' });
    expect(history.page.items).toEqual([]);
    const all = await search('Developer', { Search: 'amazon' });
    expect(all.page.totalCount).toBe(2);
    const first = await search('Developer', { Search: 'amazon', PageSize: '1' });
    expect(first.page).toMatchObject({ totalCount: 2, totalPages: 2, hasNextPage: true });
    const second = await search('Developer', { Search: 'amazon', PageSize: '1', PageNumber: '2' });
    expect(second.page.items.map((i) => i.taskId)).not.toContain(first.page.items[0]?.taskId);
    const beyond = await search('Developer', { Search: 'amazon', PageSize: '1', PageNumber: '5' });
    expect(beyond.page).toMatchObject({ items: [], totalCount: 2 });
  });

  it('refuses bad input with 400 and no token with 401', async () => {
    expect((await search('Developer', { Search: '   ' })).status).toBe(400);
    expect((await search('Developer', { Search: 'x', CreatedFrom: 'yesterday' })).status).toBe(400);
    expect((await search('Developer', { Search: 'x', PageSize: '0' })).status).toBe(400);
    const anonymous = await t.call('GET', `${API}/Index/Search`, {
      query: { Search: 'amazon', PageNumber: '1', PageSize: '5' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('never returns another tenant’s text, and a workspace of another tenant is 404', async () => {
    const globex = await search(GLOBEX_ADMIN, { Search: 'amazon' });
    expect(globex.page.items.map((item) => item.taskId)).toEqual([globexText]);
    expect((await search(GLOBEX_ADMIN, { Search: 'amazon', WorkspaceId: INVOICES })).status).toBe(404);
    const acme = await search('Developer', { Search: 'secret Globex' });
    expect(acme.page.items).toEqual([]);
    expect((await search('Developer', { Search: 'amazon', WorkspaceId: GLOBEX_WS })).status).toBe(404);
    expect((await logs(GLOBEX_ADMIN, invoice)).status).toBe(404);
  });

  it('index logs need Index.ListLogs (Manager and above)', async () => {
    for (const role of ['Developer', 'Administrator', 'Manager']) expect((await logs(role, invoice)).status).toBe(200);
    for (const role of ['Creator', 'Reviewer', 'Viewer']) expect((await logs(role, invoice)).status).toBe(403);
  });

  it('re-indexes saved pages: a value typed by the reviewer is found among the field values', async () => {
    const reviewer = await token('Reviewer');
    const checkout = await t.call('POST', `${API}/Viewer/Checkout`, { token: reviewer, body: { taskId: invoice } });
    expect((checkout.body as { succeeded: boolean }).succeeded, checkout.text).toBe(true);
    const saved = await t.call('PUT', `${API}/Document/SaveDocumentChanges`, {
      token: reviewer,
      body: {
        taskId: invoice,
        workspaceId: INVOICES,
        changes: {
          '1': pageDocument(1, [{ category: 'InvoiceId', content: 'ZANZIBAR-77' }, ...FILLED_INVOICE.slice(1)]),
        },
      },
    });
    expect((saved.body as { succeeded: boolean }).succeeded, saved.text).toBe(true);
    const { page } = await search('Reviewer', { Search: 'zanzibar' });
    expect(page.items.map((item) => item.taskId)).toEqual([invoice]);
    expect(page.items[0]?.matches[0]).toMatchObject({ source: 'fields', pageNumber: 1 });
    expect(page.items[0]?.matches[0]?.text).toContain('InvoiceId: ZANZIBAR-77');
    const entries = (await logs('Manager', invoice)).logs;
    expect(entries).toHaveLength(2);
    expect(entries[0]?.logMessage).toContain('review saved page 1');
  });

  it('re-indexes a saved transcript', async () => {
    const reviewer = await token('Reviewer');
    const checkout = await t.call('POST', `${API}/Viewer/Checkout`, { token: reviewer, body: { taskId: recording } });
    expect((checkout.body as { succeeded: boolean }).succeeded, checkout.text).toBe(true);
    const media = await db()
      .selectFrom('task_media')
      .select(['transcript', 'version'])
      .where('task_id', '=', recording)
      .executeTakeFirstOrThrow();
    const transcript = media.transcript as { transcripts: Array<{ children: Array<{ text: string }> }> };
    const first = transcript.transcripts[0]?.children[0];
    if (first) first.text = 'Wilkommen';
    const saved = await t.call('POST', `${API}/Transcript/SaveTranscriptChanges`, {
      token: reviewer,
      body: { taskId: recording, workspaceId: RECORDINGS_WS, transcript, speakers: [], version: media.version },
    });
    expect((saved.body as { succeeded: boolean }).succeeded, saved.text).toBe(true);
    const { page } = await search('Reviewer', { Search: 'Wilkommen' });
    expect(page.items[0]?.matches[0]).toMatchObject({ source: 'transcript', startTimeSeconds: 0 });
    expect((await search('Reviewer', { Search: 'welcome' })).page.items).toEqual([]);
  });

  it('finds only text of workspaces the caller is a member of (every non-super-user role)', async () => {
    await withoutMemberships(db());
    for (const role of ['Manager', 'Creator', 'Reviewer', 'Viewer']) {
      expect((await search(role, { Search: 'amazon' })).page.items, role).toEqual([]);
      expect((await search(role, { Search: 'amazon', WorkspaceId: INVOICES })).status, role).toBe(404);
    }
    await addMembers(db(), INVOICES, ['Manager', 'Creator', 'Reviewer', 'Viewer']);
    for (const role of ['Manager', 'Creator', 'Reviewer', 'Viewer']) {
      const { page } = await search(role, { Search: 'amazon' });
      expect(
        page.items.map((item) => item.taskId),
        role,
      ).toEqual([invoice]);
    }
    // Super-users reach every workspace of their tenant without a membership.
    expect((await search('Administrator', { Search: 'amazon' })).page.totalCount).toBe(2);
  });
});
