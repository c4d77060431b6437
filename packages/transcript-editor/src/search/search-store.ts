/**
 * The search of one mounted editor: what is searched (words, or a speaker's paragraphs), the
 * matches in time order and which one is current — results in a circle. The matches follow the
 * transcript: every edit (a replacement, an undo) finds them again from the data. A replaced match
 * leaves the results even when the replacement contains the query ("cat" → "cats").
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TranscriptSession } from '../session/session.js';
import type { Transcript } from '../session/types.js';
import { findSpeaker, findText, type TextMatch } from './find-replace.js';

export type SearchMode = 'words' | 'speakers';

export interface SearchState {
  mode: SearchMode;
  query: string;
  /** Speakers mode: whose paragraphs are found ('' for paragraphs without a speaker). */
  speaker: string;
  matches: readonly TextMatch[];
  /** Index in `matches` of the current one, -1 when there is none. */
  current: number;
  /** Words matched in each paragraph (speakers mode: all of them), for the rows to mark. */
  byParagraph: ReadonlyMap<number, ReadonlySet<number>>;
}

export interface SearchActions {
  setMode(mode: SearchMode): void;
  setQuery(query: string): void;
  setSpeaker(speakerId: string): void;
  /** The next (1) or previous (-1) match, around the circle. */
  step(direction: 1 | -1): TextMatch | null;
  /** After replacing `match` with `words` words: it leaves the results and the next one is current. */
  replaced(match: TextMatch, words: number): void;
  /** Finds the matches again (after an edit), keeping the current one where it was. */
  refresh(): void;
  clear(): void;
}

export type EditorSearch = StoreApi<SearchState & SearchActions> & {
  /** Follows the session's edits until the returned function is called (mount/unmount). */
  connect(): () => void;
};

const keyOf = (paragraph: number, word: number) => `${paragraph}:${word}`;

export function createSearch(session: TranscriptSession): EditorSearch {
  /** Spots already replaced, left out of the results until the query changes. */
  let done = new Set<string>();
  const store = createStore<SearchState & SearchActions>()((set, get) => {
    const compute = (transcript: Transcript | null, keepFrom?: { paragraph: number; word: number }) => {
      const { mode, query, speaker, current, matches: before } = get();
      let matches: TextMatch[] = [];
      if (transcript) {
        if (mode === 'speakers') matches = findSpeaker(transcript, speaker || null);
        else if (query.trim())
          matches = findText(transcript, query).filter((m) => !done.has(keyOf(m.paragraph, m.word)));
      }
      const byParagraph = new Map<number, Set<number>>();
      for (const m of matches) {
        const words = byParagraph.get(m.paragraph) ?? new Set<number>();
        for (let k = 0; k < m.words; k++) words.add(m.word + k);
        byParagraph.set(m.paragraph, words);
      }
      // The current match stays where the reviewer was: the first one at or after that spot.
      const anchor = keepFrom ?? before[current];
      let next = -1;
      if (matches.length) {
        next = anchor
          ? matches.findIndex(
              (m) => m.paragraph > anchor.paragraph || (m.paragraph === anchor.paragraph && m.word >= anchor.word),
            )
          : 0;
        if (next < 0) next = 0;
      }
      set({ matches, byParagraph, current: next });
    };
    const recompute = (keepFrom?: { paragraph: number; word: number }) =>
      compute(session.getState().transcript, keepFrom);
    return {
      mode: 'words',
      query: '',
      speaker: '',
      matches: [],
      current: -1,
      byParagraph: new Map(),
      setMode(mode) {
        done = new Set();
        set({ mode });
        recompute({ paragraph: 0, word: 0 });
      },
      setQuery(query) {
        done = new Set();
        set({ query });
        recompute({ paragraph: 0, word: 0 });
      },
      setSpeaker(speaker) {
        done = new Set();
        set({ speaker });
        recompute({ paragraph: 0, word: 0 });
      },
      step(direction) {
        const { matches, current } = get();
        if (!matches.length) return null;
        const next = (current + direction + matches.length) % matches.length;
        set({ current: next });
        return matches[next] ?? null;
      },
      replaced(match, words) {
        if (get().mode === 'words') done.add(keyOf(match.paragraph, match.word));
        recompute({ paragraph: match.paragraph, word: match.word + Math.max(1, words) });
      },
      refresh() {
        const { mode, query } = get();
        if (mode === 'speakers' || query.trim()) recompute();
      },
      clear() {
        done = new Set();
        set({ query: '', matches: [], current: -1, byParagraph: new Map() });
      },
    };
  });
  // Edits, undo and redo change the words: find the matches again from the data.
  const connect = () =>
    session.subscribe((now, before) => {
      if (now.transcript !== before.transcript) store.getState().refresh();
    });
  return Object.assign(store, { connect });
}
