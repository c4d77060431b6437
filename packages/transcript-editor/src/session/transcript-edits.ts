/**
 * Pure edits of a transcript: every function returns a new transcript and leaves the paragraphs it
 * did not touch as they were (same objects), so an edit in a 40,000-word transcript copies one
 * paragraph and an array of references, and undo keeps whole snapshots cheaply.
 *
 * Word timings survive editing: a paragraph's new text is aligned to its old words (longest common
 * subsequence of the words), words kept keep their times and formatting, and the words typed in
 * a gap share the time of the words they replaced (or of the silence between their neighbours).
 */
import type { Transcript, TranscriptItem, TranscriptWord } from './types.js';

/** The words of a text as the editor splits them: runs of non-space characters. */
export function wordsOfText(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** The text of a paragraph as the reviewer edits it. */
export function paragraphText(item: TranscriptItem): string {
  return item.children.map((word) => word.text).join(' ');
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
const endOf = (word: TranscriptWord) => word.offsetInSeconds + word.durationInSeconds;

/** Pairs (old index, new index) of the longest common subsequence of two word lists. */
function commonWords(before: readonly string[], after: readonly string[]): Array<[number, number]> {
  const n = before.length;
  const m = after.length;
  // lengths[i][j]: LCS of before[i..] and after[j..], one flat array.
  const lengths = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * (m + 1) + j] =
        before[i] === after[j]
          ? (lengths[(i + 1) * (m + 1) + j + 1] as number) + 1
          : Math.max(lengths[(i + 1) * (m + 1) + j] as number, lengths[i * (m + 1) + j + 1] as number);
    }
  }
  const pairs: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if ((lengths[(i + 1) * (m + 1) + j] as number) >= (lengths[i * (m + 1) + j + 1] as number)) i++;
    else j++;
  }
  return pairs;
}

/** Start, end and duration of a paragraph from its words (kept as they were when it has none). */
export function withBounds(item: TranscriptItem): TranscriptItem {
  const first = item.children[0];
  const last = item.children.at(-1);
  if (!first || !last) return item;
  const start = round(first.offsetInSeconds);
  const end = round(Math.max(start, endOf(last)));
  return { ...item, start, end, duration: round(end - start) };
}

/**
 * The paragraph with its words replaced by `text`. Words kept keep their times, formatting and
 * confidence; new words are spread over the time of the words they replace and carry no
 * confidence (a person wrote them). Returns the same paragraph when the words did not change.
 */
export function retimeParagraph(item: TranscriptItem, text: string): TranscriptItem {
  const old = item.children;
  const typed = wordsOfText(text);
  if (typed.length === old.length && typed.every((word, i) => word === old[i]?.text)) return item;
  const anchors = commonWords(
    old.map((w) => w.text),
    typed,
  );
  const children: TranscriptWord[] = [];
  let oldAt = 0;
  let newAt = 0;
  const fillGap = (oldEnd: number, newEnd: number) => {
    const count = newEnd - newAt;
    if (count <= 0) return;
    const replaced = old.slice(oldAt, oldEnd);
    const previous = children.at(-1);
    const next = old[oldEnd];
    const from = replaced[0]?.offsetInSeconds ?? (previous ? endOf(previous) : item.start);
    const to = replaced.length ? endOf(replaced.at(-1) as TranscriptWord) : (next?.offsetInSeconds ?? item.end);
    const span = Math.max(0, to - from) / count;
    for (let k = 0; k < count; k++) {
      const like = replaced[Math.min(k, replaced.length - 1)];
      // Each word ends where the next begins, so the gap is covered exactly despite rounding.
      const offset = round(from + span * k);
      children.push({
        text: typed[newAt + k] as string,
        offsetInSeconds: offset,
        durationInSeconds: round(round(from + span * (k + 1)) - offset),
        confidence: null,
        ...(like?.bold ? { bold: true } : {}),
        ...(like?.italic ? { italic: true } : {}),
        ...(like?.underline ? { underline: true } : {}),
      });
    }
  };
  for (const [oi, ni] of anchors) {
    fillGap(oi, ni);
    children.push(old[oi] as TranscriptWord);
    oldAt = oi + 1;
    newAt = ni + 1;
  }
  fillGap(old.length, typed.length);
  return withBounds({ ...item, children });
}

