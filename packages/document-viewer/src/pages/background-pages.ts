// Which off-screen page renders next. pdf.js paints a page on the main thread in ~15 ms slices, one
// per frame; two overscan pages rendering at once put two slices in every frame, and a click that
// lands then (the reader's first one, right after the document opened) waited for both. So
// overscan pages render one at a time, nearest to the viewport first, each starting only when the
// main thread is idle.
import { useEffect, useState } from 'react';
import { whenIdle } from './idle';
import type { PageWindow } from './layout';

/**
 * The index of the mounted, not visible, not yet painted page nearest to the visible ones (below
 * before above at the same distance), or null when every mounted page has painted.
 */
export function nextBackgroundPage(win: PageWindow, isPainted: (index: number) => boolean): number | null {
  for (let distance = 1; ; distance++) {
    const below = win.lastVisible + distance;
    const above = win.firstVisible - distance;
    const belowMounted = below <= win.end;
    const aboveMounted = above >= win.start;
    if (!belowMounted && !aboveMounted) return null;
    if (belowMounted && !isPainted(below)) return below;
    if (aboveMounted && !isPainted(above)) return above;
  }
}

/**
 * `value` once the main thread has been idle after it was proposed (null until then, and while
 * `value` is null). A new value waits for a new idle period.
 */
export function useIdleTurn<T>(value: T | null, view: (Window & typeof globalThis) | null): T | null {
  const [granted, setGranted] = useState<T | null>(null);
  useEffect(() => {
    if (value === null) return;
    // No timeout: an overscan page may wait as long as the reader keeps the main thread busy.
    return whenIdle(view, () => setGranted(value), undefined);
  }, [value, view]);
  return value !== null && granted === value ? value : null;
}
