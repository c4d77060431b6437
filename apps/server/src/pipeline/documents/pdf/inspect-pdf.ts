// What the pipeline needs to know about a PDF before choosing engines: how many pages, whether it
// is encrypted, and which pages carry a usable text layer (the others go to OCR).
import { type LoadPdfOptions, withPdf } from './load-pdf.js';
import { assessTextLayer } from './text-layer-quality.js';

export interface PdfPageInfo {
  pageNumber: number;
  /** Size as displayed (after the page's /Rotate), in points. */
  width: number;
  height: number;
  /** The page's /Rotate, clockwise degrees. */
  rotation: 0 | 90 | 180 | 270;
  /** Characters in the text layer (whitespace excluded). */
  textCharCount: number;
  hasTextLayer: boolean;
  /** False when the text layer exists but reads as gibberish (broken font encodings): OCR it. */
  textLayerUsable: boolean;
}

export interface PdfInspection {
  pageCount: number;
  /** The file has an /Encrypt dictionary; it opened because no (or the given) user password sufficed. */
  encrypted: boolean;
  pages: PdfPageInfo[];
  /** Pages to send to OCR: no text layer, or one that is not usable. */
  pagesNeedingOcr: number[];
}

/** A page with fewer visible characters than this is treated as having no text layer (page numbers, stray marks). */
const MIN_TEXT_CHARS = 8;

/**
 * Inspects a PDF. Throws `EncryptedDocumentError` when a password is needed and missing or wrong,
 * and `CorruptDocumentError` when the file cannot be parsed at all; a damaged file that pdf.js can
 * repair (broken xref tables) is inspected normally.
 */
export async function inspectPdf(bytes: Uint8Array, options: LoadPdfOptions = {}): Promise<PdfInspection> {
  return withPdf(
    bytes,
    async (document) => {
      // getPermissions() is null unless the file is encrypted (permissions live in /Encrypt).
      const permissions = await document.getPermissions().catch(() => null);
      const pages: PdfPageInfo[] = [];
      for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
        const page = await document.getPage(pageNumber);
        const viewport = page.getViewport({ scale: 1 });
        const content = await page.getTextContent().catch(() => ({ items: [] }));
        const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
        const quality = assessTextLayer(text);
        pages.push({
          pageNumber,
          width: viewport.width,
          height: viewport.height,
          rotation: normaliseRotation(page.rotate),
          textCharCount: quality.visibleChars,
          hasTextLayer: quality.visibleChars >= MIN_TEXT_CHARS,
          textLayerUsable: quality.visibleChars >= MIN_TEXT_CHARS && quality.usable,
        });
        page.cleanup();
      }
      return {
        pageCount: document.numPages,
        encrypted: permissions !== null,
        pages,
        pagesNeedingOcr: pages.filter((page) => !page.textLayerUsable).map((page) => page.pageNumber),
      };
    },
    options,
  );
}

export interface PdfPageGeometry {
  pageNumber: number;
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
}

/** Page sizes only (no text): what rendering needs to plan its pixel budget. */
export async function readPdfPageGeometry(bytes: Uint8Array, options: LoadPdfOptions = {}): Promise<PdfPageGeometry[]> {
  return (await readPdfLayout(bytes, (numPages) => ({ first: 1, last: numPages }), options)).pages;
}

/**
 * The pages whose geometry pre-processing reads, as plain data (a pipeline thread's job takes it):
 * none of a file it refuses as too long or splits into chunks, else the task's own pages.
 */
export interface PagesWanted {
  /** A file of more pages is refused… */
  maxPages: number;
  /** …or, above this many, split into chunk tasks (null: never split). */
  splitAbove: number | null;
  /** The task's pages of the file: first..last (last null: to the end). */
  first: number;
  last: number | null;
}

/** The page range `wanted` picks from a file of `numPages` pages (null: none). */
export function pagesWantedOf(wanted: PagesWanted, numPages: number): { first: number; last: number } | null {
  if (numPages === 0 || numPages > wanted.maxPages) return null;
  if (wanted.splitAbove !== null && numPages > wanted.splitAbove) return null;
  return taskPagesOf(wanted, numPages);
}

/** The task's pages first..last of a file of `numPages` pages, cut to the file. */
export function taskPagesOf(wanted: Pick<PagesWanted, 'first' | 'last'>, numPages: number) {
  return { first: Math.max(1, wanted.first), last: Math.min(numPages, wanted.last ?? numPages) };
}

/**
 * The page count and the geometry of the pages `wanted` picks once it knows the count (none when it
 * answers null), from one parse of the file: pre-processing refuses a file that is too long, or
 * splits it, before it asks any page for its size.
 */
export async function readPdfLayout(
  bytes: Uint8Array,
  wanted: (numPages: number) => { first: number; last: number } | null,
  options: LoadPdfOptions = {},
): Promise<{ numPages: number; pages: PdfPageGeometry[] }> {
  return withPdf(
    bytes,
    async (document) => {
      const pages: PdfPageGeometry[] = [];
      const range = wanted(document.numPages);
      const first = Math.max(1, range?.first ?? 1);
      const last = range ? Math.min(document.numPages, range.last) : 0;
      for (let pageNumber = first; pageNumber <= last; pageNumber++) {
        const page = await document.getPage(pageNumber);
        const viewport = page.getViewport({ scale: 1 });
        pages.push({
          pageNumber,
          width: viewport.width,
          height: viewport.height,
          rotation: normaliseRotation(page.rotate),
        });
      }
      return { numPages: document.numPages, pages };
    },
    options,
  );
}

export function normaliseRotation(degrees: number): 0 | 90 | 180 | 270 {
  const value = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return value as 0 | 90 | 180 | 270;
}
