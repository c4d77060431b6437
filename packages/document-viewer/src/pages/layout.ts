// Virtual layout of the page column: every page's slot position comes from PageInfo alone (so the
// scrollbar is true for 2,000 pages before pdf.js has opened any of them), and the window of
// mounted pages is found by binary search over the prefix sums.
import { slotSize } from './geometry';
import type { FitMode, PageInfo } from './types';

export interface PagesLayout {
  /** Top of each slot in CSS pixels from the top of the track. */
  tops: Float64Array;
  widths: Float64Array;
  heights: Float64Array;
  totalHeight: number;
  /** Widest slot, for the track width and horizontal scrolling. */
  maxWidth: number;
  gap: number;
  padding: number;
}

export const PAGE_GAP = 16;
export const TRACK_PADDING = 16;

export function computeLayout(
  pages: readonly PageInfo[],
  scale: number,
  gap = PAGE_GAP,
  padding = TRACK_PADDING,
): PagesLayout {
  const n = pages.length;
  const tops = new Float64Array(n);
  const widths = new Float64Array(n);
  const heights = new Float64Array(n);
  let y = padding;
  let maxWidth = 0;
  for (let i = 0; i < n; i++) {
    const page = pages[i] as PageInfo;
    const size = slotSize({ width: page.width, height: page.height, rotation: page.rotation, scale });
    tops[i] = y;
    widths[i] = size.width;
    heights[i] = size.height;
    if (size.width > maxWidth) maxWidth = size.width;
    y += size.height + (i < n - 1 ? gap : 0);
  }
  return { tops, widths, heights, totalHeight: n ? y + padding : 0, maxWidth, gap, padding };
}

/** Index of the page whose slot (plus the gap below it) contains y; clamped to the pages. */
export function pageIndexAt(layout: PagesLayout, y: number): number {
  const { tops } = layout;
  let lo = 0;
  let hi = tops.length - 1;
  if (hi < 0) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((tops[mid] as number) <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface PageWindow {
  /** First and last page indexes intersecting the viewport. */
  firstVisible: number;
  lastVisible: number;
  /** Mounted range: the visible pages plus overscan on each side. */
  start: number;
  end: number;
  /** The page covering most of the viewport (ties go to the upper page). */
  current: number;
}

export function pageWindow(
  layout: PagesLayout,
  scrollTop: number,
  viewportHeight: number,
  overscan: number,
): PageWindow | null {
  const n = layout.tops.length;
  if (n === 0) return null;
  const bottom = scrollTop + Math.max(viewportHeight, 1);
  const firstVisible = pageIndexAt(layout, scrollTop);
  let lastVisible = pageIndexAt(layout, bottom - 0.5);
  if (lastVisible < firstVisible) lastVisible = firstVisible;
  let current = firstVisible;
  let best = -1;
  for (let i = firstVisible; i <= lastVisible; i++) {
    const top = layout.tops[i] as number;
    const shown = Math.min(bottom, top + (layout.heights[i] as number)) - Math.max(scrollTop, top);
    if (shown > best + 0.5) {
      best = shown;
      current = i;
    }
  }
  return {
    firstVisible,
    lastVisible,
    start: Math.max(0, firstVisible - overscan),
    end: Math.min(n - 1, lastVisible + overscan),
    current,
  };
}

/**
 * Zoom that fits the reference page in the container: its width ('width') or all of it ('page'),
 * leaving the track padding (and a scrollbar's worth when fitting the width of a long column).
 */
export function fitZoom(
  mode: Exclude<FitMode, null>,
  page: PageInfo,
  containerWidth: number,
  containerHeight: number,
): number {
  const unit = slotSize({ width: page.width, height: page.height, rotation: page.rotation, scale: 1 });
  const availableWidth = Math.max(containerWidth - 2 * TRACK_PADDING, 1);
  const availableHeight = Math.max(containerHeight - 2 * TRACK_PADDING, 1);
  const byWidth = availableWidth / unit.width;
  if (mode === 'width') return byWidth;
  return Math.min(byWidth, availableHeight / unit.height);
}

/**
 * Where to scroll after the scale changes so the point under the viewport centre stays there:
 * the point is kept as "page i, fraction f of its height" because gaps do not scale.
 */
export function anchoredScrollTop(
  before: PagesLayout,
  after: PagesLayout,
  centreY: number,
  viewportHeight: number,
): number {
  // A reader at the very top stays there (the first fit-width zoom must not cut off page 1's top).
  if (centreY - viewportHeight / 2 <= 0.5) return 0;
  const i = pageIndexAt(before, centreY);
  if (i < 0) return 0;
  const fraction = (centreY - (before.tops[i] as number)) / Math.max(before.heights[i] as number, 1);
  const y = (after.tops[i] as number) + fraction * (after.heights[i] as number);
  return Math.max(0, y - viewportHeight / 2);
}

/** Clamps a zoom request to what the engine renders sensibly. */
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 8;
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}
