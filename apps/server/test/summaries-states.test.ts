// The summary states no worker outcome reaches: CanceledByUser (4) through the addition
// Index/CancelVideoTextualSummary, CanceledExternally (5) when the task is deleted before its summary
// is made, Uploaded (6) through the addition Index/UploadVideoTextualSummary. Every role with
// Index.VideoTextualSummary may, Viewer may not; another tenant's task and a workspace the caller
// is not in are 404; a refused call changes nothing.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { summariseNext } from '../src/pipeline/summaries/summarise.js';
import { blobStorageFor } from '../src/storage/blob-storage.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, GLOBEX_ID, useTestServer } from './support/harness.js';
import { indexedDocument, indexedRecording } from './support/indexed-text.js';
import { addMembers, GLOBEX_WS, INVOICES, withoutMemberships } from './support/list-fixtures.js';
import { API, RECORDINGS_WS } from './support/review-tasks.js';

interface Summary {
  id: string;
  state: number;
  summary: string | null;
  disclaimer: string | null;
  failureMessage: string | null;
  progress: number | null;
  creditsSpent: number;
}

const MEETING = [
  { start: 0, speaker: 'Chair', text: 'Welcome to the meeting. We decide on the garden budget today.' },
  { start: 9, speaker: 'Treasurer', text: 'The garden budget grows because the fence is broken.' },
  { start: 20, speaker: 'Chair', text: 'The board approved the garden budget and the new fence.' },
];

