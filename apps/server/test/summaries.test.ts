// Summaries of recordings (Index/IsSummarizable, CreateOrUpdateVideoTextualSummary,
// GetVideoTextualSummary, GetSummaryCostsInfo): a request answers at once in Processing, the
// summarising worker moves it to Processed with the text, how it was made and the credits it took
// (or to Failed / Timeout with the reason; extractive, saying why, when the model answers an error); every role with Index.VideoTextualSummary may, the
// others may not; a task of a workspace the caller does not reach, or of another tenant, is 404.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summariseNext } from '../src/pipeline/summaries/summarise.js';
import { blobStorageFor } from '../src/storage/blob-storage.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, GLOBEX_ID, useTestServer } from './support/harness.js';
import { indexedDocument, indexedRecording } from './support/indexed-text.js';
import { addMembers, GLOBEX_WS, INVOICES, withoutMemberships } from './support/list-fixtures.js';
import { API, RECORDINGS_WS } from './support/review-tasks.js';

interface Summary {
  id: string;
  state: number;
  summaryStyle: number;
  summaryLength: number;
  includedFrames: number;
  summary: string | null;
  disclaimer: string | null;
  failureMessage: string | null;
  progress: number | null;
  method: string | null;
  modelName: string | null;
  creditsSpent: number;
  keyFrames: Array<{ timeSeconds: number; url: string }>;
}

const BOARD_MEETING = [
  {
    start: 0,
    speaker: 'Chair',
    text: 'Welcome to the quarterly board meeting. Today we decide on the warehouse budget.',
  },
  {
    start: 12.5,
    speaker: 'Treasurer',
    text: 'The warehouse budget grows by ten percent because the warehouse roof leaks.',
  },
  { start: 30, speaker: 'Chair', text: 'Coffee is in the kitchen.' },
  { start: 41, speaker: 'Treasurer', text: 'The board approved the warehouse budget and the roof repair for spring.' },
  { start: 55, speaker: 'Chair', text: 'Thank you all.' },
];

