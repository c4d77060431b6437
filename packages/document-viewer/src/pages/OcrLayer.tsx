// OCR words as transparent, selectable text over the page. SVG text with `textLength` stretches
// every word to exactly its OCR box, so a selection matches what the reader sees; the viewBox is
// in page units, so zoom needs no per-word work.
import { memo } from 'react';
import type { OcrWord } from './types';

export interface OcrLayerProps {
  words: readonly OcrWord[];
  width: number;
  height: number;
  /** Accessible name of the layer ("Recognised text"). */
  label: string;
}

export const OcrLayer = memo(function OcrLayer({ words, width, height, label }: OcrLayerProps) {
  return (
    <svg className="rd-page-ocr" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none">
      <title>{label}</title>
      {words.map((w, i) => (
        <text
          // biome-ignore lint/suspicious/noArrayIndexKey: words have no id and never reorder within a page
          key={i}
          x={w.box.left}
          y={w.box.top + w.box.height * 0.82}
          fontSize={w.box.height}
          textLength={Math.max(w.box.width, 0.01)}
          lengthAdjust="spacingAndGlyphs"
        >
          {w.text}
        </text>
      ))}
    </svg>
  );
});
