// What an anonymised export removes: the boxes of the reviewed entities of an anonymisation task,
// page by page, in the page's own units (points from the top-left corner for PDFs, pixels for
// images), with the text each box held so the written file can be checked for it.
import type { DocumentResult } from '../exports/types.js';

export interface Region {
  /** 1-based. */
  pageNumber: number;
  left: number;
  top: number;
  width: number;
  height: number;
  /** The text under the region as the reviewer saw it; never readable in the export. */
  text: string;
}

/**
 * Every value box of every reviewed entity: the reviewer's additions and removals are the list. A
 * value the reviewer marked as not on the document keeps its box (the viewer only empties its
 * text), so it is a removal too and hides nothing.
 */
export function regionsOf(result: DocumentResult): Region[] {
  const regions: Region[] = [];
  for (const entity of result.entities) {
    if (entity.notDetected) continue;
    for (const keyValue of entity.keyValues ?? []) {
      const box = keyValue.boundingBox;
      if (!box || box.width <= 0 || box.height <= 0) continue;
      regions.push({
        pageNumber: keyValue.pageNumber ?? entity.pageNumber ?? 1,
        left: box.left ?? box.x,
        top: box.top ?? box.y,
        width: box.width,
        height: box.height,
        text: keyValue.content ?? '',
      });
    }
  }
  return regions;
}

/** A region grown by `margin` units on each side: glyph boxes from text layers run tight. */
export function grown(region: Region, margin: number): Region {
  return {
    ...region,
    left: region.left - margin,
    top: region.top - margin,
    width: region.width + 2 * margin,
    height: region.height + 2 * margin,
  };
}

export interface Fill {
  r: number;
  g: number;
  b: number;
}

/** "#RRGGBB" (or "#RGB") as 0–255 channels; anything else is black, the safe fill. */
export function parseFillColor(color: string | null | undefined): Fill {
  const hex = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(color?.trim() ?? '')?.[1];
  if (!hex) return { r: 0, g: 0, b: 0 };
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return {
    r: Number.parseInt(full.slice(0, 2), 16),
    g: Number.parseInt(full.slice(2, 4), 16),
    b: Number.parseInt(full.slice(4, 6), 16),
  };
}
