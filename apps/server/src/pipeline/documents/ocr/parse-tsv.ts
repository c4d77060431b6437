// Tesseract's TSV output: one row per page/block/paragraph/line/word; level 5 rows are words with
// their box (pixels) and confidence (0..100, -1 for non-word rows).

export interface TsvWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  confidence: number;
  /** block.paragraph.line: tesseract's own line, in its reading order. */
  lineKey: string;
}

const WORD_LEVEL = '5';

export function parseTesseractTsv(tsv: string): TsvWord[] {
  const words: TsvWord[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] !== WORD_LEVEL) continue;
    const text = (cells[11] ?? '').trim();
    const confidence = Number(cells[10]);
    if (text === '' || !(confidence >= 0)) continue;
    words.push({
      text,
      left: Number(cells[6]),
      top: Number(cells[7]),
      width: Number(cells[8]),
      height: Number(cells[9]),
      confidence: Math.min(1, confidence / 100),
      lineKey: `${cells[2]}.${cells[3]}.${cells[4]}`,
    });
  }
  return words;
}

export interface OsdResult {
  /** Clockwise rotation that makes the page upright. */
  rotate: 0 | 90 | 180 | 270;
  confidence: number;
}

/** `tesseract --psm 0` prints "Rotate: 90" and "Orientation confidence: 2.40". */
export function parseOsd(output: string): OsdResult | null {
  const rotate = /Rotate:\s*(\d+)/.exec(output)?.[1];
  const confidence = /Orientation confidence:\s*([\d.]+)/.exec(output)?.[1];
  if (rotate === undefined || confidence === undefined) return null;
  const degrees = Number(rotate);
  if (![0, 90, 180, 270].includes(degrees)) return null;
  return { rotate: degrees as OsdResult['rotate'], confidence: Number(confidence) };
}
