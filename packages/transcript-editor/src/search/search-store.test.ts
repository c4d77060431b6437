import 'fake-indexeddb/auto';
import { createApiClient } from '@reviewdesk/api-client';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTranscriptSession } from '../session/session.js';
import { editParagraphText } from '../session/transcript-edits.js';
import { longTranscript } from '../test/fixtures.js';
import { createMockTranscriptApi } from '../test/mock-api.js';
import { replaceMatches } from './find-replace.js';
import { createSearch } from './search-store.js';

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
/** A session in review on a 200-word transcript ("moon" 13 times, "things" 13 times), and its search. */
async function searching() {
  const api = createMockTranscriptApi({ data: { transcriptFullResult: longTranscript(200) } });
  server.use(...api.handlers);
  const session = createTranscriptSession({
    client,
    userId: 'reviewer',
    taskId: api.init.taskId,
    journalName: `search-journal-${journals++}`,
    pageLifecycle: null,
    autosave: false,
  });
  await session.getState().start();
  const search = createSearch(session);
  const disconnect = search.connect();
  return {
    session,
    search,
    words: () => session.getState().transcript?.transcripts.flatMap((p) => p.children.map((w) => w.text)) ?? [],
    close: () => {
      disconnect();
      session.getState().dispose();
    },
  };
}

/** Replace-all as the search panel does it. */
const replaceAll = (search: Awaited<ReturnType<typeof searching>>['search'], replacement: string) => {
  const { matches, query } = search.getState();
  search.getState().replaceAll('replace-all', (tr) => replaceMatches(tr, matches, query, replacement), replacement);
};

describe('the editor search', () => {
  it('goes round the results in a circle', async () => {
    const { search, close } = await searching();
    search.getState().setQuery('moon');
    const { matches } = search.getState();
    expect(matches).toHaveLength(13);
    expect(search.getState().current).toBe(0);
    expect(search.getState().step(-1)).toBe(matches[12]);
    expect(search.getState().step(1)).toBe(matches[0]);
    for (let i = 0; i < 13; i++) search.getState().step(1);
    expect(search.getState().current).toBe(0);
    close();
  });

  it('replace all is one edit: every match leaves the results, one undo brings them all back, redo again', async () => {
    const { session, search, words, close } = await searching();
    search.getState().setQuery('moon');
    const found = search.getState().matches;
    const before = session.getState().transcript;
    // "moon" → "full moon" contains the query: the replaced spots still leave the results.
    replaceAll(search, 'full moon');
    expect(session.getState().log.map((l) => l.action)).toEqual(['replace-all']);
    expect(words().filter((w) => w === 'full')).toHaveLength(13);
    expect(search.getState()).toMatchObject({ matches: [], current: -1 });
    expect(search.getState().byParagraph.size).toBe(0);

    // A paragraph typed again is searched again; the replacements elsewhere stay out of the results.
    const last = (session.getState().transcript?.transcripts.length ?? 0) - 1;
    session.getState().edit('edit-words', (tr) => editParagraphText(tr, last, 'to the moon'));
    expect(search.getState().matches).toEqual([{ paragraph: last, word: 2, words: 1 }]);

    session.getState().undo();
    session.getState().undo();
    expect(session.getState().transcript).toBe(before);
    expect(search.getState().matches).toEqual(found);
    expect(search.getState().current).toBe(0);

    session.getState().redo();
    expect(search.getState().matches).toEqual([]);
    close();
  });

  it('a replaced match leaves the results and the next one becomes current', async () => {
    const { session, search, close } = await searching();
    search.getState().setQuery('things');
    search.getState().step(1);
    const match = search.getState().matches[1]!;
    session.getState().edit('replace', (tr) => replaceMatches(tr, [match], 'things', 'things too'));
    search.getState().replaced(match, 'things too');
    const { matches, current } = search.getState();
    expect(matches).toHaveLength(12);
    expect(matches.some((m) => m.paragraph === match.paragraph && m.word === match.word)).toBe(false);
    expect(matches[current]!.paragraph).toBeGreaterThan(match.paragraph);
    // Undo puts the match back.
    session.getState().undo();
    expect(search.getState().matches).toHaveLength(13);
    close();
  });

  it('a match deleted (replaced by nothing) leaves the results; the words after it are found as they are', async () => {
    const { session, search, words, close } = await searching();
    search.getState().setQuery('moon');
    const match = search.getState().matches[0]!;
    session.getState().edit('replace', (tr) => replaceMatches(tr, [match], 'moon', ''));
    search.getState().replaced(match, '');
    expect(words().filter((w) => w === 'moon')).toHaveLength(12);
    expect(search.getState().matches).toHaveLength(12);
    expect(search.getState().current).toBe(0);
    // A later edit searches its paragraph again: still 12, none of them where the deleted one was.
    session.getState().edit('edit-words', (tr) => editParagraphText(tr, 0, 'a new start'));
    expect(search.getState().matches).toHaveLength(12);
    close();
  });

  it('keeps the results while the query has none to replace, and read-only replaces nothing', async () => {
    const { session, search, close } = await searching();
    search.getState().setQuery('moon');
    session.setState({ mode: 'read-only' });
    replaceAll(search, 'sun');
    expect(session.getState().log).toHaveLength(0);
    expect(search.getState().matches).toHaveLength(13);
    close();
  });
});
