// What DocAI cites: the lines of the best-matching index entries that share the most words with
// the question — a line of a page (with the box of its words on the page), a line of a page's field
// values, or a sentence of a transcript paragraph (with the paragraph's start time). Pure.

import type { PassageRow } from '../../db/repositories/chat.js';
import { contentWords, splitSentences, questionWords as wordsOfQuestion } from '../../language/index.js';
import { storedWordEdges } from '../results/stored-ocr.js';

export interface Citation {
  taskId: string;
  source: string;
  text: string;
  pageNumber: number | null;
  startTimeSeconds: number | null;
  /** Which line of the page's text (pages only), to find its box. */
  lineIndex: number | null;
  score: number;
}

const LANGUAGE_OF_CONFIG: Record<string, string> = {
  english: 'en',
  portuguese: 'pt',
  german: 'de',
  french: 'fr',
  spanish: 'es',
};

export const languageOfConfig = (config: string | null | undefined) => LANGUAGE_OF_CONFIG[config ?? ''] ?? 'en';

/**
 * A word's leading part, so "invoices" meets "invoice" and "InvoiceTotal" meets "total"; words
 * shorter than four letters only meet themselves (a short stem is inside too many words).
 */
const stemOf = (word: string) => (word.length < 4 ? null : word.slice(0, Math.max(4, word.length - 2)));

/**
 * How well a line holds the question's words: each word counts once, 2 when the line has it as a
 * word, 1 when only a longer word holds its stem ("Total" over "Subtotal" for "total").
 */
export function overlap(line: string, questionWords: readonly string[], language: string): number {
  const words = contentWords(line, language);
  let score = 0;
  for (const word of new Set(questionWords)) {
    const stem = stemOf(word);
    if (words.includes(word)) score += 2;
    else if (stem !== null && words.some((w) => w.includes(stem))) score += 1;
  }
  return score;
}

/** The best lines of the passages for the question, at most `limit`, best first. */
export function citationsOf(
  passages: readonly PassageRow[],
  question: string,
  language: string,
  limit: number,
): Citation[] {
  const questionWords = wordsOfQuestion(question, language);
  if (questionWords.length === 0) return [];
  const found: Citation[] = [];
  passages.forEach((passage, order) => {
    const pieces =
      passage.source === 'transcript'
        ? splitSentences(passage.body, language).map((text) => ({ text, lineIndex: null }))
        : passage.body.split('\n').map((text, lineIndex) => ({ text: text.trim(), lineIndex }));
    for (const piece of pieces) {
      if (!piece.text) continue;
      const score = overlap(piece.text, questionWords, language);
      if (score === 0) continue;
      found.push({
        taskId: passage.task_id,
        source: passage.source,
        text: piece.text,
        pageNumber: passage.page_number,
        startTimeSeconds: passage.start_time_seconds,
        lineIndex: passage.source === 'page' ? piece.lineIndex : null,
        // Words of the question first; among equals, the entry the index ranked higher.
        score: score * 100 - order,
      });
    }
  });
  const seen = new Set<string>();
  return found
    .sort((a, b) => b.score - a.score)
    .filter((citation) => {
      const key = `${citation.taskId}|${citation.text.toLowerCase()}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit);
}

interface OcrWord {
  lineIndex?: unknown;
  text?: unknown;
  boundingBox?: {
    left?: number;
    top?: number;
    right?: number;
    bottom?: number;
    x?: number;
    y?: number;
    width?: number;
    height?: number;
  } | null;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The box around the words of the `lineIndex`-th line of a page, counted as the page's indexed text
 * counts them (its OCR lines in order, empty lines left out); null when the page has no such line.
 */
export function lineBox(ocr: unknown, lineIndex: number): Box | null {
  const entities = ((ocr as { entities?: unknown } | null)?.entities ?? []) as OcrWord[];
  if (!Array.isArray(entities)) return null;
  const lines = new Map<number, OcrWord[]>();
  for (const word of entities) {
    if (typeof word?.text !== 'string' || word.text.trim() === '') continue;
    const line = typeof word.lineIndex === 'number' ? word.lineIndex : 0;
    lines.set(line, [...(lines.get(line) ?? []), word]);
  }
  const ordered = [...lines.entries()].sort(([a], [b]) => a - b);
  const words = ordered[lineIndex]?.[1];
  if (!words) return null;
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const word of words) {
    // A word keeps its box as the contract's boundingBox or as its edges (stored-ocr.ts).
    const b: NonNullable<OcrWord['boundingBox']> | null = word.boundingBox ?? storedWordEdges(word);
    if (!b) continue;
    const l = b.left ?? b.x;
    const t = b.top ?? b.y;
    const r = b.right ?? (l != null && b.width != null ? l + b.width : undefined);
    const bo = b.bottom ?? (t != null && b.height != null ? t + b.height : undefined);
    if (l == null || t == null || r == null || bo == null) continue;
    left = Math.min(left, l);
    top = Math.min(top, t);
    right = Math.max(right, r);
    bottom = Math.max(bottom, bo);
  }
  if (!Number.isFinite(left)) return null;
  return { x: left, y: top, width: right - left, height: bottom - top, left, top, right, bottom };
}
