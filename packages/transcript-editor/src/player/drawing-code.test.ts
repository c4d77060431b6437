import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRegionsPlugin, loadWaveSurfer, preloadDrawingCode } from './drawing-code.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the drawing code', () => {
  it('loads wavesurfer and its regions plugin once, the same modules for every waveform', async () => {
    const first = loadWaveSurfer();
    expect(loadWaveSurfer()).toBe(first);
    const { default: WaveSurfer } = await first;
    expect(typeof WaveSurfer.create).toBe('function');
    const { default: RegionsPlugin } = await loadRegionsPlugin();
    expect(typeof RegionsPlugin.create).toBe('function');
    expect(loadRegionsPlugin()).toBe(loadRegionsPlugin());
  });

  it('is fetched when the page is next idle, or at the next turn where it cannot tell, and not without a page', () => {
    const idle = vi.fn<(callback: IdleRequestCallback, options?: IdleRequestOptions) => number>(() => 1);
    preloadDrawingCode({ requestIdleCallback: idle } as unknown as Window & typeof globalThis);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 2_000 });

    const later = vi.fn<(callback: () => void, ms?: number) => number>(() => 1);
    preloadDrawingCode({ setTimeout: later } as unknown as Window & typeof globalThis);
    expect(later).toHaveBeenCalledWith(expect.any(Function), 0);

    expect(() => preloadDrawingCode(undefined)).not.toThrow();
  });

  it('starts both loads when the idle moment comes', async () => {
    let run: IdleRequestCallback | undefined;
    preloadDrawingCode({
      requestIdleCallback: (callback: IdleRequestCallback) => {
        run = callback;
        return 1;
      },
    } as unknown as Window & typeof globalThis);
    expect(run).toBeDefined();
    run?.({ didTimeout: false, timeRemaining: () => 10 });
    // The loads started by the idle callback are the ones a waveform then awaits.
    await expect(loadWaveSurfer()).resolves.toHaveProperty('default');
    await expect(loadRegionsPlugin()).resolves.toHaveProperty('default');
  });
});
