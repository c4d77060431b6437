/**
 * The waveform's zoom levels, in pixels per second of media (wavesurfer's `minPxPerSec`). The
 * first level (0) fits the whole recording in the strip; the others are fixed steps finer than
 * that, up to {@link MAX_PX_PER_SECOND} — about four pixels per peak of the server's waveform
 * (100 peaks a second), past which zooming only stretches the bars.
 */
export const ZOOM_STEPS = [10, 25, 50, 100, 200, 400] as const;
export const MAX_PX_PER_SECOND = 400;

/** The levels for a strip `width` pixels wide showing `duration` seconds: fit, then the steps finer than it. */
export function zoomLevels(width: number, duration: number): number[] {
  if (!(width > 0) || !(duration > 0)) return [0];
  const fit = width / duration;
  // A step must be clearly finer than the fit, or "zoom in" would seem to do nothing.
  return [0, ...ZOOM_STEPS.filter((step) => step > fit * 1.25)];
}

/** The level index one step in (1) or out (-1), kept within the levels. */
export function stepZoom(levels: readonly number[], index: number, direction: 1 | -1): number {
  return Math.min(levels.length - 1, Math.max(0, index + direction));
}
