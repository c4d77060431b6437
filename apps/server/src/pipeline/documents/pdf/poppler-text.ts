// The text layer of PDF pages read by poppler (`pdftotext -bbox`), many pages in one process:
// ranges of pages of one file (readPopplerPageRanges), or one-page files (readPopplerTextLayers) —
// words with their boxes in points from the top-left of the page as displayed, the same
// frame as pdf.js's (extract-pdf-text.ts), at a small part of its cost — poppler measures each
// glyph, where pdf.js gives one width per run that has to be shared out. Characters are placed in
// their word by the same shares of Helvetica's advance widths as pdf.js's runs are. A page poppler
// cannot read (or a file it fails on) is null, and is read by pdf.js instead.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Edges } from '../geometry.js';
import { runTool } from '../process/run-tool.js';
import { buildPageText, type PageText, type PositionedChar, type RawWord } from '../text/page-text.js';
import { cumulativeShares } from './glyph-widths.js';

const BASE_TIMEOUT_MS = 30_000;
const TIMEOUT_PER_FILE_MS = 10_000;

/** Written before each file's output, so each file's pages are told apart whatever a file holds. */
const FILE_MARK = '<reviewdesk-file/>';
/** Written in place of a range's output when pdftotext failed on it (whatever it wrote before). */
const RANGE_FAILED = '<reviewdesk-range failed="1"/>';
/** One shell reads the first page of every file; a file pdftotext fails on is marked failed. */
const READ_ALL = `for file in "$@"; do
  printf '${FILE_MARK}\\n'
  pdftotext -q -bbox -l 1 "$file" - || printf '<page failed="1"></page>\\n'
done`;

/**
 * One shell reads each range of pages of one file (arguments: the file, then first and last page
 * of each range); a range pdftotext fails on is marked failed. Each run opens the file once for its
 * range: a process start (poppler, fontconfig) costs more than reading the text of a page, so a
 * document's pages are read a range at a time rather than one run per page.
 */
const READ_RANGES = `file="$1"; shift
while [ "$#" -gt 0 ]; do
  printf '${FILE_MARK}\\n'
  pdftotext -q -bbox -f "$1" -l "$2" "$file" - || printf '${RANGE_FAILED}\\n'
  shift 2
done`;

export interface PopplerWord {
  text: string;
  edges: Edges;
}

export interface PopplerPage {
  width: number;
  height: number;
  words: PopplerWord[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The pages of pdftotext's `-bbox` output, in order (null for a file it could not read). */
export function parseBboxPages(xhtml: string): Array<PopplerPage | null> {
  const pages: Array<PopplerPage | null> = [];
  const pagePattern = /<page\b([^>]*)>([\s\S]*?)<\/page>/g;
  const wordPattern = /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([\s\S]*?)<\/word>/g;
  for (const match of xhtml.matchAll(pagePattern)) {
    const attributes = match[1] ?? '';
    const width = Number(/width="([\d.]+)"/.exec(attributes)?.[1]);
    const height = Number(/height="([\d.]+)"/.exec(attributes)?.[1]);
    if (attributes.includes('failed=') || !(width > 0) || !(height > 0)) {
      pages.push(null);
      continue;
    }
    const words: PopplerWord[] = [];
    for (const word of (match[2] ?? '').matchAll(wordPattern)) {
      // Invisible format characters (zero-width spaces and joiners, byte-order marks) are not text:
      // "INVOICE\u200b" must read as the label "INVOICE", as pdf.js gives it.
      const text = decodeEntities(word[5] ?? '').replace(/\p{Cf}/gu, '');
      if (!text) continue;
      words.push({
        text,
        edges: { left: Number(word[1]), top: Number(word[2]), right: Number(word[3]), bottom: Number(word[4]) },
      });
    }
    pages.push({ width, height, words });
  }
  return pages;
}

/** The characters of a word, each given its share of the word's box along its longer side. */
function placeChars(word: PopplerWord): PositionedChar[] {
  const chars = [...word.text];
  const shares = cumulativeShares(chars);
  const { left, top, right, bottom } = word.edges;
  // A word taller than wide with several characters runs down the page.
  const vertical = chars.length > 1 && bottom - top > (right - left) * 1.5;
  return chars.map((char, index) => {
    const from = shares[index] as number;
    const to = shares[index + 1] as number;
    return vertical
      ? { char, edges: { left, right, top: top + (bottom - top) * from, bottom: top + (bottom - top) * to } }
      : { char, edges: { top, bottom, left: left + (right - left) * from, right: left + (right - left) * to } };
  });
}

/** A page poppler read as the engines' PageText (lines found from the boxes, as for pdf.js's words). */
export function popplerPageText(page: PopplerPage, pageNumber: number, elapsedMs: number): PageText {
  const raw: RawWord[] = page.words.map((word) => ({
    text: word.text,
    edges: word.edges,
    confidence: 1,
    chars: placeChars(word),
  }));
  return buildPageText(raw, {
    pageNumber,
    pageSize: { width: page.width, height: page.height, unit: 'point' },
    orientation: 0,
    engine: 'pdfminer',
    elapsedMs,
  });
}

/** The text layer of each one-page PDF file (one pdftotext run per file, one process for all). */
export async function readPopplerTextLayers(files: readonly Uint8Array[]): Promise<Array<PopplerPage | null>> {
  if (files.length === 0) return [];
  const directory = await mkdtemp(join(tmpdir(), 'reviewdesk-text-'));
  try {
    const paths: string[] = [];
    for (const [index, bytes] of files.entries()) {
      const path = join(directory, `page-${index}.pdf`);
      await writeFile(path, bytes);
      paths.push(path);
    }
    const result = await runTool('pdftotext', 'sh', ['-c', READ_ALL, 'sh', ...paths], {
      timeoutMs: BASE_TIMEOUT_MS + TIMEOUT_PER_FILE_MS * files.length,
      allowFailure: true,
    });
    const outputs = result.stdout.toString('utf8').split(FILE_MARK).slice(1);
    // Anything but one output per file means the output cannot be matched to the files.
    if (outputs.length !== files.length) return files.map(() => null);
    return outputs.map((output) => parseBboxPages(output)[0] ?? null);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Pages first..last (1-based, inclusive) of a file. */
export interface PageRange {
  first: number;
  last: number;
}

/**
 * The text layer of each range of pages of the PDF file at `path`, one pdftotext run per range,
 * one process for all: per range its pages in order, or null when the range could not be read
 * (pdftotext failed, or gave another number of pages than asked for — a page past the file's end).
 */
export async function readPopplerPageRanges(
  path: string,
  ranges: readonly PageRange[],
): Promise<Array<Array<PopplerPage | null> | null>> {
  if (ranges.length === 0) return [];
  const pageCount = ranges.reduce((sum, range) => sum + range.last - range.first + 1, 0);
  const result = await runTool(
    'pdftotext',
    'sh',
    ['-c', READ_RANGES, 'sh', path, ...ranges.flatMap((range) => [String(range.first), String(range.last)])],
    { timeoutMs: BASE_TIMEOUT_MS + TIMEOUT_PER_FILE_MS * pageCount, allowFailure: true },
  );
  const outputs = result.stdout.toString('utf8').split(FILE_MARK).slice(1);
  if (outputs.length !== ranges.length) return ranges.map(() => null);
  return outputs.map((output, index) => {
    const range = ranges[index] as PageRange;
    if (output.includes(RANGE_FAILED)) return null;
    const pages = parseBboxPages(output);
    return pages.length === range.last - range.first + 1 ? pages : null;
  });
}
