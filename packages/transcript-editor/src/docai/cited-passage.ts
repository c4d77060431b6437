/**
 * Where a passage DocAI cited is in the transcript. The server cites a sentence with the start of
 * its paragraph (the index holds paragraphs); the editor has every word's time, so it finds the
 * word the sentence begins with and plays from there — a sentence late in a long paragraph is
 * heard at once. A passage no longer in the paragraph (edited since it was indexed) lands on the
 * paragraph's start.
 */
import { paragraphAt } from '../session/timeline.js';
import type { Transcript } from '../session/types.js';

export interface CitedPosition {
  paragraph: number;
  /** The word the passage starts with, or null when it was not found in the paragraph. */
  word: number | null;
  seconds: number;
}

/** A word as compared: lower case, letters and digits only ("Country," is "country"). */
const plain = (word: string) => word.toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

const wordsOf = (text: string) => text.split(/\s+/).map(plain).filter(Boolean);

/** How many of the passage's first words must follow each other in the paragraph to find it. */
const WORDS_TO_MATCH = 4;

export function citedPosition(transcript: Transcript, startTimeSeconds: number, text: string): CitedPosition | null {
  // Indexed times are the paragraph's start; a hair later still finds it if the float drifted.
  const paragraph = paragraphAt(transcript, startTimeSeconds + 0.001);
  const item = transcript.transcripts[paragraph];
  if (!item) return null;
  const wanted = wordsOf(text).slice(0, WORDS_TO_MATCH);
  const words = item.children.map((word) => plain(word.text));
  if (wanted.length > 0) {
    for (let at = 0; at + wanted.length <= words.length; at++) {
      if (wanted.every((word, k) => words[at + k] === word)) {
        return { paragraph, word: at, seconds: item.children[at]?.offsetInSeconds ?? item.start };
      }
    }
  }
  return { paragraph, word: null, seconds: item.start };
}
