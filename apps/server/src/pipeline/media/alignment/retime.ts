// Word timings after a reviewer's edits. A paragraph whose words or times differ from every stored
// paragraph is "changed"; only those are touched, so a save that fixes one word costs one
// paragraph of work whatever the length of the recording.
//
// A changed paragraph's words are aligned against its stretch of audio when the language has an
// acoustic model (forced alignment, ./forced-aligner.ts). Where it has none — or the aligner could
// not place a word (not in its dictionary, a number, a name) — words keep the times of the stored
// words they match (a longest common subsequence of the texts) and the others are interpolated
// between their timed neighbours by length. Either way every word ends inside its paragraph and
// in order, so click-to-seek and subtitle times follow the edit.
import type { Transcript, TranscriptItem, TranscriptWord } from '../../../formats/transcript.js';
import { dictionaryForm, type WordTime } from './forced-aligner.js';

export interface Aligner {
  model: string;
  align(model: string, pcm: Float32Array, words: string[]): Promise<Array<WordTime | null>>;
}

export interface RetimeSources {
  /** 16 kHz mono audio of a range, in seconds on the transcript's own clock. */
  audio(range: { start: number; end: number }): Promise<Float32Array>;
  /** The aligner for the transcript's language, or null: interpolation only. */
  aligner: Aligner | null;
  /** Alignment stops starting new paragraphs after this long; the rest are interpolated. @default 3000 */
  budgetMs?: number;
}

export interface RetimeReport {
  /** Paragraphs whose words changed. */
  changed: number;
  /** Of those, re-timed by forced alignment. */
  aligned: number;
  /** Of those, re-timed by interpolation only (no model, over budget, or the aligner failed). */
  interpolated: number;
  /** Why alignment was not used, when it was not. */
  notes: string[];
}

/** Audio around a paragraph taken with it, so a word at its very edge is not cut. */
const PAD_SECONDS = 0.3;
/** Shortest time a word is given when squeezed in between two others. */
const MIN_WORD_SECONDS = 0.05;
/** Notes kept in a report (a replace-all over hundreds of paragraphs would otherwise fill the event). */
const MAX_NOTES = 20;
/** An alignment that placed fewer of the dictionary's words than this is not trusted. */
const MIN_ALIGNED_SHARE = 0.5;

const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;
const keyOf = (p: TranscriptItem) =>
  JSON.stringify([p.start, p.end, p.children.map((w) => [w.text, w.offsetInSeconds, w.durationInSeconds])]);

/** The stored paragraph that shares most time with `p` (the one the edit started from). */
function counterpartOf(p: TranscriptItem, stored: TranscriptItem[]): TranscriptItem | undefined {
  let best: TranscriptItem | undefined;
  let bestOverlap = -Infinity;
  for (const candidate of stored) {
    const overlap = Math.min(p.end, candidate.end) - Math.max(p.start, candidate.start);
    if (overlap > bestOverlap) {
      best = candidate;
      bestOverlap = overlap;
    }
  }
  return best;
}

/** For each word of `edited`, the stored word it is the same as (LCS on the texts), or undefined. */
export function matchWords(stored: TranscriptWord[], edited: TranscriptWord[]): Array<TranscriptWord | undefined> {
  const n = stored.length;
  const m = edited.length;
  const matched: Array<TranscriptWord | undefined> = new Array(m).fill(undefined);
  if (n === 0 || m === 0 || n * m > 1_000_000) return matched;
  // Compared as the dictionary says them: `Country,` is still `country`.
  const form = (w: TranscriptWord | undefined) => (w ? dictionaryForm(w.text) || w.text.trim().toLowerCase() : '');
  const storedForms = stored.map(form);
  const editedForms = edited.map(form);
  const same = (i: number, j: number) => storedForms[i] === editedForms[j];
  const table = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    const row = table[i] as Uint32Array;
    const below = table[i + 1] as Uint32Array;
    for (let j = m - 1; j >= 0; j -= 1) {
      row[j] = same(i, j) ? (below[j + 1] as number) + 1 : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (same(i, j)) {
      matched[j] = stored[i];
      i += 1;
      j += 1;
    } else if ((table[i + 1]?.[j] as number) >= (table[i]?.[j + 1] as number)) i += 1;
    else j += 1;
  }
  return matched;
}

const weightOf = (w: TranscriptWord) => Math.max(1, w.text.trim().length);

/**
 * Times for every word of a paragraph from the known ones (`anchors`, in order or not): unknown
 * runs share the gap between their neighbours by length; a gap too small for them is widened over
 * the neighbours. Anchors out of order or outside [start, end] are dropped first.
 */
