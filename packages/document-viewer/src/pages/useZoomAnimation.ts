// Zoom in two steps: for 200 ms the already rendered track is scaled by a CSS transform around the
// viewport centre (compositor-only, no page or box work per frame), then the pages re-render once
// at the final scale and the scroll position is re-anchored so the centre point stays put.
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';

export const ZOOM_ANIMATION_MS = 200;

interface Pending {
  from: number;
  to: number;
  /** Viewport centre in track coordinates at the start, to re-anchor after the commit. */
  centreX: number;
  centreY: number;
}

function prefersReducedMotion(element: Element): boolean {
  return element.ownerDocument.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Returns the zoom the pages are rendered at. `target` is what the host asked for; the returned
 * zoom follows it once the animation has run. `onCommit` receives the previous zoom and the anchor
 * so the caller can restore the scroll position in the same frame.
 */
export function useZoomAnimation(
  target: number,
  scrollerRef: RefObject<HTMLElement | null>,
  trackRef: RefObject<HTMLElement | null>,
  ready: boolean,
  onCommit: (from: number, to: number, centreX: number, centreY: number) => void,
): number {
  const [rendered, setRendered] = useState(target);
  const animation = useRef<Animation | null>(null);
  const pending = useRef<Pending | null>(null);
  const committed = useRef<Pending | null>(null);
  const onCommitRef = useRef(onCommit);
  onCommitRef.current = onCommit;

  useEffect(() => {
    const scroller = scrollerRef.current;
    const track = trackRef.current;
    if (!ready || !scroller || !track) {
      if (!ready) setRendered(target);
      return;
    }
    if (target === rendered) {
      animation.current?.cancel();
      animation.current = null;
      pending.current = null;
      return;
    }
    // Continue from wherever a running animation is, so quick zoom steps do not jump.
    let fromScale = 1;
    const running = animation.current;
    if (running && pending.current) {
      const matrix = new DOMMatrixReadOnly(getComputedStyle(track).transform);
      fromScale = Number.isFinite(matrix.a) && matrix.a > 0 ? matrix.a : 1;
      running.cancel();
    }
    const centreX = pending.current?.centreX ?? scroller.scrollLeft + scroller.clientWidth / 2;
    const centreY = pending.current?.centreY ?? scroller.scrollTop + scroller.clientHeight / 2;
    const next: Pending = { from: rendered, to: target, centreX, centreY };
    pending.current = next;
    const commit = () => {
      if (pending.current !== next) return;
      committed.current = next;
      setRendered(target);
    };
    if (typeof track.animate !== 'function' || prefersReducedMotion(track)) {
      commit();
      return;
    }
    track.style.transformOrigin = `${centreX}px ${centreY}px`;
    const a = track.animate([{ transform: `scale(${fromScale})` }, { transform: `scale(${target / rendered})` }], {
      duration: ZOOM_ANIMATION_MS,
      easing: 'ease-out',
      fill: 'forwards',
    });
    animation.current = a;
    a.onfinish = commit;
  }, [target, rendered, ready, scrollerRef, trackRef]);

  // After the re-render at the final scale: restore the anchor, then drop the transform — in the
  // same frame, so the reader never sees the unscaled intermediate.
  useLayoutEffect(() => {
    const done = committed.current;
    if (!done || done.to !== rendered) return;
    committed.current = null;
    pending.current = null;
    onCommitRef.current(done.from, done.to, done.centreX, done.centreY);
    animation.current?.cancel();
    animation.current = null;
  }, [rendered]);

  useEffect(() => () => animation.current?.cancel(), []);

  return rendered;
}
