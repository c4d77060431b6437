// Extractive summarising with TextRank (Mihalcea & Tarau, 2004): sentences are the nodes of a graph
// whose edges weigh the content words two sentences share, normalised by their lengths; PageRank
// over that graph scores how central each sentence is. The summary is the best sentences, quoted
// word for word and kept in the order they were said, so it can never state anything the text
// does not. Pure; the caller says how many sentences it wants.
import { contentWords, splitSentences } from './sentences.js';

export interface Passage {
  text: string;
  /** Where the passage starts in a recording (seconds), when it comes from one. */
  startTimeSeconds?: number | null;
  /** The page it is on, when it comes from a document. */
  pageNumber?: number | null;
}

export interface RankedSentence {
  text: string;
  /** Order in the text. */
  index: number;
  score: number;
  startTimeSeconds: number | null;
  pageNumber: number | null;
}

const DAMPING = 0.85;
const MAX_ITERATIONS = 100;
const TOLERANCE = 1e-6;

/** The sentences of the passages, each carrying where its passage is. */
export function sentencesOf(passages: readonly Passage[], language: string): Omit<RankedSentence, 'score'>[] {
  const sentences: Omit<RankedSentence, 'score'>[] = [];
  for (const passage of passages) {
    for (const text of splitSentences(passage.text, language)) {
      sentences.push({
        text,
        index: sentences.length,
        startTimeSeconds: passage.startTimeSeconds ?? null,
        pageNumber: passage.pageNumber ?? null,
      });
    }
  }
  return sentences;
}

function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>, lengthA: number, lengthB: number): number {
  if (lengthA < 2 || lengthB < 2) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared === 0 ? 0 : shared / (Math.log(lengthA) + Math.log(lengthB));
}

/** Every sentence of the passages with its TextRank score, in text order. */
export function rankSentences(passages: readonly Passage[], language: string): RankedSentence[] {
  const sentences = sentencesOf(passages, language);
  const words = sentences.map((sentence) => contentWords(sentence.text, language));
  const sets = words.map((list) => new Set(list));
  const n = sentences.length;
  const weights: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const outSum = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const w = similarity(
        sets[i] as Set<string>,
        sets[j] as Set<string>,
        words[i]?.length ?? 0,
        words[j]?.length ?? 0,
      );
      if (w === 0) continue;
      (weights[i] as number[])[j] = w;
      (weights[j] as number[])[i] = w;
      outSum[i] = (outSum[i] ?? 0) + w;
      outSum[j] = (outSum[j] ?? 0) + w;
    }
  }
  let scores = new Array<number>(n).fill(1);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const next = new Array<number>(n).fill(1 - DAMPING);
    for (let i = 0; i < n; i++) {
      let sum = 0;
      const row = weights[i] as number[];
      for (let j = 0; j < n; j++) {
        const w = row[j] ?? 0;
        if (w > 0) sum += (w / (outSum[j] as number)) * (scores[j] as number);
      }
      next[i] = (next[i] as number) + DAMPING * sum;
    }
    const change = next.reduce((total, value, i) => total + Math.abs(value - (scores[i] as number)), 0);
    scores = next;
    if (change < TOLERANCE) break;
  }
  return sentences.map((sentence, i) => ({ ...sentence, score: scores[i] as number }));
}

/**
 * The `count` most central sentences, in text order. A sentence that repeats one already taken
 * (most of its content words) is passed over, so a repeated phrase is quoted once.
 */
export function summarise(passages: readonly Passage[], language: string, count: number): RankedSentence[] {
  const ranked = rankSentences(passages, language);
  const taken: RankedSentence[] = [];
  const takenWords: Set<string>[] = [];
  const order = [...ranked].sort((a, b) => b.score - a.score || a.index - b.index);
  for (const sentence of order) {
    if (taken.length >= count) break;
    const words = new Set(contentWords(sentence.text, language));
    const repeats = takenWords.some((other) => {
      if (words.size === 0) return true;
      let shared = 0;
      for (const word of words) if (other.has(word)) shared++;
      return shared / words.size > 0.8;
    });
    if (repeats) continue;
    taken.push(sentence);
    takenWords.push(words);
  }
  return taken.sort((a, b) => a.index - b.index);
}
