import 'fake-indexeddb/auto';
import { createApiClient } from '@reviewdesk/api-client';
import { openJournal } from '@reviewdesk/ui/review-session';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addAnnotation, removeAnnotation, updateAnnotation } from '../annotations/annotation-edits.js';
import { findText, replaceMatches } from '../search/find-replace.js';
import { longTranscript } from '../test/fixtures.js';
import { createMockTranscriptApi, heldByAnother } from '../test/mock-api.js';
import { applyChanges, changesFrom, isTranscriptChanges, type JournaledTranscript } from './journal-changes.js';
import { createTranscriptSession, type TranscriptSessionOptions } from './session.js';
import { editParagraphText } from './transcript-edits.js';
import type { Transcript } from './types.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createApiClient({
  baseUrl: 'https://api.reviewdesk.test',
  getAccessToken: () => 't',
  fetch: (r) => globalThis.fetch(r),
});

let journals = 0;
function open(extra: Partial<TranscriptSessionOptions> = {}) {
  const session = createTranscriptSession({
    client,
    userId: 'reviewer',
    journalName: `journal-${journals}`,
    pageLifecycle: null,
    ...extra,
  });
  return session;
}
const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};
const correct = (text: string) => (t: Parameters<typeof editParagraphText>[0]) => editParagraphText(t, 1, text);
const CORRECTED = 'ask not what your country can do for you ask what you can do for your country';

