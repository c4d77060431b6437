// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { overviewPairs, pairsPerSecond, waveformOf, withPairs } from './peaks.js';

describe('waveformOf', () => {
  it('scales 8- and 16-bit peaks to -1…1 per channel and derives the duration', () => {
    const mono = waveformOf({
      version: 2,
      channels: 1,
      sample_rate: 8000,
      samples_per_pixel: 80,
      bits: 8,
      length: 2,
      data: [-128, 64, 0, 127],
    });
    expect(Array.from(mono.peaks[0]!)).toEqual([-1, 0.5, 0, 127 / 128]);
    expect(mono.duration).toBeCloseTo(0.02, 6);
    const stereo = waveformOf({
      version: 2,
      channels: 2,
      sample_rate: 44100,
      samples_per_pixel: 441,
      bits: 16,
      length: 1,
      data: [-16384, 16384, -32768, 0],
    });
    expect(Array.from(stereo.peaks[0]!)).toEqual([-0.5, 0.5]);
    expect(Array.from(stereo.peaks[1]!)).toEqual([-1, 0]);
  });
});

describe('the overview first, the stored resolution when zoomed', () => {
  it('asks for one pair per device pixel of the strip, never fewer than a few hundred', () => {
    expect(overviewPairs(976, 1)).toBe(976);
    expect(overviewPairs(976, 2)).toBe(1952);
    expect(overviewPairs(0, 1)).toBe(256);
    expect(withPairs('https://x.test/files/signed/abc.def', 976)).toBe('https://x.test/files/signed/abc.def?pairs=976');
    expect(withPairs('https://x.test/peaks?v=2', 10)).toBe('https://x.test/peaks?v=2&pairs=10');
  });

  it('knows how many pairs a second the data holds, so a finer zoom fetches the stored peaks', () => {
    // 3 hours in 1,000 pairs: 0.09 pairs a second, where the stored 50 a second show detail.
    const overview = waveformOf({
      version: 2,
      channels: 1,
      sample_rate: 8000,
      samples_per_pixel: 86_400,
      bits: 16,
      length: 1000,
      data: new Array(2000).fill(0),
    });
    expect(overview.duration).toBeCloseTo(10_800, 6);
    expect(pairsPerSecond(overview)).toBeCloseTo(1000 / 10_800, 9);
    expect(pairsPerSecond({ peaks: [], duration: 0 })).toBe(0);
  });
});
