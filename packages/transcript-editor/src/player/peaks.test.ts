// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { waveformOf } from './peaks.js';

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
