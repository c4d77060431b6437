/**
 * wavesurfer.js and its regions plugin: loaded on demand, so they are not part of the editor's
 * code, and fetched once the page is idle after an editor mounts (while its transcript loads).
 * By the time a recording's peaks arrive the drawing code is there, instead of being asked for only then, when the server is
 * busy answering the peaks, the media's first bytes and the editor's other calls. A failed load is
 * forgotten, so the next use tries again.
 */
type WaveSurferModule = typeof import('wavesurfer.js');
type RegionsModule = typeof import('wavesurfer.js/dist/plugins/regions.esm.js');

let waveSurfer: Promise<WaveSurferModule> | null = null;
let regions: Promise<RegionsModule> | null = null;

/** wavesurfer.js, loaded once. */
export function loadWaveSurfer(): Promise<WaveSurferModule> {
  waveSurfer ??= import('wavesurfer.js').catch((error: unknown) => {
    waveSurfer = null;
    throw error;
  });
  return waveSurfer;
}

/** The regions plugin, loaded once. */
export function loadRegionsPlugin(): Promise<RegionsModule> {
  regions ??= import('wavesurfer.js/dist/plugins/regions.esm.js').catch((error: unknown) => {
    regions = null;
    throw error;
  });
  return regions;
}

/** How long an idle moment is waited for before the drawing code is fetched anyway. */
const IDLE_TIMEOUT_MS = 2_000;

/** Fetches the drawing code when `view` is next idle (at the next turn where it cannot tell). */
export function preloadDrawingCode(view: (Window & typeof globalThis) | undefined): void {
  if (!view) return;
  const load = () => {
    loadWaveSurfer().catch(() => undefined);
    loadRegionsPlugin().catch(() => undefined);
  };
  if (typeof view.requestIdleCallback === 'function') view.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
  else view.setTimeout(load, 0);
}
