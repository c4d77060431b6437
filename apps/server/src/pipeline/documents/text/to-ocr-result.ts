// Contract shape of a page's OCR layer (OcrPageResult) from the engines' PageText.
import { toBoundingBox } from '../geometry.js';
import type { OcrPageResult } from '../types.js';
import type { PageText } from './page-text.js';

export function toOcrPageResult(page: PageText): OcrPageResult {
  return {
    pageSize: page.pageSize,
    pageOrientation: page.orientation,
    status: 'succeeded',
    elapsedTime: Math.round(page.elapsedMs),
    ocrEngine: page.engine,
    ocrEngineConfig: { name: page.engine, useWordDetection: true, useCharDetection: true },
    entities: page.words.map((word) => ({
      text: word.text,
      boundingBox: toBoundingBox(word.edges),
      confidence: round3(word.confidence),
      lineIndex: word.lineIndex,
      chars: word.chars.map((char) => ({ char: char.char, boundingBox: toBoundingBox(char.edges) })),
    })),
  };
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000;
