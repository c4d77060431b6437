// DocAI (Chatbot/IsConfigured, Chatbot/GetMessage): answers from the task's own indexed text and
// cites the passages — a page line with its box, a transcript sentence with its time; without a
// language model the answer is the passages quoted (method extractive), with one the model writes
// it from them; nothing matching means no answer, never an invented one. One thread per person and
// task; nobody reaches another person's thread, a workspace they are not in, or another tenant.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PASSAGE_ANSWER } from '../src/domain/docai/docai.js';
import { databaseKinds, demoEmail, GLOBEX_ADMIN, GLOBEX_ID, useTestServer } from './support/harness.js';
import { indexedDocument, indexedRecording } from './support/indexed-text.js';
import { addMembers, GLOBEX_WS, INVOICES, withoutMemberships } from './support/list-fixtures.js';
import { API, RECORDINGS_WS } from './support/review-tasks.js';

interface Reference {
  taskId: string;
  displayName: string | null;
  text: string;
  pageNumber: number | null;
  startTimeSeconds: number | null;
  boundingBox: { left: number; top: number; right: number; bottom: number } | null;
}
interface Answer {
  thread_id: string;
  message: { role: number; content: string };
  references: Reference[];
  method: string;
}

describe.each(databaseKinds())('DocAI on %s', (kind) => {
  const t = useTestServer(kind);
  const db = () => t.server.database.db;
  const token = (who: string) => t.tokenFor(who.includes('@') ? who : demoEmail(who));
  const ask = async (who: string, body: Record<string, unknown>) => {
    const answer = await t.call('POST', `${API}/Chatbot/GetMessage`, { token: await token(who), body });
    return { status: answer.status, answer: answer.body as Answer, text: answer.text };
  };

  let invoice: string;
  let recording: string;
  let globexTask: string;
  beforeAll(async () => {
    invoice = await indexedDocument(db(), { workspaceId: INVOICES, displayName: 'INV-2026-0042' }, [
      ['ACME Supplies Ltd', 'Invoice number INV-2026-0042', 'Date 12 March 2026'],
      ['Widgets 10 x 12.00 120.00', 'Invoice total 1,234.56 EUR', 'Payment due in 30 days'],
    ]);
    recording = await indexedRecording(db(), { workspaceId: RECORDINGS_WS, displayName: 'Board meeting' }, [
      { start: 0, speaker: 'Chair', text: 'Welcome to the quarterly board meeting.' },
      { start: 12.5, speaker: 'Treasurer', text: 'The roof of the warehouse leaks. It will be repaired in spring.' },
    ]);
    globexTask = await indexedDocument(db(), { workspaceId: GLOBEX_WS, tenantId: GLOBEX_ID, displayName: 'Globex' }, [
      ['Globex secret invoice total 9,999.00 USD'],
    ]);
  }, 120_000);

  it('is configured for every role that may use it (the offline method needs nothing)', async () => {
    for (const role of ['Developer', 'Administrator', 'Manager', 'Creator', 'Reviewer']) {
      const answer = await t.call('GET', `${API}/Chatbot/IsConfigured`, { token: await token(role) });
      expect(answer.status, role).toBe(200);
      expect(answer.body, role).toBe(true);
    }
    expect((await t.call('GET', `${API}/Chatbot/IsConfigured`, { token: await token('Viewer') })).status).toBe(403);
    expect((await ask('Viewer', { query: 'total', workspace_id: INVOICES, task_id: invoice })).status).toBe(403);
  });

  it("answers the invoice's total by quoting its line, with the page and the box of the line", async () => {
    const { status, answer, text } = await ask('Reviewer', {
      query: 'What is the invoice total?',
      workspace_id: INVOICES,
      task_id: invoice,
      thread_id: null,
    });
    expect(status, text).toBe(200);
    expect(answer.method).toBe('extractive');
    expect(answer.message).toMatchObject({ role: 20 });
    expect(answer.message.content.split('\n')[0]).toBe('Invoice total 1,234.56 EUR');
    expect(answer.references[0]).toMatchObject({
      taskId: invoice,
      displayName: 'INV-2026-0042',
      text: 'Invoice total 1,234.56 EUR',
      pageNumber: 2,
      startTimeSeconds: null,
    });
    // ocrOf puts line 2 of a page at top 30 … bottom 45, its first word at left 10.
    expect(answer.references[0]?.boundingBox).toMatchObject({ left: 10, top: 30, bottom: 45 });
    expect(answer.thread_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('cites a transcript sentence with its time and keeps the thread of the task', async () => {
    const first = await ask('Reviewer', {
      query: 'When is the roof repaired?',
      workspace_id: RECORDINGS_WS,
      task_id: recording,
    });
    expect(first.status, first.text).toBe(200);
    expect(first.answer.references[0]).toMatchObject({ taskId: recording, startTimeSeconds: 12.5, pageNumber: null });
    expect(first.answer.references[0]?.text).toMatch(/roof|repaired/);
    const second = await ask('Reviewer', {
      query: 'Which warehouse?',
      workspace_id: RECORDINGS_WS,
      task_id: recording,
      thread_id: first.answer.thread_id,
    });
    expect(second.status).toBe(200);
    expect(second.answer.thread_id).toBe(first.answer.thread_id);
    const stored = await db()
      .selectFrom('chat_messages')
      .select(['role', 'content'])
      .where('thread_id', '=', first.answer.thread_id)
      .orderBy('id')
      .execute();
    expect(stored.map((m) => m.role)).toEqual([10, 20, 10, 20]);
    expect(stored[2]?.content).toBe('Which warehouse?');
  });

  it('says it cannot answer when nothing in the text matches, and invents nothing', async () => {
    const { answer } = await ask('Reviewer', {
      query: 'What colour is the sky?',
      workspace_id: INVOICES,
      task_id: invoice,
    });
    expect(answer.message.content).toBe(NO_PASSAGE_ANSWER);
    expect(answer.references).toEqual([]);
  });

  it('refuses an empty question (400) and keeps no message of it', async () => {
    const before = await db()
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const { status } = await ask('Reviewer', { query: '', workspace_id: INVOICES, task_id: invoice });
    expect(status).toBe(400);
    const after = await db()
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("never reaches another person's thread, another task's thread, a workspace the caller is not in, or another tenant", async () => {
    const mine = await ask('Reviewer', { query: 'invoice total', workspace_id: INVOICES, task_id: invoice });
    const theirs = await ask('Manager', {
      query: 'invoice total',
      workspace_id: INVOICES,
      task_id: invoice,
      thread_id: mine.answer.thread_id,
    });
    expect(theirs.status).toBe(404);
    const otherTask = await ask('Reviewer', {
      query: 'roof',
      workspace_id: RECORDINGS_WS,
      task_id: recording,
      thread_id: mine.answer.thread_id,
    });
    expect(otherTask.status).toBe(404);
    // A task named with a workspace it is not in.
    expect((await ask('Reviewer', { query: 'total', workspace_id: RECORDINGS_WS, task_id: invoice })).status).toBe(404);
    // Another tenant: neither its workspace nor its task, and its text is never cited.
    expect((await ask('Administrator', { query: 'secret total', workspace_id: GLOBEX_WS })).status).toBe(404);
    expect(
      (await ask('Administrator', { query: 'secret total', workspace_id: INVOICES, task_id: globexTask })).status,
    ).toBe(404);
    const globex = await ask(GLOBEX_ADMIN, { query: 'invoice total', workspace_id: INVOICES, task_id: invoice });
    expect(globex.status).toBe(404);
    const wide = await ask('Administrator', { query: 'secret invoice total', workspace_id: INVOICES });
    expect(wide.status).toBe(200);
    expect(wide.answer.references.every((r) => r.taskId !== globexTask)).toBe(true);
    expect(wide.answer.references[0]?.taskId).toBe(invoice);

    await withoutMemberships(db());
    for (const role of ['Manager', 'Creator', 'Reviewer']) {
      expect((await ask(role, { query: 'total', workspace_id: INVOICES, task_id: invoice })).status, role).toBe(404);
    }
    await addMembers(db(), INVOICES, ['Manager', 'Creator', 'Reviewer', 'Viewer']);
    expect((await ask('Creator', { query: 'invoice total', workspace_id: INVOICES, task_id: invoice })).status).toBe(
      200,
    );
  });

  describe('with a language model', () => {
    let peer: Server;
    let url: string;
    const asked: Array<{ messages: Array<{ role: string; content: string }> }> = [];
    beforeAll(async () => {
      peer = createServer((req, res) => {
        let text = '';
        req.on('data', (chunk) => {
          text += chunk;
        });
        req.on('end', () => {
          asked.push(JSON.parse(text));
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              choices: [{ message: { role: 'assistant', content: 'The total is 1,234.56 EUR [1].' } }],
            }),
          );
        });
      });
      await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/v1`;
    });
    afterAll(async () => {
      t.config.llmUrl = undefined;
      t.config.llmModel = undefined;
      await new Promise((resolve) => peer.close(resolve));
    });

    it('writes the answer from the cited passages only and still cites them', async () => {
      t.config.llmUrl = url;
      t.config.llmModel = 'tiny-model';
      const { answer } = await ask('Reviewer', {
        query: 'What is the invoice total?',
        workspace_id: INVOICES,
        task_id: invoice,
      });
      t.config.llmUrl = undefined;
      expect(answer.method).toBe('language-model');
      expect(answer.message.content).toBe('The total is 1,234.56 EUR [1].');
      expect(answer.references[0]?.text).toBe('Invoice total 1,234.56 EUR');
      const last = asked.at(-1)?.messages ?? [];
      expect(last[0]?.content).toMatch(/Answer only from the numbered passages/);
      expect(last.at(-1)?.content).toContain('[1] (page 2) Invoice total 1,234.56 EUR');
    });
  });
});