describe.each(databaseKinds())('summary states 4–6 on %s', (kind) => {
  const t = useTestServer(kind);
  const db = () => t.server.database.db;
  const token = (who: string) => t.tokenFor(who.includes('@') ? who : demoEmail(who));
  const worker = () =>
    summariseNext({ db: db(), storage: blobStorageFor(t.config), config: t.config, workerId: 'test-summariser' });
  const request = async (who: string, taskId: string) =>
    t.call('POST', `${API}/Index/CreateOrUpdateVideoTextualSummary`, {
      token: await token(who),
      body: { taskId, length: 0, style: 0, includedFrames: 0 },
    });
  const cancel = async (who: string, taskId: string) => {
    const answer = await t.call('POST', `${API}/Index/CancelVideoTextualSummary/${taskId}`, {
      token: await token(who),
    });
    return { status: answer.status, summary: answer.body as Summary, text: answer.text };
  };
  const upload = async (who: string, taskId: string, summary: string) => {
    const answer = await t.call('PUT', `${API}/Index/UploadVideoTextualSummary`, {
      token: await token(who),
      body: { taskId, summary },
    });
    return { status: answer.status, summary: answer.body as Summary, text: answer.text };
  };
  const get = async (who: string, taskId: string) => {
    const answer = await t.call('GET', `${API}/Index/GetVideoTextualSummary/${taskId}`, { token: await token(who) });
    return { status: answer.status, summary: answer.body as Summary };
  };
  const volume = async () =>
    Number(
      (
        await db()
          .selectFrom('licences')
          .select(['current_volume'])
          .where('tenant_id', '=', ACME_ID)
          .executeTakeFirstOrThrow()
      ).current_volume,
    );

  let recording: string;
  let document: string;
  let globexRecording: string;
  beforeAll(async () => {
    recording = await indexedRecording(db(), { workspaceId: RECORDINGS_WS, displayName: 'Garden meeting' }, MEETING);
    document = await indexedDocument(db(), { workspaceId: INVOICES, displayName: 'Invoice' }, [['Total 120 EUR']]);
    globexRecording = await indexedRecording(
      db(),
      { workspaceId: GLOBEX_WS, tenantId: GLOBEX_ID, displayName: 'Interview' },
      MEETING,
    );
  }, 120_000);
  afterEach(async () => {
    // Nothing left in Processing for the next test's worker.
    while (await worker()) {}
  });

  it('cancels a summary being made (CanceledByUser, nothing charged, the worker makes nothing of it), for every role with the ability', async () => {
    for (const role of ['Developer', 'Administrator', 'Manager', 'Creator', 'Reviewer']) {
      const before = await volume();
      const asked = await request(role, recording);
      expect(asked.status, asked.text).toBe(200);
      const canceled = await cancel(role, recording);
      expect(canceled.status, `${role}: ${canceled.text}`).toBe(200);
      expect(canceled.summary).toMatchObject({
        id: (asked.body as Summary).id,
        state: 4,
        progress: 100,
        summary: null,
      });
      expect(canceled.summary.failureMessage).toMatch(/^Canceled by /);
      expect(await worker(), role).toBeUndefined();
      expect((await get(role, recording)).summary.state).toBe(4);
      expect(await volume()).toBe(before);
    }
  });

  it('refuses to cancel a summary no longer being made (400, its state kept), or none at all (404)', async () => {
    expect((await cancel('Reviewer', recording)).status).toBe(400);
    expect((await get('Reviewer', recording)).summary.state).toBe(4);
    await request('Reviewer', recording);
    await worker();
    const refused = await cancel('Reviewer', recording);
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/nothing to cancel/);
    expect((await get('Reviewer', recording)).summary.state).toBe(1);
    expect((await cancel('Reviewer', document)).status).toBe(404);
  });

  it('ends a summary whose task was deleted before it was made in CanceledExternally', async () => {
    const other = await indexedRecording(db(), { workspaceId: RECORDINGS_WS, displayName: 'Deleted meeting' }, MEETING);
    expect((await request('Manager', other)).status).toBe(200);
    await db().updateTable('tasks').set({ status: 19 }).where('id', '=', other).execute();
    const ended = await worker();
    expect(ended).toMatchObject({ task_id: other, state: 5, failure_message: 'The task was deleted.' });
  });

  it('stores an uploaded summary (Uploaded, free), replacing the one being made', async () => {
    const before = await volume();
    await request('Creator', recording);
    const text = '0:09 The garden budget grows.\nThe fence will be replaced.';
    const uploaded = await upload('Creator', recording, `  ${text}  `);
    expect(uploaded.status, uploaded.text).toBe(200);
    expect(uploaded.summary).toMatchObject({ state: 6, summary: text, creditsSpent: 0, progress: 100 });
    expect(uploaded.summary.disclaimer).toMatch(/^Uploaded by /);
    expect(await worker()).toBeUndefined();
    expect((await get('Reviewer', recording)).summary).toMatchObject({ id: uploaded.summary.id, state: 6 });
    expect(await volume()).toBe(before);
    for (const role of ['Developer', 'Administrator', 'Manager', 'Reviewer'])
      expect((await upload(role, recording, `${role}'s summary`)).status, role).toBe(200);
  });

  it('refuses an empty or too long upload, and a document (400), keeping the summary there was', async () => {
    const kept = (await get('Reviewer', recording)).summary;
    expect((await upload('Reviewer', recording, '   ')).status).toBe(400);
    expect((await upload('Reviewer', recording, 'x'.repeat(20_001))).status).toBe(400);
    const doc = await upload('Reviewer', document, 'A summary');
    expect(doc.status).toBe(400);
    expect(doc.text).toMatch(/Only recordings/);
    expect((await get('Reviewer', recording)).summary.id).toBe(kept.id);
  });

  it("never reaches another tenant's task or a workspace the caller is not in (404); Viewer may not (403)", async () => {
    await t.call('POST', `${API}/Index/CreateOrUpdateVideoTextualSummary`, {
      token: await t.tokenFor(GLOBEX_ADMIN),
      body: { taskId: globexRecording, length: 0, style: 0, includedFrames: 0 },
    });
    expect((await cancel('Administrator', globexRecording)).status).toBe(404);
    expect((await upload('Administrator', globexRecording, 'Not mine')).status).toBe(404);
    const theirs = await t.call('GET', `${API}/Index/GetVideoTextualSummary/${globexRecording}`, {
      token: await t.tokenFor(GLOBEX_ADMIN),
    });
    expect((theirs.body as Summary).state).toBe(0);
    const kept = (await get('Reviewer', recording)).summary;
    await withoutMemberships(db());
    for (const role of ['Manager', 'Creator', 'Reviewer']) {
      expect((await cancel(role, recording)).status, role).toBe(404);
      expect((await upload(role, recording, 'Not reachable')).status, role).toBe(404);
    }
    await addMembers(db(), RECORDINGS_WS, ['Manager', 'Creator', 'Reviewer', 'Viewer']);
    expect((await cancel('Viewer', recording)).status).toBe(403);
    expect((await upload('Viewer', recording, 'Viewer summary')).status).toBe(403);
    expect((await get('Reviewer', recording)).summary.id).toBe(kept.id);
  });
});