export function fillTimes(
  words: TranscriptWord[],
  anchors: Array<WordTime | null | undefined>,
  start: number,
  end: number,
): WordTime[] {
  const span = Math.max(end, start);
  const known: Array<WordTime | null> = words.map(() => null);
  let floor = start;
  for (const [index, anchor] of anchors.entries()) {
    if (!anchor || index >= words.length) continue;
    if (anchor.start < floor - 1e-6 || anchor.end > span + 1e-6 || anchor.end < anchor.start) continue;
    known[index] = { start: anchor.start, end: anchor.end };
    floor = anchor.end;
  }
  const out = known.slice();
  let index = 0;
  while (index < words.length) {
    if (out[index]) {
      index += 1;
      continue;
    }
    let last = index;
    while (last + 1 < words.length && !out[last + 1]) last += 1;
    // The run [index, last] lies between the previous and next timed words (or the paragraph's edges).
    let from = index > 0 ? (out[index - 1] as WordTime).end : start;
    let to = last + 1 < words.length ? (out[last + 1] as WordTime).start : span;
    let first = index;
    let final = last;
    const need = (last - index + 1) * MIN_WORD_SECONDS;
    if (to - from < need) {
      // Squeeze: share the neighbours' time with the run.
      if (first > 0) {
        first -= 1;
        from = (out[first] as WordTime).start;
      }
      if (final + 1 < words.length) {
        final += 1;
        to = (out[final] as WordTime).end;
      }
    }
    const run = words.slice(first, final + 1);
    const total = run.reduce((sum, w) => sum + weightOf(w), 0);
    let at = from;
    const length = Math.max(0, to - from);
    for (const [k, word] of run.entries()) {
      const share = (length * weightOf(word)) / total;
      out[first + k] = { start: at, end: at + share };
      at += share;
    }
    index = final + 1;
  }
  return out as WordTime[];
}

function withTimes(p: TranscriptItem, times: WordTime[]): TranscriptItem {
  const children = p.children.map((w, i) => {
    const t = times[i] as WordTime;
    return { ...w, offsetInSeconds: ms(t.start), durationInSeconds: ms(Math.max(0, t.end - t.start)) };
  });
  const first = children[0];
  const last = children[children.length - 1];
  const start = first ? Math.min(p.start, first.offsetInSeconds) : p.start;
  const end = last ? Math.max(p.end, last.offsetInSeconds + last.durationInSeconds) : p.end;
  return { ...p, children, start: ms(start), end: ms(end), duration: ms(end - start) };
}

async function alignedTimes(
  p: TranscriptItem,
  sources: RetimeSources,
  aligner: Aligner,
): Promise<Array<WordTime | null> | null> {
  const forms = p.children.map((w) => dictionaryForm(w.text));
  const sayable = forms.filter(Boolean).length;
  if (sayable === 0) return null;
  const from = Math.max(0, p.start - PAD_SECONDS);
  const pcm = await sources.audio({ start: from, end: p.end + PAD_SECONDS });
  if (pcm.length === 0) return null;
  const times = await aligner.align(aligner.model, pcm, forms);
  const placed = times.filter(Boolean).length;
  if (placed < sayable * MIN_ALIGNED_SHARE) return null;
  return times.map((t) => (t ? { start: from + t.start, end: from + t.end } : null));
}

/** The edited transcript with the words of its changed paragraphs re-timed. */
export async function retimeEditedParagraphs(
  stored: Transcript | null,
  edited: Transcript,
  sources: RetimeSources,
): Promise<{ transcript: Transcript; report: RetimeReport }> {
  const before = stored?.transcripts ?? [];
  const unchanged = new Set(before.map(keyOf));
  const report: RetimeReport = { changed: 0, aligned: 0, interpolated: 0, notes: [] };
  const began = performance.now();
  const budget = sources.budgetMs ?? 3000;
  const note = (text: string) => {
    if (report.notes.length < MAX_NOTES) report.notes.push(text);
  };
  const transcripts: TranscriptItem[] = [];
  for (const p of edited.transcripts) {
    if (unchanged.has(keyOf(p)) || p.children.length === 0) {
      transcripts.push(p);
      continue;
    }
    report.changed += 1;
    const counterpart = counterpartOf(p, before);
    const matched = matchWords(counterpart?.children ?? [], p.children);
    let anchors: Array<WordTime | null | undefined> = matched.map((w) =>
      w ? { start: w.offsetInSeconds, end: w.offsetInSeconds + w.durationInSeconds } : null,
    );
    let aligned = false;
    if (sources.aligner && performance.now() - began < budget) {
      try {
        const times = await alignedTimes(p, sources, sources.aligner);
        if (times) {
          anchors = times;
          aligned = true;
        } else note(`paragraph at ${ms(p.start)} s: too few words placed by the aligner`);
      } catch (error) {
        note(`paragraph at ${ms(p.start)} s: ${error instanceof Error ? error.message : String(error)}`);
      }
    } else if (sources.aligner) {
      note(`paragraph at ${ms(p.start)} s: over the alignment budget`);
    }
    if (aligned) report.aligned += 1;
    else report.interpolated += 1;
    const pad = aligned ? PAD_SECONDS : 0;
    transcripts.push(withTimes(p, fillTimes(p.children, anchors, Math.max(0, p.start - pad), p.end + pad)));
  }
  return { transcript: { ...edited, transcripts }, report };
}