describe.each(databaseKinds())('summaries on %s', (kind) => {
  const t = useTestServer(kind);
  const db = () => t.server.database.db;
  const token = (who: string) => t.tokenFor(who.includes('@') ? who : demoEmail(who));
  const worker = (config = t.config) =>
    summariseNext({ db: db(), storage: blobStorageFor(config), config, workerId: 'test-summariser' });
  const request = async (who: string, taskId: string, options: Partial<Record<string, number>> = {}) => {
    const answer = await t.call('POST', `${API}/Index/CreateOrUpdateVideoTextualSummary`, {
      token: await token(who),
      body: { taskId, length: 0, style: 0, includedFrames: 0, ...options },
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
    recording = await indexedRecording(
      db(),
      { workspaceId: RECORDINGS_WS, displayName: 'Board meeting' },
      BOARD_MEETING,
    );
    document = await indexedDocument(db(), { workspaceId: INVOICES, displayName: 'Invoice' }, [['Total 120 EUR']]);
    globexRecording = await indexedRecording(
      db(),
      { workspaceId: GLOBEX_WS, tenantId: GLOBEX_ID, displayName: 'Interview' },
      BOARD_MEETING,
    );
  }, 120_000);

  it('is available to every role with the ability (the offline method needs nothing configured)', async () => {
    for (const role of ['Developer', 'Administrator', 'Manager', 'Creator', 'Reviewer']) {
      const answer = await t.call('GET', `${API}/Index/IsSummarizable`, { token: await token(role) });
      expect(answer.status, role).toBe(200);
      expect(answer.body, role).toBe(true);
    }
    const viewer = await t.call('GET', `${API}/Index/IsSummarizable`, { token: await token('Viewer') });
    expect(viewer.status).toBe(403);
  });

  it('tells what a summary costs: the started minutes × the workspace multiplier, and whether the index is current', async () => {
    const answer = await t.call('GET', `${API}/Index/GetSummaryCostsInfo/${recording}`, {
      token: await token('Reviewer'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ costsInCredits: 1, upToDate: true });
    expect(typeof (answer.body as { indexedDate: string }).indexedDate).toBe('string');
  });

  it('has none before one is requested (404)', async () => {
    expect((await get('Reviewer', recording)).status).toBe(404);
  });

  it('answers at once in Processing; the worker makes an extractive summary quoting the transcript with times, and charges it', async () => {
    const before = await volume();
    const asked = await request('Reviewer', recording, { length: 1, style: 2 });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.summary).toMatchObject({
      state: 0,
      summaryLength: 1,
      summaryStyle: 2,
      includedFrames: 0,
      summary: null,
    });
    expect((await get('Reviewer', recording)).summary.state).toBe(0);

    const made = await worker();
    expect(made?.task_id).toBe(recording);
    const { status, summary } = await get('Reviewer', recording);
    expect(status).toBe(200);
    expect(summary).toMatchObject({
      id: asked.summary.id,
      state: 1,
      progress: 100,
      method: 'extractive',
      creditsSpent: 1,
    });
    expect(summary.modelName).toMatch(/TextRank/);
    expect(summary.disclaimer).toMatch(/quoted word for word/);
    const lines = (summary.summary ?? '').split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      const [, time, sentence] = /^\[(\d+:\d\d)\] (.+)$/.exec(line) ?? [];
      expect(time, line).toBeDefined();
      expect(
        BOARD_MEETING.some((p) => p.text.includes(sentence ?? '∅')),
        line,
      ).toBe(true);
    }
    expect(summary.summary).toMatch(/warehouse budget/);
    expect(summary.summary).not.toMatch(/Coffee/);
    expect(summary.keyFrames).toEqual([]);
    expect(await volume()).toBe(before - 1);
    expect(await worker()).toBeUndefined();
  });

  it('replaces the summary on a new request (a new id, Processing again) and a longer one quotes more', async () => {
    const short = (await get('Reviewer', recording)).summary;
    const asked = await request('Manager', recording, { length: 2 });
    expect(asked.summary.id).not.toBe(short.id);
    expect(asked.summary.state).toBe(0);
    await worker();
    const long = (await get('Manager', recording)).summary;
    expect(long.state).toBe(1);
    expect((long.summary ?? '').split('\n').length).toBeGreaterThan((short.summary ?? '').split('\n').length);
  });

  it('refuses a document (400 WorkspaceConfigError) and a recording not transcribed yet (400 NotReadyYet)', async () => {
    const doc = await request('Reviewer', document);
    expect(doc.status).toBe(400);
    expect(doc.text).toMatch(/Only recordings/);
    await db().updateTable('task_media').set({ transcript: null }).where('task_id', '=', globexRecording).execute();
    const answer = await t.call('POST', `${API}/Index/CreateOrUpdateVideoTextualSummary`, {
      token: await t.tokenFor(GLOBEX_ADMIN),
      body: { taskId: globexRecording, length: 0, style: 0, includedFrames: 0 },
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/not been transcribed/);
  });

  it('refuses a bad request body with 400 and keeps the summary there was', async () => {
    const before = (await get('Reviewer', recording)).summary;
    const bad = await request('Reviewer', recording, { length: 7 });
    expect(bad.status).toBe(400);
    expect((await get('Reviewer', recording)).summary.id).toBe(before.id);
  });

  it('refuses without licence volume and charges nothing', async () => {
    await db().updateTable('licences').set({ current_volume: 0 }).where('tenant_id', '=', ACME_ID).execute();
    const refused = await request('Reviewer', recording);
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/credit/);
    await db().updateTable('licences').set({ current_volume: 100_000 }).where('tenant_id', '=', ACME_ID).execute();
  });

  it("never reaches another tenant's task or a workspace the caller is not in (404)", async () => {
    expect((await request('Administrator', globexRecording)).status).toBe(404);
    expect((await get('Administrator', globexRecording)).status).toBe(404);
    const costs = await t.call('GET', `${API}/Index/GetSummaryCostsInfo/${globexRecording}`, {
      token: await token('Administrator'),
    });
    expect(costs.status).toBe(404);
    expect((await get(GLOBEX_ADMIN, recording)).status).toBe(404);
    await withoutMemberships(db());
    for (const role of ['Manager', 'Creator', 'Reviewer']) {
      expect((await get(role, recording)).status, role).toBe(404);
      expect((await request(role, recording)).status, role).toBe(404);
    }
    await addMembers(db(), RECORDINGS_WS, ['Manager', 'Creator', 'Reviewer', 'Viewer']);
    for (const role of ['Manager', 'Creator', 'Reviewer']) expect((await get(role, recording)).status, role).toBe(200);
    expect((await get('Viewer', recording)).status).toBe(403);
  });

  describe('with a language model', () => {
    let peer: Server;
    let url: string;
    const asked: Array<{ messages: Array<{ role: string; content: string }> }> = [];
    let failNext = false;
    beforeAll(async () => {
      peer = createServer((req, res) => {
        let text = '';
        req.on('data', (chunk) => {
          text += chunk;
        });
        req.on('end', () => {
          asked.push(JSON.parse(text));
          if (failNext) {
            res.writeHead(503, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: { message: 'no capacity' } }));
            return;
          }
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              choices: [{ message: { role: 'assistant', content: 'The board approved a larger warehouse budget.' } }],
            }),
          );
        });
      });
      await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/v1`;
    });
    afterAll(async () => {
      await new Promise((resolve) => peer.close(resolve));
    });

    it('writes the summary with the model from the transcript, in the style and language asked for, and says so', async () => {
      const config = { ...t.config, llmUrl: url, llmModel: 'tiny-model' };
      await request('Reviewer', recording, { style: 1, length: 1 });
      await worker(config);
      const { summary } = await get('Reviewer', recording);
      expect(summary).toMatchObject({
        state: 1,
        method: 'language-model',
        summary: 'The board approved a larger warehouse budget.',
      });
      expect(summary.modelName).toBe(`tiny-model at ${url}`);
      expect(summary.disclaimer).toMatch(/language model/);
      const [system, user] = asked.at(-1)?.messages ?? [];
      expect(system?.content).toMatch(/casual/);
      expect(system?.content).toMatch(/English/);
      expect(user?.content).toContain('[0:12] The warehouse budget grows');
    });

    it('makes the extractive summary instead when the model answers an error, and says why', async () => {
      const config = { ...t.config, llmUrl: url, llmModel: 'tiny-model' };
      failNext = true;
      const before = await volume();
      await request('Reviewer', recording);
      await worker(config);
      failNext = false;
      const { summary } = await get('Reviewer', recording);
      expect(summary).toMatchObject({ state: 1, method: 'extractive', creditsSpent: 1 });
      expect(summary.modelName).toMatch(/TextRank/);
      expect(summary.failureMessage).toMatch(/language model could not write the summary.*503: no capacity/);
      expect(summary.disclaimer).toMatch(/language model failed .*503: no capacity.* made instead/);
      expect(summary.summary).toMatch(/warehouse budget/);
      expect(await volume()).toBe(before - 1);
    });
  });
});
