// From the contract's OcrPageResult (task_pages.ocr) back to the engines' PageText: what the
// post-processing detectors read after recognition, in the stage or in a pipeline thread.
import { storedWordEdges } from '../../../domain/results/stored-ocr.js';
import type { OcrPageResult } from '../types.js';
import { buildPageText, type PageText } from './page-text.js';

/**
 * Rebuilds the PageText of a page from its OcrPageResult. Words keep their line (lineIndex) and
 * order, so the page text, and therefore every span, is the one recognition produced. Their
 * characters are left out: nothing after recognition reads them (fields, tables, personal data,
 * hooks and translation read words and lines), and they are most of a page's memory — a 2,000-page
 * document's pages are all held at once while its fields are found. So a page in its stored form
 * (domain/results/stored-ocr.ts), which differs from the contract only in the words' characters,
 * is read as it is, without making each character's box first; a word's box is read from its stored
 * edges as from the contract's boundingBox.
 */
export function pageTextFromOcr(ocr: OcrPageResult, pageNumber: number): PageText {
  const edges = (box: { left: number; top: number; right: number; bottom: number }) => ({
    left: box.left,
    top: box.top,
    right: box.right,
    bottom: box.bottom,
  });
  return buildPageText(
    ocr.entities.map((word) => ({
      text: word.text,
      edges: storedWordEdges(word) ?? edges(word.boundingBox),
      confidence: word.confidence ?? 1,
      lineKey: String(word.lineIndex ?? 0),
    })),
    {
      pageNumber,
      pageSize: ocr.pageSize,
      orientation: ocr.pageOrientation ?? 0,
      engine: ocr.ocrEngine ?? 'tesseract',
      elapsedMs: ocr.elapsedTime ?? 0,
    },
  );
}

/** A page's stored OCR as the JSON text the database keeps (task_pages.ocr), with its page number. */
export interface StoredOcrPage {
  pageNumber: number;
  storedOcr: string;
}

/** The PageText of a page's stored OCR, parsed from its JSON text. */
export function pageTextFromStoredOcr(page: StoredOcrPage): PageText {
  return pageTextFromOcr(JSON.parse(page.storedOcr) as OcrPageResult, page.pageNumber);
}
