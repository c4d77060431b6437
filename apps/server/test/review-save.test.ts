// Saving review changes: Document/SaveDocumentChanges and Transcript/SaveTranscriptChanges. Only
// the holder of an unexpired checkout saves; each page (and the transcript) carries the version the
// client edited: equal → saved as version + 1, different → not saved, listed, and explained with
// SaveDocumentChangesFailed (8) "Page N was changed by <user> (version X, yours Y)".
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, demoEmail, GLOBEX_ADMIN, userIdOf, useTestServer } from './support/harness.js';
import {
  API,
  eventsOf,
  expireCheckout,
  FILLED_INVOICE,
  pageDocument,
  processedRecording,
  RECORDINGS_WS,
  recognizedInvoicePages,
  reviewableInvoice,
} from './support/review-tasks.js';
import { FIXTURES, GLOBEX_INVOICES_WS, INVOICES_WS, importFile } from './support/task-import.js';

interface Wrapped<T> {
  succeeded: boolean;
  errors: Array<{ code: number; message: string }>;
  result?: T;
}
type SaveAnswer = Wrapped<{ unsavedPages: number[] }>;
type TranscriptAnswer = Wrapped<{ savedResult: boolean; transcript: Record<string, unknown> | null }>;

const REVIEWER = demoEmail('Reviewer');
const CREATOR = demoEmail('Creator');
const MANAGER = demoEmail('Manager');