const replaceAt = (transcript: Transcript, index: number, items: TranscriptItem[], removed = 1): Transcript => {
  const transcripts = transcript.transcripts.slice();
  transcripts.splice(index, removed, ...items);
  return { ...transcript, transcripts };
};

/** Replaces the words of paragraph `index` with `text` (see {@link retimeParagraph}). */
export function editParagraphText(transcript: Transcript, index: number, text: string): Transcript {
  const item = transcript.transcripts[index];
  if (!item) return transcript;
  const next = retimeParagraph(item, text);
  return next === item ? transcript : replaceAt(transcript, index, [next]);
}

/** Splits paragraph `index` before its word `wordIndex`; both halves keep the speaker. */
export function splitParagraph(transcript: Transcript, index: number, wordIndex: number): Transcript {
  const item = transcript.transcripts[index];
  if (!item || wordIndex <= 0 || wordIndex >= item.children.length) return transcript;
  const head = withBounds({ ...item, children: item.children.slice(0, wordIndex) });
  const tail = withBounds({ ...item, children: item.children.slice(wordIndex) });
  return replaceAt(transcript, index, [head, tail]);
}

/** Joins paragraph `index` and the next one; the merged paragraph keeps the first one's speaker. */
export function mergeWithNext(transcript: Transcript, index: number): Transcript {
  const item = transcript.transcripts[index];
  const next = transcript.transcripts[index + 1];
  if (!item || !next) return transcript;
  const merged = withBounds({ ...item, children: [...item.children, ...next.children] });
  return replaceAt(transcript, index, [merged], 2);
}

/** Gives paragraph `index` to another speaker (null: nobody). */
export function setParagraphSpeaker(transcript: Transcript, index: number, speakerId: string | null): Transcript {
  const item = transcript.transcripts[index];
  if (!item || (item.speakerId ?? null) === speakerId) return transcript;
  return replaceAt(transcript, index, [{ ...item, speakerId }]);
}

/** Toggles a formatting flag of one word. */
export function toggleWordStyle(
  transcript: Transcript,
  index: number,
  wordIndex: number,
  style: 'bold' | 'italic' | 'underline',
): Transcript {
  const item = transcript.transcripts[index];
  const word = item?.children[wordIndex];
  if (!item || !word) return transcript;
  const children = item.children.slice();
  children[wordIndex] = { ...word, [style]: !word[style] };
  return replaceAt(transcript, index, [{ ...item, children }]);
}

/**
 * Inserts the words of `text` into paragraph `index` after its word `afterWord` (at its start
 * when -1), as a person's words: no confidence, the formatting of none. The words around keep
 * their times; the inserted ones share the silence between their neighbours (none when they touch).
 */
export function insertWords(transcript: Transcript, index: number, afterWord: number, text: string): Transcript {
  const item = transcript.transcripts[index];
  const typed = wordsOfText(text);
  if (!item || typed.length === 0) return transcript;
  const at = Math.min(Math.max(afterWord + 1, 0), item.children.length);
  const previous = item.children[at - 1];
  const next = item.children[at];
  const from = previous ? endOf(previous) : item.start;
  const to = Math.max(from, next ? next.offsetInSeconds : item.end);
  const span = (to - from) / typed.length;
  const inserted = typed.map((word, k): TranscriptWord => {
    const offset = round(from + span * k);
    return {
      text: word,
      offsetInSeconds: offset,
      durationInSeconds: round(round(from + span * (k + 1)) - offset),
      confidence: null,
    };
  });
  const children = [...item.children.slice(0, at), ...inserted, ...item.children.slice(at)];
  return replaceAt(transcript, index, [withBounds({ ...item, children })]);
}
