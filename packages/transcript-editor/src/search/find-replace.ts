/**
 * Search and replace on the transcript's data, never on the page: the list is virtualised, so
 * most words are not in the DOM (and the browser's find cannot see them). A match is a run of
 * words of one paragraph, matched as whole words, case-insensitive and ignoring the punctuation
 * around them: "contry" finds "Contry," (and replacing it keeps the comma), "can" never finds
 * "americans".
 * Replacing keeps every untouched word's timing; replaced words take the time of what they
 * replace (transcript-edits.ts). Replace-all copies each touched paragraph once, so ~2,000 hits
 * in 40,000 words is one pass and one undo step.
 */
import { retimeParagraph } from '../session/transcript-edits.js';
import type { Transcript, TranscriptItem, TranscriptWord } from '../session/types.js';

export interface TextMatch {
  paragraph: number;
  /** First word of the match. */
  word: number;
  /** How many words it spans. */
  words: number;
}

const fold = (text: string) => text.toLocaleLowerCase();
/** A word without the punctuation around it, for matching several words in a row. */
const bare = (text: string) => fold(text).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** The query's words (what the editor searches for); empty when there is nothing to find. */
export function queryWords(query: string): string[] {
  return query.trim().split(/\s+/).filter(Boolean).map(fold);
}

/** The words a paragraph's words are compared with: the query's, without their punctuation. */
export function wantedWords(query: string): string[] {
  return queryWords(query).map(bare);
}

/** Where the matches of `wanted` (from {@link wantedWords}) start in one paragraph, in order. */
export function findInParagraph(item: TranscriptItem, wanted: readonly string[]): number[] {
  const starts: number[] = [];
  const children = item.children;
  if (wanted.length === 0) return starts;
  for (let w = 0; w + wanted.length <= children.length; w++) {
    let all = true;
    for (let k = 0; k < wanted.length && all; k++) all = bare((children[w + k] as TranscriptWord).text) === wanted[k];
    if (all) {
      starts.push(w);
      w += wanted.length - 1;
    }
  }
  return starts;
}

/** Every match of `query` in time order. */
export function findText(transcript: Transcript, query: string): TextMatch[] {
  const wanted = wantedWords(query);
  const matches: TextMatch[] = [];
  if (wanted.length === 0) return matches;
  transcript.transcripts.forEach((item, paragraph) => {
    for (const word of findInParagraph(item, wanted)) matches.push({ paragraph, word, words: wanted.length });
  });
  return matches;
}

/** Replaces `needle` (a word as {@link wantedWords} gives it) inside `text`, keeping the punctuation around it. */
function replaceInside(text: string, needle: string, replacement: string): string {
  const at = fold(text).indexOf(needle);
  return at < 0 ? text : text.slice(0, at) + replacement + text.slice(at + needle.length);
}

/** Whether a word's text is still one word: an empty one, or one with spaces, is not. */
const isOneWord = (text: string) => text !== '' && !/\s/.test(text);

/**
 * A paragraph with its matches (all in this paragraph, in order) replaced. `wanted` is the
 * query's words (from {@link wantedWords}), worked out once for all the paragraphs.
 */
function replaceInParagraph(
  item: TranscriptItem,
  matches: readonly TextMatch[],
  wanted: readonly string[],
  replacement: string,
): TranscriptItem {
  if (wanted.length === 1) {
    // Inside one word: the word keeps its time, confidence and formatting; only its text changes.
    // Only the replaced words are read: the others stay as they are, so 2,000 hits read 2,000
    // words, not the 40,000 of their paragraphs (and a word of the data that holds a space is
    // not split because another word of its paragraph was replaced).
    const needle = wanted[0] as string;
    const children = item.children.slice();
    let sameWords = true;
    for (const match of matches) {
      const word = children[match.word] as TranscriptWord;
      const text = replaceInside(word.text, needle, replacement);
      children[match.word] = { ...word, text };
      sameWords &&= isOneWord(text);
    }
    if (sameWords) return { ...item, children };
    // An empty replacement, or one with spaces, changes how many words there are: align again.
    return retimeParagraph(item, children.map((w) => w.text).join(' '));
  }
  // Several words: the paragraph's text with the runs replaced, aligned back onto its words.
  const texts = item.children.map((w) => w.text);
  for (const match of [...matches].reverse()) texts.splice(match.word, match.words, replacement);
  return retimeParagraph(item, texts.join(' '));
}

/** The transcript with the given matches (from {@link findText} with the same query) replaced. */
export function replaceMatches(
  transcript: Transcript,
  matches: readonly TextMatch[],
  query: string,
  replacement: string,
): Transcript {
  if (matches.length === 0) return transcript;
  const wanted = wantedWords(query);
  const transcripts = transcript.transcripts.slice();
  let from = 0;
  while (from < matches.length) {
    const paragraph = (matches[from] as TextMatch).paragraph;
    let to = from;
    while (to < matches.length && (matches[to] as TextMatch).paragraph === paragraph) to++;
    const item = transcripts[paragraph];
    if (item) transcripts[paragraph] = replaceInParagraph(item, matches.slice(from, to), wanted, replacement);
    from = to;
  }
  return { ...transcript, transcripts };
}

/** Paragraphs whose speaker is `speakerId` (null: paragraphs without a speaker), in time order. */
export function findSpeaker(transcript: Transcript, speakerId: string | null): TextMatch[] {
  const matches: TextMatch[] = [];
  transcript.transcripts.forEach((item, paragraph) => {
    if ((item.speakerId ?? null) === speakerId) matches.push({ paragraph, word: 0, words: item.children.length });
  });
  return matches;
}

/** The matched paragraphs given to another speaker. */
export function replaceSpeaker(
  transcript: Transcript,
  matches: readonly TextMatch[],
  speakerId: string | null,
): Transcript {
  if (matches.length === 0) return transcript;
  const transcripts = transcript.transcripts.slice();
  for (const { paragraph } of matches) {
    const item = transcripts[paragraph];
    if (item && (item.speakerId ?? null) !== speakerId) transcripts[paragraph] = { ...item, speakerId };
  }
  return { ...transcript, transcripts };
}
