/**
 * Work that must not hold up the frame an edit changes (writing a 40,000-word transcript to the
 * device journal copies every word): it runs in a task after that frame's animation callbacks, so
 * the reviewer sees the edit first. Work that belongs to the frame but need not force the page's
 * layout early (moving the focus) runs in its animation callbacks, just before the browser lays
 * the page out anyway. A hidden page paints no frames; a timer runs the work anyway.
 */

/** Longest wait for a frame that does not come (a hidden tab paints none). */
const NO_FRAME_MS = 100;

/** Runs `work` once, after the next frame is painted; the returned function cancels it. */
export function afterNextPaint(work: () => void): () => void {
  return onNextFrame(work, 'after');
}

/**
 * Runs `work` once, in the next frame's animation callbacks (before its style, layout and paint);
 * the returned function cancels it.
 */
export function beforeNextPaint(work: () => void): () => void {
  return onNextFrame(work, 'before');
}

function onNextFrame(work: () => void, when: 'before' | 'after'): () => void {
  let settled = false;
  let frame = 0;
  let afterFrame: ReturnType<typeof setTimeout> | undefined;
  const frames = typeof globalThis.requestAnimationFrame === 'function';
  const fallback = setTimeout(() => run(), frames ? NO_FRAME_MS : 0);
  const cancel = () => {
    settled = true;
    clearTimeout(fallback);
    clearTimeout(afterFrame);
    if (frame) globalThis.cancelAnimationFrame?.(frame);
  };
  const run = () => {
    if (settled) return;
    cancel();
    work();
  };
  if (frames)
    frame = globalThis.requestAnimationFrame(() => {
      // Animation callbacks run before the paint; a task queued from one runs after it.
      if (when === 'before') run();
      else afterFrame = setTimeout(run, 0);
    });
  return cancel;
}
