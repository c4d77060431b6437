/**
 * Placing a field's region with the keyboard (the mouse draws it): arrows move the region, Shift +
 * arrows resize it, by 1% of the page (10% with Ctrl), always kept on the page. Pure, so the keys
 * are tested apart from the screen.
 */
import type { PageBox } from '../pages/types.js';

export interface PageSize {
  width: number;
  height: number;
}

/** Where a new region starts: across the middle of the page, a line high. */
export function startRegion(page: PageSize): PageBox {
  const width = page.width * 0.3;
  const height = page.height * 0.03;
  return { left: (page.width - width) / 2, top: (page.height - height) / 2, width, height };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The region after a key, or null when the key does not move or resize it. */
export function regionAfterKey(
  box: PageBox,
  page: PageSize,
  key: string,
  modifiers: { shift: boolean; ctrl: boolean },
): PageBox | null {
  const share = modifiers.ctrl ? 0.1 : 0.01;
  const dx = { ArrowLeft: -1, ArrowRight: 1 }[key] ?? 0;
  const dy = { ArrowUp: -1, ArrowDown: 1 }[key] ?? 0;
  if (dx === 0 && dy === 0) return null;
  const stepX = page.width * share * dx;
  const stepY = page.height * share * dy;
  if (modifiers.shift) {
    const minimum = Math.min(page.width, page.height) * 0.005;
    const width = clamp(box.width + stepX, minimum, page.width - box.left);
    const height = clamp(box.height + stepY, minimum, page.height - box.top);
    return { ...box, width, height };
  }
  return {
    ...box,
    left: clamp(box.left + stepX, 0, page.width - box.width),
    top: clamp(box.top + stepY, 0, page.height - box.height),
  };
}

/** The region in whole percent of the page, for people who cannot see it. */
export function regionPercent(box: PageBox, page: PageSize) {
  const pct = (value: number, of: number) => Math.round((value / of) * 100);
  return {
    left: pct(box.left, page.width),
    top: pct(box.top, page.height),
    width: pct(box.width, page.width),
    height: pct(box.height, page.height),
  };
}
