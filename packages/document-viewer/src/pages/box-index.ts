// Spatial index of one page's boxes (rbush): the pointer is hit-tested and the overlay culled to
// the viewport in O(log n) instead of walking 5,000 boxes per mouse move or frame.
import RBush from 'rbush';
import type { OverlayBox, PageBox } from './types';

interface Entry {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  box: OverlayBox;
  /** Draw order: later boxes are painted on top, so they win a hit among equal areas. */
  order: number;
}

export interface BoxIndex {
  readonly size: number;
  /** Boxes intersecting the rectangle (page units), in draw order. */
  search(rect: PageBox): OverlayBox[];
  /** The box under the point: the smallest containing one, so nested boxes stay reachable. */
  hitTest(x: number, y: number, tolerance?: number): OverlayBox | null;
}

export function createBoxIndex(boxes: readonly OverlayBox[]): BoxIndex {
  const tree = new RBush<Entry>(16);
  tree.load(
    boxes.map((box, order) => ({
      minX: box.box.left,
      minY: box.box.top,
      maxX: box.box.left + box.box.width,
      maxY: box.box.top + box.box.height,
      box,
      order,
    })),
  );
  return {
    size: boxes.length,
    search(rect) {
      const hits = tree.search({
        minX: rect.left,
        minY: rect.top,
        maxX: rect.left + rect.width,
        maxY: rect.top + rect.height,
      });
      hits.sort((a, b) => a.order - b.order);
      return hits.map((e) => e.box);
    },
    hitTest(x, y, tolerance = 0) {
      const hits = tree.search({ minX: x - tolerance, minY: y - tolerance, maxX: x + tolerance, maxY: y + tolerance });
      let best: Entry | null = null;
      let bestArea = Number.POSITIVE_INFINITY;
      for (const e of hits) {
        const area = (e.maxX - e.minX) * (e.maxY - e.minY);
        if (area < bestArea || (area === bestArea && best && e.order > best.order)) {
          best = e;
          bestArea = area;
        }
      }
      return best ? best.box : null;
    },
  };
}

/** Groups boxes by page number, keeping their order. */
export function groupByPage<T extends { pageNumber: number }>(items: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(item.pageNumber);
    if (list) list.push(item);
    else map.set(item.pageNumber, [item]);
  }
  return map;
}
