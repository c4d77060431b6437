/**
 * Where a time falls in a transcript: the paragraph and word spoken at a media time, found by
 * binary search (paragraphs are in time order, and so are the words of a paragraph), so following
 * playback in a 40,000-word transcript costs a few comparisons per frame.
 */
import type { Transcript, TranscriptWord } from './types.js';

export interface WordPosition {
  paragraph: number;
  word: number;
}

/** Index of the last element whose start is ≤ time, or -1. */
function lastStartingBefore<T>(items: readonly T[], time: number, startOf: (item: T) => number): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (startOf(items[mid] as T) <= time) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** The word being spoken at `time` (seconds), or null between paragraphs and outside the words. */
export function wordAt(transcript: Transcript, time: number): WordPosition | null {
  const paragraph = lastStartingBefore(transcript.transcripts, time, (item) => item.start);
  const item = transcript.transcripts[paragraph];
  if (!item || time > item.end) return null;
  const word = lastStartingBefore(item.children, time, (w: TranscriptWord) => w.offsetInSeconds);
  const found = item.children[word];
  if (!found) return null;
  return { paragraph, word };
}

/** The paragraph that holds `time`, or the last one that starts before it (-1 before the first). */
export function paragraphAt(transcript: Transcript, time: number): number {
  return lastStartingBefore(transcript.transcripts, time, (item) => item.start);
}

/** Whether a word's confidence is under the threshold (words without confidence never are). */
export function isLowConfidence(word: TranscriptWord, threshold: number | null | undefined): boolean {
  return (
    threshold !== null && threshold !== undefined && typeof word.confidence === 'number' && word.confidence < threshold
  );
}

/** The next low-confidence word after a position (wrapping around), or null when there is none. */
export function nextLowConfidence(
  transcript: Transcript,
  threshold: number | null | undefined,
  after: WordPosition | null,
): WordPosition | null {
  const items = transcript.transcripts;
  if (threshold === null || threshold === undefined || items.length === 0) return null;
  const startP = after?.paragraph ?? 0;
  const startW = after ? after.word + 1 : 0;
  for (let step = 0; step <= items.length; step++) {
    const p = (startP + step) % items.length;
    const words = (items[p] as (typeof items)[number]).children;
    const from = step === 0 ? startW : 0;
    const to = step === items.length ? startW - 1 : words.length;
    for (let w = from; w < Math.min(to, words.length); w++) {
      if (isLowConfidence(words[w] as TranscriptWord, threshold)) return { paragraph: p, word: w };
    }
  }
  return null;
}
