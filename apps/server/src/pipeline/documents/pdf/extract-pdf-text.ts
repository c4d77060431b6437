// The "pdfminer" engine of the spec: the text layer of a digital PDF, read with pdf.js, as words
// with boxes in points (origin top-left of the page as displayed, i.e. after /Rotate), grouped in
// lines, with spans into the page text. Confidence is 1: the text is what the file says.
import { type PDFPageProxy, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Edges } from '../geometry.js';
import { buildPageText, type PageText, type PositionedChar, type RawWord } from '../text/page-text.js';
import { cumulativeShares } from './glyph-widths.js';
import { normaliseRotation } from './inspect-pdf.js';
import { type LoadPdfOptions, withPdf } from './load-pdf.js';

export interface ExtractPdfTextOptions extends LoadPdfOptions {
  /** 1-based page numbers; all pages when omitted. */
  pages?: readonly number[];
}

interface TextRun {
  str: string;
  transform: number[];
  width: number;
  fontName: string;
}

interface FontStyle {
  ascent?: number;
  descent?: number;
}

/** Used when the font does not say (pdf.js reports 0 for some Type3 fonts). */
const DEFAULT_ASCENT = 0.8;
const DEFAULT_DESCENT = -0.2;

export async function extractPdfText(bytes: Uint8Array, options: ExtractPdfTextOptions = {}): Promise<PageText[]> {
  return withPdf(
    bytes,
    async (document) => {
      const wanted = options.pages ?? Array.from({ length: document.numPages }, (_, index) => index + 1);
      const pages: PageText[] = [];
      for (const pageNumber of wanted) {
        if (pageNumber < 1 || pageNumber > document.numPages) continue;
        const page = await document.getPage(pageNumber);
        pages.push(await extractPage(page, pageNumber));
        page.cleanup();
      }
      return pages;
    },
    options,
  );
}

async function extractPage(page: PDFPageProxy, pageNumber: number): Promise<PageText> {
  const started = performance.now();
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const styles = content.styles as Record<string, FontStyle>;
  const raw: RawWord[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const run: TextRun = item;
    const matrix = Util.transform(viewport.transform, run.transform) as number[];
    const style = styles[run.fontName] ?? {};
    raw.push(...splitRun(run, matrix, style));
  }
  return buildPageText(raw, {
    pageNumber,
    pageSize: { width: viewport.width, height: viewport.height, unit: 'point' },
    orientation: normaliseRotation(page.rotate),
    engine: 'pdfminer',
    elapsedMs: performance.now() - started,
  });
}

/**
 * Splits one text run into words. The run's matrix (already in viewport space) gives its baseline
 * origin, its direction and its font size; each word's box is the run's glyph band between the
 * word's share of the run width, made axis-aligned (runs may be rotated or vertical).
 */
function splitRun(run: TextRun, matrix: number[], style: FontStyle): RawWord[] {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = matrix;
  const fontSize = Math.hypot(c, d) || Math.hypot(a, b);
  if (fontSize === 0) return [];
  const along = { x: a / (Math.hypot(a, b) || 1), y: b / (Math.hypot(a, b) || 1) };
  const up = { x: c / (Math.hypot(c, d) || 1), y: d / (Math.hypot(c, d) || 1) };
  const ascent = (style.ascent || DEFAULT_ASCENT) * fontSize;
  const descent = (style.descent || DEFAULT_DESCENT) * fontSize;
  // pdf.js gives width in page units along the run's direction.
  const width = run.width > 0 ? run.width : fontSize * 0.5 * run.str.length;
  const chars = [...run.str];
  const shares = cumulativeShares(chars);

  const band = (from: number, to: number): Edges => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const distance of [from * width, to * width]) {
      for (const height of [descent, ascent]) {
        xs.push(e + along.x * distance + up.x * height);
        ys.push(f + along.y * distance + up.y * height);
      }
    }
    return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
  };

  const words: RawWord[] = [];
  let index = 0;
  while (index < chars.length) {
    if (/\s/u.test(chars[index] as string)) {
      index++;
      continue;
    }
    const start = index;
    while (index < chars.length && !/\s/u.test(chars[index] as string)) index++;
    const wordChars: PositionedChar[] = [];
    for (let at = start; at < index; at++) {
      wordChars.push({ char: chars[at] as string, edges: band(shares[at] as number, shares[at + 1] as number) });
    }
    words.push({
      text: chars.slice(start, index).join(''),
      edges: band(shares[start] as number, shares[index] as number),
      confidence: 1,
      chars: wordChars,
      // A run that starts mid-word ("Parser" after "Layout") continues the previous run's word.
      mayJoinPrevious: start === 0,
    });
  }
  return words;
}
