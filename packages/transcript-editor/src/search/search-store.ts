/**
 * The search of one mounted editor: what is searched (words, or a speaker's paragraphs), the
 * matches in time order and which one is current — results in a circle. The matches follow the
 * transcript: every edit (a replacement, an undo) finds them again from the data. A replaced match
 * leaves the results even when the replacement contains the query ("cat" → "cat food").
 *
 * Edits keep the paragraphs they did not touch (same objects), so the matches of each paragraph
 * are remembered by its object and only the paragraphs an edit made are searched again; an undo
 * brings back paragraphs already searched. Replace-all does not search at all: every match it
 * replaced leaves the results, which is all of them.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TranscriptSession } from '../session/session.js';
import { wordsOfText } from '../session/transcript-edits.js';
import type { Transcript, TranscriptItem } from '../session/types.js';
import { findInParagraph, findSpeaker, type TextMatch, wantedWords } from './find-replace.js';

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
  /**
   * After replacing `match` (words mode: with the text `replacement`): it leaves the results and
   * the next one is current.
   */
  replaced(match: TextMatch, replacement?: string): void;
  /**
   * Replaces every match in one edit (one undo step) by `change` (words mode: each with the text
   * `replacement`): they all leave the results, which are not searched again.
   */
  replaceAll(action: string, change: (transcript: Transcript) => Transcript, replacement?: string): void;
  /** Finds the matches again (after an edit), keeping the current one where it was. */
  refresh(): void;
  clear(): void;
}

export type EditorSearch = StoreApi<SearchState & SearchActions> & {
  /** Follows the session's edits until the returned function is called (mount/unmount). */
  connect(): () => void;
};

/** Words mode: where the query's matches start in each paragraph searched so far, by paragraph object. */
type FoundWords = WeakMap<TranscriptItem, readonly number[]>;
/**
 * Spots a replacement wrote (its words), by the paragraph object it made: they do not match again
 * while that paragraph stands (an undo brings back the paragraph before, matches and all; typing
 * in it again makes a new paragraph, searched afresh).
 */
type ReplacedSpots = WeakMap<TranscriptItem, number[]>;

const NO_MATCHES: readonly TextMatch[] = [];

/**
 * Whether the words a replacement wrote could start a match of the query again ("cat" → "cat
 * food"): only then are the spots it wrote kept out of the results. A match starting inside the
 * replacement starts at one of its words, so that word must be the query's first.
 */
function couldMatchAgain(query: string, replacement: string): boolean {
  const first = wantedWords(query)[0];
  return first !== undefined && wantedWords(replacement).includes(first);
}

export function createSearch(session: TranscriptSession): EditorSearch {
  let found: FoundWords = new WeakMap();
  let done: ReplacedSpots = new WeakMap();
  /** The search's own replace-all is being applied: its results are set from the edit. */
  let applying = false;
  const forget = () => {
    found = new WeakMap();
    done = new WeakMap();
  };
  const markReplaced = (item: TranscriptItem | undefined, from: number, words: number) => {
    if (!item) return;
    // A list, not a set: a paragraph holds a few replacements, and replace-all marks ~2,000 of them.
    const spots = done.get(item) ?? [];
    done.set(item, spots);
    for (let k = 0; k < Math.max(1, words); k++) spots.push(from + k);
  };

  const store = createStore<SearchState & SearchActions>()((set, get) => {
    const wordMatches = (transcript: Transcript, query: string): TextMatch[] => {
      const wanted = wantedWords(query);
      const matches: TextMatch[] = [];
      if (wanted.length === 0) return matches;
      transcript.transcripts.forEach((item, paragraph) => {
        let starts = found.get(item);
        if (!starts) {
          starts = findInParagraph(item, wanted);
          found.set(item, starts);
        }
        if (starts.length === 0) return;
        const replaced = done.get(item);
        for (const word of starts)
          if (!replaced?.includes(word)) matches.push({ paragraph, word, words: wanted.length });
      });
      return matches;
    };

    const show = (matches: readonly TextMatch[], anchor: { paragraph: number; word: number } | undefined) => {
      const byParagraph = new Map<number, Set<number>>();
      for (const m of matches) {
        const words = byParagraph.get(m.paragraph) ?? new Set<number>();
        for (let k = 0; k < m.words; k++) words.add(m.word + k);
        byParagraph.set(m.paragraph, words);
      }
      // The current match stays where the reviewer was: the first one at or after that spot.
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

    const recompute = (keepFrom?: { paragraph: number; word: number }) => {
      const transcript = session.getState().transcript;
      const { mode, query, speaker, current, matches: before } = get();
      let matches: TextMatch[] = [];
      if (transcript) {
        if (mode === 'speakers') matches = findSpeaker(transcript, speaker || null);
        else if (query.trim()) matches = wordMatches(transcript, query);
      }
      show(matches, keepFrom ?? before[current]);
    };

    return {
      mode: 'words',
      query: '',
      speaker: '',
      matches: NO_MATCHES,
      current: -1,
      byParagraph: new Map(),
      setMode(mode) {
        forget();
        set({ mode });
        recompute({ paragraph: 0, word: 0 });
      },
      setQuery(query) {
        forget();
        set({ query });
        recompute({ paragraph: 0, word: 0 });
      },
      setSpeaker(speaker) {
        forget();
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
      replaced(match, replacement = '') {
        const { mode, query } = get();
        const words = mode === 'words' ? wordsOfText(replacement).length : 1;
        if (mode === 'words' && couldMatchAgain(query, replacement))
          markReplaced(session.getState().transcript?.transcripts[match.paragraph], match.word, words);
        // The current one: the first match after what the replacement wrote (an empty one wrote none).
        recompute({ paragraph: match.paragraph, word: match.word + words });
      },
      replaceAll(action, change, replacement = '') {
        const { mode, matches, query } = get();
        const before = session.getState().transcript;
        applying = true;
        try {
          session.getState().edit(action, change);
        } finally {
          applying = false;
        }
        const after = session.getState().transcript;
        if (!after || after === before) return;
        if (mode === 'words' && couldMatchAgain(query, replacement)) {
          const words = wordsOfText(replacement).length;
          // Each replacement's words never match again; later matches of a paragraph moved by the
          // difference in length of the ones before them.
          let shift = 0;
          matches.forEach((m, i) => {
            if (i > 0 && (matches[i - 1] as TextMatch).paragraph !== m.paragraph) shift = 0;
            markReplaced(after.transcripts[m.paragraph], m.word + shift, words);
            shift += words - m.words;
          });
        }
        show(NO_MATCHES, undefined);
      },
      refresh() {
        const { mode, query } = get();
        if (mode === 'speakers' || query.trim()) recompute();
      },
      clear() {
        forget();
        set({ query: '', matches: NO_MATCHES, current: -1, byParagraph: new Map() });
      },
    };
  });
  // Edits, undo and redo change the words: find the matches again from the data.
  const connect = () =>
    session.subscribe((now, before) => {
      if (now.transcript !== before.transcript && !applying) store.getState().refresh();
    });
  return Object.assign(store, { connect });
}
