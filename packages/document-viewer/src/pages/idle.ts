// Main-thread idle time, shared by the parts of the page engine that defer work out of the frames
// of an interaction (the box canvas's repaint after a zoom, the rendering of off-screen pages).

/** Runs `callback` when the main thread is idle (next frame where idle callbacks do not exist). */
export function whenIdle(
  view: (Window & typeof globalThis) | null,
  callback: () => void,
  timeout: number | undefined,
): () => void {
  if (view && typeof view.requestIdleCallback === 'function') {
    const id = view.requestIdleCallback(callback, timeout === undefined ? undefined : { timeout });
    return () => view.cancelIdleCallback(id);
  }
  const id = requestAnimationFrame(callback);
  return () => cancelAnimationFrame(id);
}
