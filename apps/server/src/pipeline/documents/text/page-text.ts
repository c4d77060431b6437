// The engines' common in-memory page: words with boxes, grouped into lines in reading order, and
// the page text those words are spans of. Both the PDF text layer and tesseract produce it; field,
// table, PII detection read it; `toOcrPageResult` turns it into the contract's OcrPageResult.

import { withoutUnstorableText } from '../../../formats/storable-text.js';
import { centerY, type Edges, heightOf, overlap, unionEdges } from '../geometry.js';
import type { OcrEngineName, PageSize, Span } from '../types.js';

export interface PositionedChar {
  char: string;
  edges: Edges;
}

export interface PositionedWord {
  text: string;
  edges: Edges;
  /** 0..1; 1 for a real text layer. */
  confidence: number;
  lineIndex: number;
  /** Where the word is in `PageText.text`. */
  span: Span;
  chars: PositionedChar[];
}

export interface TextLine {
  index: number;
  words: PositionedWord[];
  edges: Edges;
  span: Span;
}

export interface PageText {
  pageNumber: number;
  pageSize: PageSize;
  /** Clockwise rotation that was applied to the content to read it upright. */
  orientation: 0 | 90 | 180 | 270;
  engine: OcrEngineName;
  /** Lines joined by "\n", words by " ". */
  text: string;
  words: PositionedWord[];
  lines: TextLine[];
  elapsedMs: number;
  /**
   * OCR: the languages (tesseract codes) the words were read in, the page's own first when it was
   * read again in it; the later pages of the document start from them (stages/recognition.ts).
   */
  languages?: string[];
}

/** A word as an engine reports it, before lines and spans are known. */
export interface RawWord {
  text: string;
  edges: Edges;
  confidence: number;
  chars?: PositionedChar[];
  /** The engine's own line id (tesseract block.par.line); without it lines are found geometrically. */
  lineKey?: string;
  /** Part of the same word as the previous raw word when nothing separates them (pdf.js splits runs). */
  mayJoinPrevious?: boolean;
}

/** Two words share a line when their vertical extents overlap by at least this share of the smaller. */
const SAME_LINE_OVERLAP = 0.5;
/** Fragments closer than this share of the line height are glued into one word. */
const GLUE_GAP = 0.12;

/**
 * A word's text as it can be stored and read: without NUL and unpaired surrogates (PostgreSQL
 * refuses the one and cannot encode the other) and without the other control characters.
 * Copy-protected PDFs map their glyphs to such codes; a page of them must still be recognised.
 */
export function cleanWordText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return withoutUnstorableText(text).replace(/[\u0001-\u001f\u007f]/g, '');
}

/** The engine's words cleaned (cleanWordText), before any span is measured; words left empty are dropped. */
function cleanWords(raw: readonly RawWord[]): RawWord[] {
  const out: RawWord[] = [];
  for (const word of raw) {
    const text = cleanWordText(word.text);
    if (text.trim() === '') continue;
    if (text === word.text && !word.chars) {
      out.push(word);
      continue;
    }
    const chars = word.chars?.map((c) => ({ ...c, char: cleanWordText(c.char) })).filter((c) => c.char !== '');
    out.push({ ...word, text, ...(chars ? { chars } : {}) });
  }
  return out;
}

export function buildPageText(
  engineWords: readonly RawWord[],
  page: Omit<PageText, 'text' | 'words' | 'lines'>,
): PageText {
  // Every engine's words pass here on their way to storage (task_pages.ocr), so they are cleaned here once.
  const raw = cleanWords(engineWords);
  const groups = raw.every((word) => word.lineKey !== undefined) ? groupByKey(raw) : groupGeometrically(raw);
  const lines: TextLine[] = [];
  const words: PositionedWord[] = [];
  let text = '';
  for (const group of groups) {
    const merged = glueFragments([...group].sort((a, b) => a.edges.left - b.edges.left));
    if (merged.length === 0) continue;
    if (lines.length > 0) text += '\n';
    const lineIndex = lines.length;
    const lineStart = text.length;
    const lineWords: PositionedWord[] = [];
    merged.forEach((word, index) => {
      if (index > 0) text += ' ';
      const positioned: PositionedWord = {
        text: word.text,
        edges: word.edges,
        confidence: word.confidence,
        lineIndex,
        span: { offset: text.length, length: word.text.length },
        chars: word.chars ?? [],
      };
      text += word.text;
      lineWords.push(positioned);
      words.push(positioned);
    });
    lines.push({
      index: lineIndex,
      words: lineWords,
      edges: unionEdges(lineWords.map((word) => word.edges)),
      span: { offset: lineStart, length: text.length - lineStart },
    });
  }
  return { ...page, text, words, lines };
}

/** Keeps the engine's line order (tesseract orders blocks and columns better than a y sort). */
function groupByKey(raw: readonly RawWord[]): RawWord[][] {
  const byKey = new Map<string, RawWord[]>();
  for (const word of raw) {
    const key = word.lineKey as string;
    const list = byKey.get(key);
    if (list) list.push(word);
    else byKey.set(key, [word]);
  }
  return [...byKey.values()];
}

/** Top-to-bottom lines of words whose vertical extents overlap. */
function groupGeometrically(raw: readonly RawWord[]): RawWord[][] {
  const sorted = raw
    .map((word, order) => ({ word, order }))
    .sort((a, b) => centerY(a.word.edges) - centerY(b.word.edges) || a.order - b.order);
  const lines: { words: RawWord[]; top: number; bottom: number }[] = [];
  for (const { word } of sorted) {
    const height = Math.max(heightOf(word.edges), 0.01);
    // Only the last few lines can still overlap a word further down the page.
    let target: (typeof lines)[number] | undefined;
    for (let index = lines.length - 1; index >= Math.max(0, lines.length - 4); index--) {
      const line = lines[index] as (typeof lines)[number];
      const shared = overlap(line.top, line.bottom, word.edges.top, word.edges.bottom);
      if (shared >= SAME_LINE_OVERLAP * Math.min(height, line.bottom - line.top)) {
        target = line;
        break;
      }
    }
    if (target) {
      target.words.push(word);
      // The line's band stays that of its first words so a tall word cannot swallow the next line.
    } else {
      lines.push({ words: [word], top: word.edges.top, bottom: word.edges.bottom });
    }
  }
  return lines.sort((a, b) => (a.top + a.bottom) / 2 - (b.top + b.bottom) / 2).map((line) => line.words);
}

function glueFragments(sorted: readonly RawWord[]): RawWord[] {
  const out: RawWord[] = [];
  for (const word of sorted) {
    const previous = out.at(-1);
    const height = Math.max(heightOf(word.edges), previous ? heightOf(previous.edges) : 0);
    if (previous && word.mayJoinPrevious && word.edges.left - previous.edges.right < GLUE_GAP * height) {
      out[out.length - 1] = {
        ...previous,
        text: previous.text + word.text,
        edges: unionEdges([previous.edges, word.edges]),
        confidence: Math.min(previous.confidence, word.confidence),
        chars: [...(previous.chars ?? []), ...(word.chars ?? [])],
      };
    } else {
      out.push(word);
    }
  }
  return out;
}

/** The words whose spans intersect [offset, offset + length) of the page text. */
export function wordsInSpan(page: PageText, offset: number, length: number): PositionedWord[] {
  const end = offset + length;
  return page.words.filter((word) => word.span.offset < end && word.span.offset + word.span.length > offset);
}