describe.each(databaseKinds())('saving review changes on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  beforeAll(async () => {
    await recognizedInvoicePages(t, await t.tokenFor(demoEmail('Manager')));
  }, 120_000);
  const token = (email: string) => t.tokenFor(email);
  const db = () => t.server.database.db;
  const checkout = async (email: string, taskId: string) => {
    const answer = await t.call('POST', `${API}/Viewer/Checkout`, { token: await token(email), body: { taskId } });
    expect((answer.body as Wrapped<unknown>).succeeded, JSON.stringify(answer.body)).toBe(true);
  };
  const cancel = async (email: string, taskId: string) =>
    t.call('POST', `${API}/Viewer/Review/Cancel/${taskId}`, { token: await token(email) });
  const save = async (email: string, taskId: string, changes: Record<string, unknown>, workspaceId = INVOICES_WS) =>
    t.call('PUT', `${API}/Document/SaveDocumentChanges`, {
      token: await token(email),
      body: { taskId, workspaceId, changes },
    });
  const page = (taskId: string, number: number) =>
    db()
      .selectFrom('task_pages')
      .selectAll()
      .where('task_id', '=', taskId)
      .where('page_number', '=', number)
      .executeTakeFirstOrThrow();
  const documentVersion = async (taskId: string) =>
    (await db().selectFrom('tasks').select('document_version').where('id', '=', taskId).executeTakeFirstOrThrow())
      .document_version;
  const edited = (pageNumber: number, version: number, invoiceId: string) =>
    pageDocument(
      pageNumber,
      [{ ...FILLED_INVOICE[0], content: invoiceId } as never, ...FILLED_INVOICE.slice(1)],
      version,
    );

  it('saves pages as the sent version + 1, counts them in document_version and writes an event', async () => {
    // The recognizer's real page, read as the viewer reads it, edited and saved back.
    const taskId = await reviewableInvoice(t, await token(MANAGER));
    await checkout(REVIEWER, taskId);
    const read = async () => {
      const answer = await t.call('GET', `${API}/Document/PageAndOCR`, {
        token: await token(REVIEWER),
        query: { TaskId: taskId, WorkspaceId: INVOICES_WS, PageNumber: '1' },
      });
      expect(answer.status, answer.text).toBe(200);
      return (answer.body as { page: PageDoc }).page;
    };
    type PageDoc = { version: number; entities: Array<{ category: string; keyValues: Array<{ content: string }> }> };
    const withInvoiceId = (doc: PageDoc, value: string): PageDoc => ({
      ...doc,
      entities: doc.entities.map((e) =>
        e.category === 'InvoiceId' ? { ...e, keyValues: e.keyValues.map((kv) => ({ ...kv, content: value })) } : e,
      ),
    });
    const original = await read();
    expect(original.version).toBe(0);
    expect(original.entities.map((e) => e.category)).toContain('InvoiceId');
    const first = await save(REVIEWER, taskId, { '1': withInvoiceId(original, 'INV-A') });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      succeeded: true,
      errors: [],
      result: { unsavedPages: [], savedPages: [{ pageNumber: 1, version: 1 }], conflicts: [] },
    });
    const stored = await page(taskId, 1);
    expect(stored.version).toBe(1);
    expect(stored.modified_by).toBe(userIdOf(REVIEWER));
    expect(await documentVersion(taskId)).toBe(1);
    const reread = await read();
    expect(reread.version).toBe(1);
    expect(reread.entities.find((e) => e.category === 'InvoiceId')?.keyValues[0]?.content).toBe('INV-A');
    expect(reread.entities).toHaveLength(original.entities.length);

    // The client's rule: the new version is what it sent plus one, save after save.
    for (const [sent, value] of [
      [1, 'INV-B'],
      [2, 'INV-C'],
    ] as const) {
      const answer = await save(REVIEWER, taskId, { '1': { ...withInvoiceId(reread, value), version: sent } });
      expect((answer.body as SaveAnswer).succeeded).toBe(true);
      expect((await page(taskId, 1)).version).toBe(sent + 1);
    }
    expect(await documentVersion(taskId)).toBe(3);

    const saves = (await eventsOf(t, taskId)).filter((e) => e.event_type === 'DocumentChangesSaved');
    expect(saves).toHaveLength(3);
    expect(saves[2]?.payload).toMatchObject({ pages: [{ page: 1, version: 3 }], unsavedPages: [], documentVersion: 3 });
    expect(saves[2]?.description).toBe('Changes saved by Reviewer Demo: page 1 (version 3).');
  });

  it('counts every saved page of a multi-page save', async () => {
    const taskId = await reviewableInvoice(t, await token(MANAGER), [FILLED_INVOICE, []]);
    await checkout(REVIEWER, taskId);
    const both = await save(REVIEWER, taskId, { '1': edited(1, 0, 'INV-B'), '2': pageDocument(2, [], 0) });
    expect((both.body as SaveAnswer).succeeded).toBe(true);
    expect((await page(taskId, 1)).version).toBe(1);
    expect((await page(taskId, 2)).version).toBe(1);
    expect(await documentVersion(taskId)).toBe(2);
    const saved = (await eventsOf(t, taskId)).find((e) => e.event_type === 'DocumentChangesSaved');
    expect(saved?.payload).toMatchObject({
      pages: [
        { page: 1, version: 1 },
        { page: 2, version: 1 },
      ],
    });
  });

  it('does not save a page edited from an old version: unsavedPages plus SaveDocumentChangesFailed naming who changed it', async () => {
    const taskId = await reviewableInvoice(t, await token(MANAGER), [FILLED_INVOICE, []]);
    await checkout(REVIEWER, taskId);
    await cancel(REVIEWER, taskId);
    // Meanwhile the creator saves page 1 (0 → 1).
    await checkout(CREATOR, taskId);
    expect(((await save(CREATOR, taskId, { '1': edited(1, 0, 'BY-CREATOR') })).body as SaveAnswer).succeeded).toBe(
      true,
    );
    await cancel(CREATOR, taskId);
    // The reviewer comes back with the page as it was (version 0) and a change on page 2.
    await checkout(REVIEWER, taskId);
    const answer = await save(REVIEWER, taskId, { '1': edited(1, 0, 'BY-REVIEWER'), '2': pageDocument(2, [], 0) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      succeeded: false,
      errors: [{ code: 8, message: 'Page 1 was changed by Creator Demo (version 1, yours 0).' }],
      result: {
        unsavedPages: [1],
        savedPages: [{ pageNumber: 2, version: 1 }],
        conflicts: [{ pageNumber: 1, serverVersion: 1, changedBy: 'Creator Demo' }],
      },
    });
    const kept = (await page(taskId, 1)).document as { entities: Array<{ keyValues: Array<{ content: string }> }> };
    expect(kept.entities[0]?.keyValues[0]?.content).toBe('BY-CREATOR');
    expect((await page(taskId, 1)).version).toBe(1);
    expect((await page(taskId, 2)).version).toBe(1);
    expect(await documentVersion(taskId)).toBe(2);
    // A page sent without any version is not saved either.
    const unversioned = { ...pageDocument(2, [], 0), version: null };
    const none = (await save(REVIEWER, taskId, { '2': unversioned })).body as SaveAnswer;
    expect(none.result?.unsavedPages).toEqual([2]);
    expect(none.errors[0]?.message).toBe('Page 2 was changed by Reviewer Demo (version 1, yours not sent).');
    expect((none.result as { conflicts?: unknown } | undefined)?.conflicts).toEqual([
      { pageNumber: 2, serverVersion: 1, changedBy: 'Reviewer Demo' },
    ]);
  });

  it('refuses whoever does not hold an unexpired checkout (CheckedOutByOtherUser 3) and saves nothing', async () => {
    const taskId = await reviewableInvoice(t, await token(MANAGER));
    const notCheckedOut = (await save(REVIEWER, taskId, { '1': edited(1, 0, 'X') })).body as SaveAnswer;
    expect(notCheckedOut.errors[0]?.code).toBe(3);
    await checkout(REVIEWER, taskId);
    const other = (await save(CREATOR, taskId, { '1': edited(1, 0, 'X') })).body as SaveAnswer;
    expect(other.errors[0]).toMatchObject({ code: 3 });
    expect(other.errors[0]?.message).toContain('Reviewer Demo');
    await expireCheckout(t, taskId);
    const expired = (await save(REVIEWER, taskId, { '1': edited(1, 0, 'X') })).body as SaveAnswer;
    expect(expired.errors[0]?.code).toBe(3);
    expect(expired.errors[0]?.message).toContain('Your checkout ended');
    expect((await page(taskId, 1)).version).toBe(0);
    expect((await eventsOf(t, taskId)).some((e) => e.event_type === 'DocumentChangesSaved')).toBe(false);
  });

  it('refuses pages outside the task (PageOutOfBounds 6), another workspace (21), bad bodies (400), the Viewer role (403) and another tenant (404)', async () => {
    const taskId = await reviewableInvoice(t, await token(MANAGER));
    await checkout(REVIEWER, taskId);
    const outside = (await save(REVIEWER, taskId, { '1': edited(1, 0, 'X'), '9': pageDocument(9, [], 0) }))
      .body as SaveAnswer;
    expect(outside.succeeded).toBe(false);
    expect(outside.errors).toEqual([
      { code: 6, message: 'Page 9 is outside the task (it has 1 page); nothing was saved.' },
    ]);
    const stray = (
      await save(REVIEWER, taskId, { '1': pageDocument(1, [{ category: 'InvoiceId', content: 'x', page: 4 }], 0) })
    ).body as SaveAnswer;
    expect(stray.errors[0]?.code).toBe(6);
    expect((await page(taskId, 1)).version).toBe(0);

    const wrongWorkspace = (await save(REVIEWER, taskId, { '1': edited(1, 0, 'X') }, RECORDINGS_WS)).body as SaveAnswer;
    expect(wrongWorkspace.errors[0]?.code).toBe(21);
    expect((await save(REVIEWER, taskId, { '0': edited(1, 0, 'X') })).status).toBe(400);
    const missing = await t.call('PUT', `${API}/Document/SaveDocumentChanges`, {
      token: await token(REVIEWER),
      body: { taskId, workspaceId: INVOICES_WS },
    });
    expect(missing.status).toBe(400);
    expect((await save(demoEmail('Viewer'), taskId, { '1': edited(1, 0, 'X') })).status).toBe(403);
    expect((await page(taskId, 1)).version).toBe(0);

    const globex = await importFile(
      t,
      await token(GLOBEX_ADMIN),
      { workspaceId: GLOBEX_INVOICES_WS },
      { fileName: 'g.pdf', content: FIXTURES.invoicePdf(), contentType: 'application/pdf' },
    );
    const foreign = await save(
      demoEmail('Developer'),
      globex.body.result?.taskId as string,
      { '1': edited(1, 0, 'X') },
      GLOBEX_INVOICES_WS,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Globex');
  });

  it('refuses a holder the assignment no longer lets review (AssignedToOtherUser 29)', async () => {
    const taskId = await reviewableInvoice(t, await token(MANAGER));
    await checkout(REVIEWER, taskId);
    const assigned = await t.call('POST', `${API}/SdTask/UpdateTaskAssignment`, {
      token: await token(MANAGER),
      query: { taskId, orderType: '30', removeAssignment: 'false' },
      body: [userIdOf(CREATOR)],
    });
    expect(assigned.status, assigned.text).toBe(200);
    const answer = (await save(REVIEWER, taskId, { '1': edited(1, 0, 'X') })).body as SaveAnswer;
    expect(answer.errors[0]?.code).toBe(29);
    expect(answer.errors[0]?.message).toContain('Creator Demo');
    expect((await page(taskId, 1)).version).toBe(0);
  });

  it('saves a transcript by the same version rule, with speaker changes', async () => {
    // A real recording, transcribed by the real stages; read and saved as the transcript editor does.
    const taskId = await processedRecording(t, await token(MANAGER));
    type Paragraph = { speakerId: string | null; children: Array<{ text: string }> };
    type TranscriptDoc = {
      transcripts: Paragraph[];
      speakers: Array<{ speakerId: string; speakerName: string; isDefault: boolean }>;
      version?: number;
    };
    const read = async () => {
      const answer = await t.call('GET', `${API}/Transcript/MediaUrlAndTranscript`, {
        token: await token(REVIEWER),
        query: { TaskId: taskId, WorkspaceId: RECORDINGS_WS },
      });
      expect(answer.status, answer.text).toBe(200);
      return answer.body as { transcriptFullResult: TranscriptDoc; version: number };
    };
    const saveTranscript = async (
      email: string,
      transcript: object,
      version: number | undefined,
      speakers: unknown[] = [],
    ) =>
      t.call('POST', `${API}/Transcript/SaveTranscriptChanges`, {
        token: await token(email),
        body: {
          taskId,
          workspaceId: RECORDINGS_WS,
          transcript,
          speakers,
          ...(version === undefined ? {} : { version }),
        },
      });
    const loaded = await read();
    expect(loaded.version).toBe(0);
    const original = loaded.transcriptFullResult;
    const speakerId = original.speakers[0]?.speakerId as string;
    const notHolder = (await saveTranscript(REVIEWER, original, 0)).body as TranscriptAnswer;
    expect(notHolder.errors[0]?.code).toBe(3);

    await checkout(REVIEWER, taskId);
    const [head, ...rest] = original.transcripts;
    const changed = {
      ...original,
      transcripts: [
        { ...head, children: [{ ...head?.children[0], text: 'Ask' }, ...(head?.children.slice(1) ?? [])] },
        ...rest,
      ],
    };
    const first = await saveTranscript(REVIEWER, changed, 0, [
      { speakerName: 'Kennedy', isDefault: true, source: 10, isOnTask: false, action: 20 },
      { speakerId, speakerName: 'Speaker 1', source: 10, isOnTask: true, action: 10 },
    ]);
    expect(first.status).toBe(200);
    const saved = first.body as TranscriptAnswer;
    expect(saved).toMatchObject({ succeeded: true, errors: [], result: { savedResult: true } });
    const speakers = saved.result?.transcript?.speakers as TranscriptDoc['speakers'];
    expect(speakers.map((s) => [s.speakerName, s.isDefault])).toEqual([
      [original.speakers[0]?.speakerName, false],
      ['Kennedy', true],
    ]);
    expect(speakers[1]?.speakerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved.result?.transcript?.version).toBe(1);
    const media = await db()
      .selectFrom('task_media')
      .selectAll()
      .where('task_id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(media.version).toBe(1);
    expect(media.modified_by).toBe(userIdOf(REVIEWER));
    const again = await read();
    expect(again.version).toBe(1);
    expect(again.transcriptFullResult.transcripts[0]?.children[0]?.text).toBe('Ask');

    // Sent from the old version: not saved, the stored transcript comes back.
    const stale = (await saveTranscript(REVIEWER, original, 0)).body as TranscriptAnswer;
    expect(stale).toMatchObject({
      succeeded: false,
      errors: [{ code: 8, message: 'The transcript was changed by Reviewer Demo (version 1, yours 0).' }],
      result: { savedResult: false },
    });
    expect((stale.result?.transcript?.transcripts as Paragraph[] | undefined)?.[0]?.children[0]?.text).toBe('Ask');

    // Removing a speaker clears it from its paragraphs; the version may also travel inside the transcript.
    const removed = (
      await saveTranscript(REVIEWER, { ...again.transcriptFullResult, version: 1 }, undefined, [
        { speakerId, speakerName: 'Speaker 1', source: 10, isOnTask: true, action: 40 },
      ])
    ).body as TranscriptAnswer;
    expect(removed.succeeded).toBe(true);
    const paragraphs = (removed.result?.transcript?.transcripts ?? []) as Paragraph[];
    expect(paragraphs.length).toBeGreaterThan(0);
    expect(paragraphs.every((p) => p.speakerId !== speakerId)).toBe(true);
    expect(removed.result?.transcript?.version).toBe(2);
    const events = (await eventsOf(t, taskId)).filter((e) => e.event_type === 'TranscriptChangesSaved');
    expect(events).toHaveLength(2);
    expect(await documentVersion(taskId)).toBe(2);

    // Annotations are kept with the transcript; who made or changed one is the server's to say.
    type Annotation = { uniqueId: string; content: string; start: number; end: number; [key: string]: unknown };
    const annotationsOf = (answer: TranscriptAnswer) => (answer.result?.transcript?.annotations ?? []) as Annotation[];
    const stored = removed.result?.transcript as Record<string, unknown>;
    const withNotes = (
      await saveTranscript(
        REVIEWER,
        {
          ...stored,
          annotations: [
            { uniqueId: 'note-a', content: 'Applause', start: 0.5, end: 1.5, createdBy: 'someone else' },
            { uniqueId: 'note-b', content: 'The question', start: 2, end: 4 },
          ],
        },
        2,
      )
    ).body as TranscriptAnswer;
    expect(withNotes.succeeded).toBe(true);
    const reviewer = userIdOf(REVIEWER);
    const made = annotationsOf(withNotes);
    expect(made).toEqual([
      expect.objectContaining({ uniqueId: 'note-a', content: 'Applause', start: 0.5, end: 1.5, createdBy: reviewer }),
      expect.objectContaining({ uniqueId: 'note-b', content: 'The question', start: 2, end: 4, createdBy: reviewer }),
    ]);
    const reread = (await read()).transcriptFullResult as unknown as { annotations: Annotation[] };
    expect(reread.annotations.map((a) => [a.uniqueId, a.content, a.start, a.end])).toEqual([
      ['note-a', 'Applause', 0.5, 1.5],
      ['note-b', 'The question', 2, 4],
    ]);
    // One edited, one unchanged, none removed silently: the unchanged keeps its stamps.
    const edited = (
      await saveTranscript(
        REVIEWER,
        {
          ...(withNotes.result?.transcript as Record<string, unknown>),
          annotations: [{ ...made[0], content: 'Long applause', end: 2 }, made[1]],
        },
        3,
      )
    ).body as TranscriptAnswer;
    const [changedNote, unchangedNote] = annotationsOf(edited);
    expect(changedNote).toMatchObject({ content: 'Long applause', end: 2, createdOn: made[0]?.createdOn });
    expect(changedNote?.modifiedBy).toBe(reviewer);
    expect(unchangedNote).toEqual(made[1]);

    // A long recording's transcript is saved whole: ~40,000 words are ~4 MB of JSON, past the 1 MB
    // a request body may otherwise have. (Its paragraphs repeat stored ones: nothing to re-time.)
    const current = edited.result?.transcript as TranscriptDoc;
    const wordsIn = (doc: TranscriptDoc) => doc.transcripts.reduce((n, p) => n + p.children.length, 0);
    const copies = Math.ceil(40_000 / wordsIn(current));
    const long = { ...current, transcripts: Array.from({ length: copies }, () => current.transcripts).flat() };
    expect(JSON.stringify(long).length).toBeGreaterThan(2 * 1024 * 1024);
    const longSave = await saveTranscript(REVIEWER, long, 4);
    expect(longSave.status, longSave.text.slice(0, 200)).toBe(200);
    expect((longSave.body as TranscriptAnswer).succeeded).toBe(true);
    expect(wordsIn((await read()).transcriptFullResult)).toBe(wordsIn(long));

    // An invoice has no transcript.
    const invoice = await reviewableInvoice(t, await token(MANAGER));
    await checkout(REVIEWER, invoice);
    const noTranscript = await t.call('POST', `${API}/Transcript/SaveTranscriptChanges`, {
      token: await token(REVIEWER),
      body: { taskId: invoice, workspaceId: INVOICES_WS, transcript: original, version: 0 },
    });
    expect((noTranscript.body as TranscriptAnswer).errors[0]?.code).toBe(4);
  }, 120_000);
});