describe('transcript session', () => {
  afterEach(() => {
    journals += 1;
  });

  it('loads, checks out, autosaves an edit with the version it started from, and the server version moves on', async () => {
    const api = createMockTranscriptApi();
    server.use(...api.handlers);
    const states: string[] = [];
    const session = open({ taskId: api.init.taskId, getEvents: () => ({ onSaveStateChange: (s) => states.push(s) }) });
    await session.getState().start();
    expect(session.getState()).toMatchObject({ phase: 'ready', mode: 'review', version: 1 });
    expect(api.state.calls.slice(0, 3)).toEqual(['ViewerInit', 'MediaUrlAndTranscript', 'Checkout']);

    session.getState().edit('edit-words', correct(CORRECTED));
    expect(session.getState().saveState).toBe('unsaved');
    await until(() => session.getState().saveState === 'saved');
    expect(api.state.saves).toHaveLength(1);
    expect(api.state.saves[0]!.version).toBe(1);
    expect(api.state.transcript.transcripts[1]!.children.at(-1)!.text).toBe('country');
    expect(session.getState().version).toBe(2);
    expect(states).toEqual(['unsaved', 'saving', 'saved']);

    session.getState().edit('edit-words', correct(`${CORRECTED}.`));
    await session.getState().flush();
    expect(api.state.saves[1]!.version).toBe(2);
    session.getState().dispose();
  });

  it('takes the stored transcript back after a save: re-timed words, the untouched paragraphs as they were', async () => {
    // As the real server does: the edited paragraph's last word re-timed against the audio.
    const api = createMockTranscriptApi({
      store: (sent) => ({
        ...sent,
        transcripts: sent.transcripts.map((p, i) =>
          i === 1
            ? {
                ...p,
                children: p.children.map((w, j) =>
                  j === p.children.length - 1 ? { ...w, offsetInSeconds: 9.9, durationInSeconds: 0.6 } : w,
                ),
              }
            : structuredClone(p),
        ),
      }),
    });
    server.use(...api.handlers);
    const session = open({ taskId: api.init.taskId, autosave: false });
    await session.getState().start();
    const untouched = session.getState().transcript?.transcripts[0];
    session.getState().edit('edit-words', correct(CORRECTED));
    const typed = session.getState().transcript?.transcripts[1]?.children.at(-1);
    expect(typed?.offsetInSeconds).not.toBe(9.9);
    await session.getState().flush();
    expect(session.getState().saveState).toBe('saved');
    const now = session.getState().transcript;
    expect(now?.transcripts[1]?.children.at(-1)).toMatchObject({ text: 'country', offsetInSeconds: 9.9 });
    // A copy with the same words is not a change: the row keeps its object and does not render again.
    expect(now?.transcripts[0]).toBe(untouched);
    expect(session.getState().dirty).toBe(0);
    // Undo still goes back to before the edit.
    session.getState().undo();
    expect(session.getState().transcript?.transcripts[1]?.children.at(-1)?.text).toBe('contry');
    session.getState().dispose();
  });

  it('keeps the edits made while a save was out instead of the stored transcript', async () => {
    const api = createMockTranscriptApi({
      delay: 50,
      store: (sent) => ({
        ...sent,
        transcripts: sent.transcripts.map((p) => ({
          ...p,
          children: p.children.map((w) => ({ ...w, offsetInSeconds: w.offsetInSeconds + 0.01 })),
        })),
      }),
    });
    server.use(...api.handlers);
    const session = open({ taskId: api.init.taskId, autosave: false });
    await session.getState().start();
    session.getState().edit('edit-words', correct(CORRECTED));
    const saving = session.getState().flush();
    await until(() => api.state.saves.length === 1);
    session.getState().edit('edit-words', correct(`${CORRECTED}.`));
    const mine = session.getState().transcript;
    await saving;
    expect(session.getState().transcript).toBe(mine);
    expect(session.getState().dirty).toBeGreaterThan(0);
    session.getState().dispose();
  });

  it('undo and redo walk the snapshots and each is saved', async () => {
    const api = createMockTranscriptApi();
    server.use(...api.handlers);
    const session = open({ taskId: api.init.taskId, autosave: false });
    await session.getState().start();
    const original = session.getState().transcript;
    session.getState().edit('edit-words', correct(CORRECTED));
    const edited = session.getState().transcript;
    session.getState().undo();
    expect(session.getState().transcript).toBe(original);
    expect(session.getState().dirty).toBeGreaterThan(0);
    session.getState().redo();
    expect(session.getState().transcript).toBe(edited);
    expect(session.getState().log.map((l) => l.action)).toEqual(['edit-words', 'undo', 'redo']);
    await session.getState().flush();
    expect(api.state.transcript.transcripts[1]!.children.at(-1)!.text).toBe('country');
    session.getState().dispose();
  });

  it('restores unsent edits from the device journal after a reload', async () => {
    const api = createMockTranscriptApi();
    server.use(...api.handlers);
    const first = open({ taskId: api.init.taskId, autosave: false });
    await first.getState().start();
    first.getState().edit('edit-words', correct(CORRECTED));
    // The tab dies: no dispose, no save. A new session on the same device opens the task.
    await until(() => false, 50).catch(() => undefined);
    const second = open({ taskId: api.init.taskId });
    await second.getState().start();
    expect(second.getState().restored).toBe(true);
    expect(second.getState().transcript?.transcripts[1]?.children.at(-1)?.text).toBe('country');
    await until(() => second.getState().saveState === 'saved');
    expect(api.state.saves).toHaveLength(1);
    second.getState().dispose();
  });

  it('restores an unsent annotation from the device journal, and undo takes it back as one edit', async () => {
    const api = createMockTranscriptApi();
    server.use(...api.handlers);
    const first = open({ taskId: api.init.taskId, autosave: false });
    await first.getState().start();
    const note = { uniqueId: 'note', content: 'Applause', start: 2.4, end: 3.2 };
    first.getState().edit('annotation:add', (t) => addAnnotation(t, note, new Date()));
    first
      .getState()
      .edit('annotation:edit', (t) => updateAnnotation(t, 'note', { content: 'Long applause' }, new Date()));
    // The tab dies before any save.
    await until(() => false, 50).catch(() => undefined);
    const second = open({ taskId: api.init.taskId });
    await second.getState().start();
    expect(second.getState().restored).toBe(true);
    expect(second.getState().transcript?.annotations).toEqual([expect.objectContaining({ content: 'Long applause' })]);
    await until(() => second.getState().saveState === 'saved');
    expect(api.state.saves.at(-1)?.transcript.annotations).toEqual([
      expect.objectContaining({ uniqueId: 'note', content: 'Long applause', start: 2.4, end: 3.2 }),
    ]);
    second.getState().dispose();

    // In one session, each change is one step of undo.
    const third = open({ taskId: api.init.taskId, autosave: false });
    await third.getState().start();
    third.getState().edit('annotation:remove', (t) => removeAnnotation(t, 'note'));
    expect(third.getState().transcript?.annotations).toEqual([]);
    third.getState().undo();
    expect(third.getState().transcript?.annotations).toEqual([expect.objectContaining({ content: 'Long applause' })]);
    third.getState().dispose();
  });

  describe('the device journal of a long transcript', () => {
    /** Animation frames that come only when the test paints one. */
    let frames: FrameRequestCallback[] = [];
    const paint = async () => {
      const due = frames;
      frames = [];
      for (const callback of due) callback(performance.now());
      await new Promise((r) => setTimeout(r, 0));
    };
    beforeEach(() => {
      frames = [];
      vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
      vi.stubGlobal('cancelAnimationFrame', () => undefined);
    });
    afterEach(() => vi.unstubAllGlobals());

    const replaceAll = (query: string, replacement: string) => (tr: Transcript) =>
      replaceMatches(tr, findText(tr, query), query, replacement);
    /** What the journal holds, as stored: the changes from the base version. */
    const journalUnit = async (taskId: string) => {
      const journal = openJournal<JournaledTranscript>(taskId, 'reviewer', `journal-${journals}`);
      const entry = await journal.read();
      journal.close();
      return entry?.pages.transcript;
    };
    /** The transcript the journal holds, its changes put on the base they were made against. */
    const journaled = async (taskId: string, base: Transcript) => {
      const unit = (await journalUnit(taskId))?.result;
      if (!unit) return undefined;
      if (!isTranscriptChanges(unit)) throw new Error('the journal holds a whole transcript');
      return applyChanges(base, unit);
    };
    const moons = (t: Transcript | null | undefined) =>
      t?.transcripts.flatMap((p) => p.children).filter((w) => w.text === 'moon').length;

    it('is written once the frame showing the edits is painted, one write for the edits of that frame', async () => {
      const api = createMockTranscriptApi({ data: { transcriptFullResult: longTranscript(2000) } });
      server.use(...api.handlers);
      const session = open({ taskId: api.init.taskId, autosave: false });
      await session.getState().start();
      const base = session.getState().transcript as Transcript;
      session.getState().edit('replace-all', replaceAll('moon', 'sun'));
      session.getState().edit('edit-words', correct('to the moon'));
      expect(await journaled(api.init.taskId, base)).toBeUndefined();
      await paint();
      const written = await journaled(api.init.taskId, base);
      expect(moons(written)).toBe(1);
      expect(written?.transcripts[1]).toEqual(session.getState().transcript?.transcripts[1]);
      session.getState().dispose();
    });

    it('a reload right after replace-all restores it: the page going away writes the journal at once', async () => {
      const api = createMockTranscriptApi({ data: { transcriptFullResult: longTranscript(2000) } });
      server.use(...api.handlers);
      const page = new EventTarget();
      const first = open({ taskId: api.init.taskId, autosave: false, pageLifecycle: page });
      await first.getState().start();
      expect(moons(first.getState().transcript)).toBe(133);
      first.getState().edit('replace-all', replaceAll('moon', 'sun'));
      // The reload: the page is hidden before any frame, then the tab is gone (no dispose, no save).
      page.dispatchEvent(new Event('pagehide'));
      expect(moons(await journaled(api.init.taskId, api.state.transcript))).toBe(0);
      const second = open({ taskId: api.init.taskId, autosave: false });
      await second.getState().start();
      expect(second.getState().restored).toBe(true);
      expect(moons(second.getState().transcript)).toBe(0);
      expect(api.state.saves).toHaveLength(0);
      second.getState().dispose();
    });

    it('a save does not copy a transcript the journal already holds; a reload while it is out loses nothing', async () => {
      const api = createMockTranscriptApi({ data: { transcriptFullResult: longTranscript(2000) }, delay: 100 });
      server.use(...api.handlers);
      const first = open({ taskId: api.init.taskId, autosave: false });
      await first.getState().start();
      first.getState().edit('replace-all', replaceAll('moon', 'sun'));
      await paint();
      const journal = openJournal<Transcript>(api.init.taskId, 'reviewer', `journal-${journals}`);
      const written = (await journal.read())?.updatedAt;
      expect(written).toBeTruthy();
      void first.getState().flush();
      await until(() => api.state.calls.includes('Save'));
      expect((await journal.read())?.updatedAt).toBe(written);
      journal.close();
      // The tab dies while the save is out; the save lands.
      await until(() => api.state.saves.length === 1);
      await until(() => false, 150).catch(() => undefined);
      const second = open({ taskId: api.init.taskId, autosave: false });
      await second.getState().start();
      expect(second.getState()).toMatchObject({ restored: false, conflict: null, dirty: 0 });
      expect(moons(second.getState().transcript)).toBe(0);
      second.getState().dispose();
    });

    it('an editor closed before the frame writes the journal as it closes', async () => {
      const api = createMockTranscriptApi({ data: { transcriptFullResult: longTranscript(2000) } });
      server.use(...api.handlers);
      const first = open({ taskId: api.init.taskId, autosave: false });
      await first.getState().start();
      first.getState().edit('replace-all', replaceAll('moon', 'sun'));
      first.getState().dispose();
      await until(() => false, 50).catch(() => undefined);
      expect(moons(await journaled(api.init.taskId, api.state.transcript))).toBe(0);
    });

    it('holds the paragraphs an edit wrote, not the whole transcript', async () => {
      const api = createMockTranscriptApi({ data: { transcriptFullResult: longTranscript(40_000) } });
      server.use(...api.handlers);
      const page = new EventTarget();
      const first = open({ taskId: api.init.taskId, autosave: false, pageLifecycle: page });
      await first.getState().start();
      first.getState().edit('edit-words', correct('to the moon'));
      first.getState().edit('edit-words', (t) => editParagraphText(t, 1500, 'and the other things'));
      await paint();
      const unit = (await journalUnit(api.init.taskId))?.result;
      const written = isTranscriptChanges(unit) ? unit.paragraphs.filter((run) => 'written' in run) : [];
      expect(written).toHaveLength(2);
      // Two paragraphs and the runs around them: a few kilobytes of the transcript's megabytes.
      expect(JSON.stringify(unit).length).toBeLessThan(JSON.stringify(api.state.transcript).length / 100);
      page.dispatchEvent(new Event('pagehide'));
      const mine = first.getState().transcript;
      const second = open({ taskId: api.init.taskId, autosave: false });
      await second.getState().start();
      expect(second.getState().restored).toBe(true);
      expect(second.getState().transcript).toEqual(mine);
      second.getState().dispose();
    });

    it('edits made while a save is out are restored on top of it, whether it landed or failed', async () => {
      for (const landed of [true, false]) {
        const api = createMockTranscriptApi({ data: { transcriptFullResult: longTranscript(2000) }, delay: 100 });
        server.use(...api.handlers);
        if (!landed) api.state.failSaves = 1;
        const first = open({ taskId: api.init.taskId, autosave: false });
        await first.getState().start();
        first.getState().edit('replace-all', replaceAll('moon', 'sun'));
        await paint();
        const saving = first.getState().flush();
        await until(() => api.state.calls.includes('Save'));
        // Typed while the save is out: journaled against what the save carries, and that against the base.
        first.getState().edit('edit-words', correct('to the sun'));
        await paint();
        const unit = await journalUnit(api.init.taskId);
        expect(unit?.sent).toBeTruthy();
        expect(isTranscriptChanges(unit?.result) && unit.result.onSent).toBe(true);
        const mine = first.getState().transcript;
        await saving;
        expect(api.state.saves).toHaveLength(landed ? 1 : 0);
        // The tab dies now: the session never hears of it again.
        const second = open({ taskId: api.init.taskId, autosave: false });
        await second.getState().start();
        expect(second.getState()).toMatchObject({ restored: true, conflict: null });
        expect(second.getState().transcript?.transcripts).toEqual(mine?.transcripts);
        second.getState().dispose();
        first.getState().dispose();
        journals += 1;
      }
    });
  });

  it('a save that landed after the tab died: the edits journaled on top of it are restored on top of it', async () => {
    const api = createMockTranscriptApi();
    server.use(...api.handlers);
    const base = api.state.transcript;
    const sent = editParagraphText(base, 1, CORRECTED);
    const mine = editParagraphText(sent, 0, 'and so my fellow Americans');
    const journal = openJournal<JournaledTranscript>(api.init.taskId, 'reviewer', `journal-${journals}`);
    await journal.write({
      transcript: {
        baseVersion: api.state.version,
        sent: changesFrom(base, sent),
        result: changesFrom(sent, mine, { onSent: true }),
      },
    });
    journal.close();
    // The save reached the server; its answer never reached the tab.
    api.state.transcript = sent;
    api.state.version += 1;
    const session = open({ taskId: api.init.taskId, autosave: false });
    await session.getState().start();
    expect(session.getState()).toMatchObject({ restored: true, conflict: null });
    expect(session.getState().transcript).toEqual(mine);
    session.getState().dispose();
  });

  describe('a journal written before the changes format', () => {
    it('holds the whole transcript and is still restored', async () => {
      const api = createMockTranscriptApi();
      server.use(...api.handlers);
      const mine = editParagraphText(api.state.transcript, 1, CORRECTED);
      const journal = openJournal<Transcript>(api.init.taskId, 'reviewer', `journal-${journals}`);
      await journal.write({ transcript: { baseVersion: api.state.version, result: mine } });
      journal.close();
      const session = open({ taskId: api.init.taskId, autosave: false });
      await session.getState().start();
      expect(session.getState()).toMatchObject({ restored: true, conflict: null });
      expect(session.getState().transcript).toEqual(mine);
      session.getState().dispose();
    });

    it('changes that fit no transcript on the server are dropped and reported', async () => {
      const api = createMockTranscriptApi();
      server.use(...api.handlers);
      const onError = vi.fn();
      const journal = openJournal<JournaledTranscript>(api.init.taskId, 'reviewer', `journal-${journals}`);
      const mine = editParagraphText(longTranscript(200), 1, CORRECTED);
      await journal.write({
        transcript: { baseVersion: api.state.version, result: changesFrom(longTranscript(200), mine) },
      });
      const session = open({ taskId: api.init.taskId, autosave: false, getEvents: () => ({ onError }) });
      await session.getState().start();
      expect(session.getState()).toMatchObject({ restored: false, conflict: null, dirty: 0 });
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ operation: 'load' }));
      await until(() => false, 50).catch(() => undefined);
      expect(await journal.read()).toBeUndefined();
      journal.close();
      session.getState().dispose();
    });
  });

  it('a stale version becomes a conflict: nothing is overwritten until the reviewer chooses', async () => {
    const api = createMockTranscriptApi();
    server.use(...api.handlers);
    const errors: Array<number | undefined> = [];
    const session = open({
      taskId: api.init.taskId,
      autosave: false,
      getEvents: () => ({ onError: (e) => errors.push(e.code) }),
    });
    await session.getState().start();
    api.state.bumpVersion();
    session.getState().edit('edit-words', correct(CORRECTED));
    await session.getState().flush();
    expect(session.getState().saveState).toBe('conflict');
    expect(errors).toEqual([8]);
    expect(api.state.transcript.transcripts[1]!.children.at(-1)!.text).toBe('contry');
    await session.getState().resolveConflict('mine');
    await session.getState().flush();
    expect(session.getState().saveState).toBe('saved');
    expect(api.state.saves.at(-1)!.version).toBe(2);
    expect(api.state.transcript.transcripts[1]!.children.at(-1)!.text).toBe('country');
    session.getState().dispose();
  });

  it('read-only while someone else holds the task: edits are ignored', async () => {
    const api = createMockTranscriptApi(heldByAnother());
    server.use(...api.handlers);
    const session = open({ taskId: api.init.taskId });
    await session.getState().start();
    expect(session.getState()).toMatchObject({
      mode: 'read-only',
      readOnlyReason: 'checked-out-by-other',
      holder: 'Maria Silva',
    });
    session.getState().edit('edit-words', correct(CORRECTED));
    expect(session.getState().dirty).toBe(0);
    expect(api.state.calls).not.toContain('Checkout');
    session.getState().dispose();
  });

  it('finishing saves first, then finishes; a failed load is reported', async () => {
    const api = createMockTranscriptApi();
    server.use(...api.handlers);
    const finished: unknown[] = [];
    const session = open({
      taskId: api.init.taskId,
      autosave: false,
      getEvents: () => ({ onFinishReview: (r) => finished.push(r) }),
    });
    await session.getState().start();
    session.getState().edit('edit-words', correct(CORRECTED));
    expect(await session.getState().finish()).toBe(true);
    expect(api.state.calls.slice(-2)).toEqual(['Save', 'Finish']);
    expect(session.getState().phase).toBe('finished');
    expect(finished).toHaveLength(1);
    session.getState().dispose();

    const failing = createMockTranscriptApi({ failLoad: true });
    server.use(...failing.handlers);
    const broken = open({ taskId: failing.init.taskId });
    await broken.getState().start();
    expect(broken.getState().phase).toBe('error');
    expect(broken.getState().loadError?.status).toBe(500);
    broken.getState().dispose();
  });
});
