import { describe, expect, it } from 'vitest';
import {
  anchoredScrollTop,
  clampZoom,
  computeLayout,
  fitZoom,
  PAGE_GAP,
  pageIndexAt,
  pageWindow,
  TRACK_PADDING,
} from './layout';
import type { PageInfo } from './types';

function page(pageNumber: number, width = 600, height = 800, rotation: PageInfo['rotation'] = 0): PageInfo {
  return { pageNumber, width, height, unit: 'point', rotation, file: { url: `/p/${pageNumber}.pdf`, kind: 'pdf' } };
}

const many = Array.from({ length: 2000 }, (_, i) => page(i + 1));

describe('virtual layout', () => {
  it('gives 2,000 pages their true total height from PageInfo alone', () => {
    const layout = computeLayout(many, 1);
    expect(layout.totalHeight).toBe(2000 * 800 + 1999 * PAGE_GAP + 2 * TRACK_PADDING);
    expect(layout.tops[1]).toBe(TRACK_PADDING + 800 + PAGE_GAP);
  });

  it('uses the rotated size of a turned page', () => {
    const layout = computeLayout([page(1), page(2, 600, 800, 90)], 0.5);
    expect(layout.widths[1]).toBe(400);
    expect(layout.heights[1]).toBe(300);
    expect(layout.maxWidth).toBe(400);
  });

  it('finds the page at a scroll position by binary search', () => {
    const layout = computeLayout(many, 1);
    expect(pageIndexAt(layout, 0)).toBe(0);
    expect(pageIndexAt(layout, layout.tops[1234] as number)).toBe(1234);
    expect(pageIndexAt(layout, (layout.tops[1234] as number) - 1)).toBe(1233);
    expect(pageIndexAt(layout, 1e12)).toBe(1999);
  });

  it('mounts the visible pages plus overscan and never more', () => {
    const layout = computeLayout(many, 1);
    const top = layout.tops[500] as number;
    const win = pageWindow(layout, top + 100, 900, 2);
    expect(win).toMatchObject({ firstVisible: 500, lastVisible: 501, start: 498, end: 503, current: 500 });
    const atStart = pageWindow(layout, 0, 900, 2);
    expect(atStart).toMatchObject({ start: 0, firstVisible: 0, lastVisible: 1, end: 3 });
    expect((atStart?.end ?? 0) - (atStart?.start ?? 0) + 1).toBeLessThanOrEqual(12);
  });

  it('reports as current the page that covers most of the viewport', () => {
    const layout = computeLayout(many, 1);
    const boundary = (layout.tops[10] as number) - 100; // 100 px of page 10 (index 9) left, then page 11
    expect(pageWindow(layout, boundary, 900, 0)?.current).toBe(10);
  });

  it('fits the width or the whole page of the container', () => {
    const width = fitZoom('width', page(1), 632, 500);
    expect(width).toBeCloseTo(1);
    const whole = fitZoom('page', page(1), 632, 432);
    expect(whole).toBeCloseTo(0.5);
    expect(fitZoom('width', page(1, 600, 800, 90), 832, 500)).toBeCloseTo(1);
  });

  it('keeps the point under the viewport centre when the scale changes', () => {
    const before = computeLayout(many, 1);
    const after = computeLayout(many, 2);
    const centre = (before.tops[3] as number) + 400; // middle of page 4
    const top = anchoredScrollTop(before, after, centre, 600);
    expect(top + 300).toBeCloseTo((after.tops[3] as number) + 800);
  });

  it('keeps a reader at the top of the document at the top', () => {
    const before = computeLayout(many, 0.5);
    const after = computeLayout(many, 1.4);
    // Scrolled to 0 with a 600 px viewport: the centre is at 300, which would otherwise anchor
    // inside page 1 and scroll its top out of view.
    expect(anchoredScrollTop(before, after, 300, 600)).toBe(0);
    expect(anchoredScrollTop(before, after, 340, 600)).toBeGreaterThan(0);
  });

  it('clamps zoom requests', () => {
    expect(clampZoom(0)).toBe(0.1);
    expect(clampZoom(100)).toBe(8);
    expect(clampZoom(Number.NaN)).toBe(1);
  });
});
