import { describe, expect, it } from 'vitest';
import { neededSlotArea } from './BoxCanvas';
import { createBoxIndex, groupByPage } from './box-index';
import type { OverlayBox } from './types';

function box(id: string, left: number, top: number, width: number, height: number, pageNumber = 1): OverlayBox {
  return {
    id,
    pageNumber,
    box: { left, top, width, height },
    kind: 'entity',
    fill: '#0011ff1a',
    stroke: '#0011ff',
    label: id,
  };
}

describe('box index', () => {
  it('hit-tests the smallest box under the point, so nested boxes stay reachable', () => {
    const index = createBoxIndex([box('table', 0, 0, 500, 500), box('cell', 100, 100, 50, 20)]);
    expect(index.hitTest(110, 110)?.id).toBe('cell');
    expect(index.hitTest(300, 300)?.id).toBe('table');
    expect(index.hitTest(600, 600)).toBeNull();
  });

  it('prefers the box painted last among equal boxes', () => {
    const index = createBoxIndex([box('a', 0, 0, 10, 10), box('b', 0, 0, 10, 10)]);
    expect(index.hitTest(5, 5)?.id).toBe('b');
  });

  it('accepts a tolerance for thin boxes', () => {
    const index = createBoxIndex([box('line', 0, 100, 200, 0.5)]);
    expect(index.hitTest(50, 102)).toBeNull();
    expect(index.hitTest(50, 102, 2)?.id).toBe('line');
  });

  it('culls 5,000 boxes to the ones in a viewport, in draw order', () => {
    const boxes: OverlayBox[] = [];
    for (let i = 0; i < 5000; i++) boxes.push(box(`b${i}`, (i % 50) * 12, Math.floor(i / 50) * 8, 10, 6));
    const index = createBoxIndex(boxes);
    const hits = index.search({ left: 0, top: 0, width: 120, height: 80 });
    // 10 columns × 10 rows, plus the boxes touching the right and bottom edges.
    expect(hits.length).toBe(11 * 11);
    const orders = hits.map((b) => Number(b.id.slice(1)));
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('groups boxes by page keeping their order', () => {
    const groups = groupByPage([box('a', 0, 0, 1, 1, 2), box('b', 0, 0, 1, 1, 1), box('c', 0, 0, 1, 1, 2)]);
    expect(groups.get(2)?.map((b) => b.id)).toEqual(['a', 'c']);
    expect(groups.get(1)?.map((b) => b.id)).toEqual(['b']);
  });
});

describe('overlay culling to the viewport', () => {
  const slot = { top: 1000, left: 50, width: 900, height: 1200 };

  it('is null for a page out of view', () => {
    expect(neededSlotArea({ scrollTop: 0, scrollLeft: 0, width: 800, height: 600 }, slot, 0)).toBeNull();
  });

  it('is the visible part of the page in slot pixels, grown by the margin', () => {
    const v = { scrollTop: 1500, scrollLeft: 0, width: 800, height: 600 };
    expect(neededSlotArea(v, slot, 0)).toEqual({ left: 0, top: 500, width: 750, height: 600 });
    expect(neededSlotArea(v, slot, 0.5)).toEqual({ left: 0, top: 200, width: 900, height: 1000 });
  });
});

describe('canvas batching', () => {
  it('paints boxes in one path per look and colour', async () => {
    const { groupByStyle } = await import('./draw-boxes');
    const groups = groupByStyle([
      box('a', 0, 0, 1, 1),
      { ...box('b', 0, 0, 1, 1), flags: ['invalid'] },
      box('c', 0, 0, 1, 1),
      { ...box('d', 0, 0, 1, 1), stroke: '#e65100', fill: '#e6510022' },
      { ...box('e', 0, 0, 1, 1), flags: ['low-confidence'] },
    ]);
    expect([...groups.values()].map((g) => [g.look, g.stroke, g.boxes.length])).toEqual([
      ['plain', '#0011ff', 2],
      ['invalid', '#0011ff', 1],
      ['plain', '#e65100', 1],
      ['low-confidence', '#0011ff', 1],
    ]);
  });
});
