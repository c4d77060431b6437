// Builds a PageText from plain text laid out in a monospaced grid (6 × 12 points per character),
// for unit tests of the post-processing rules without a PDF or OCR run.
import { buildPageText, type PageText, type RawWord } from '../text/page-text.js';

const CHAR_WIDTH = 6;
const LINE_HEIGHT = 12;

export function syntheticPage(text: string, pageNumber = 1, confidence = 1): PageText {
  const raw: RawWord[] = [];
  text.split('\n').forEach((line, row) => {
    for (const m of line.matchAll(/\S+/gu)) {
      const column = m.index ?? 0;
      raw.push({
        text: m[0],
        confidence,
        edges: {
          left: column * CHAR_WIDTH,
          right: (column + m[0].length) * CHAR_WIDTH,
          top: row * LINE_HEIGHT * 1.5,
          bottom: row * LINE_HEIGHT * 1.5 + LINE_HEIGHT,
        },
      });
    }
  });
  return buildPageText(raw, {
    pageNumber,
    pageSize: { width: 612, height: 792, unit: 'point' },
    orientation: 0,
    engine: 'pdfminer',
    elapsedMs: 0,
  });
}
