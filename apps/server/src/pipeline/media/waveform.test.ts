import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coarserPeaks } from '../../formats/waveform-peaks.js';
import { contractErrors } from '../../testing/contract-errors.js';
import { MediaError } from './errors.js';
import { fixture, JFK_MP4, JFK_WAV, STEREO_WAV, tempFolder } from './test-fixtures.js';
import { computeWaveformPeaks, PeakAccumulator, toWavesurferPeaks } from './waveform.js';

const temp = tempFolder();
const SINE_60S = join(temp.path, 'sine-60s.flac');
beforeAll(() => {
  // 60 s of a 440 Hz tone at half of full scale (peaks ±16384), 44.1 kHz, in a compressed but
  // lossless container so the expected peaks are exact.
  const tone = 'aevalsrc=0.5*sin(2*PI*440*t):s=44100:d=60';
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    tone,
    '-c:a',
    'flac',
    '-sample_fmt',
    's16',
    '-y',
    SINE_60S,
  ]);
});
afterAll(temp.cleanup);

describe('PeakAccumulator', () => {
  it('folds frames into min/max pairs and flushes a partial last pixel', () => {
    const accumulator = new PeakAccumulator(1, 3, 1);
    accumulator.push(Int16Array.from([1, -5, 3, 7]));
    accumulator.push(Int16Array.from([2, -1, 9]));
    expect(accumulator.finish(16)).toEqual({ length: 3, data: [-5, 3, -1, 7, 9, 9] });
  });

  it('keeps channels apart and grows past its first estimate', () => {
    const accumulator = new PeakAccumulator(2, 1, 1);
    const frames = Int16Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? i : -i));
    accumulator.push(frames);
    const { length, data } = accumulator.finish(16);
    expect(length).toBe(100);
    expect(data.slice(0, 8)).toEqual([0, 0, -1, -1, 2, 2, -3, -3]);
  });

  it('scales to 8 bits by keeping the high byte', () => {
    const accumulator = new PeakAccumulator(1, 2);
    accumulator.push(Int16Array.from([-32768, 32767]));
    expect(accumulator.finish(8).data).toEqual([-128, 127]);
  });
});

describe('computeWaveformPeaks', () => {
  it('summarises a speech recording in the contract shape', async () => {
    const peaks = await computeWaveformPeaks(JFK_WAV, { peaksPerSecond: 50 });
    expect(contractErrors('WaveformPeaks', peaks)).toBeNull();
    expect(peaks).toMatchObject({
      version: 2,
      channels: 1,
      sample_rate: 16_000,
      samples_per_pixel: 320,
      bits: 16,
      length: 550,
    });
    expect(peaks.data).toHaveLength(550 * 2);
    for (let i = 0; i < peaks.data.length; i += 2)
      expect(peaks.data[i]).toBeLessThanOrEqual(peaks.data[i + 1] as number);
    // Speech is loud in places and near-silent in the pauses.
    const amplitude = (i: number) => (peaks.data[2 * i + 1] as number) - (peaks.data[2 * i] as number);
    const amplitudes = Array.from({ length: peaks.length }, (_, i) => amplitude(i));
    expect(Math.max(...amplitudes)).toBeGreaterThan(10_000);
    expect(Math.min(...amplitudes)).toBeLessThan(200);
  });

  it('gives one waveform per channel on request', async () => {
    const peaks = await computeWaveformPeaks(STEREO_WAV, { samplesPerPixel: 1600, channels: 'all', bits: 8 });
    expect(contractErrors('WaveformPeaks', peaks)).toBeNull();
    expect(peaks).toMatchObject({ channels: 2, length: 50, bits: 8 });
    // After ~2.6 s only the left speaker talks: right-channel pairs are flat.
    const last = peaks.data.slice(40 * 4);
    const right = last.filter((_, i) => i % 4 >= 2);
    const left = last.filter((_, i) => i % 4 < 2);
    expect(Math.max(...right.map(Math.abs))).toBeLessThanOrEqual(1);
    expect(Math.max(...left.map(Math.abs))).toBeGreaterThan(5);
  });

  it('reads the audio track of a video', async () => {
    const peaks = await computeWaveformPeaks(JFK_MP4);
    expect(peaks.length * peaks.samples_per_pixel).toBeGreaterThanOrEqual(
      11 * peaks.sample_rate - peaks.samples_per_pixel,
    );
  });

  it('processes a minute of 44.1 kHz audio', async () => {
    const started = performance.now();
    const peaks = await computeWaveformPeaks(SINE_60S, { peaksPerSecond: 100 });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(peaks.sample_rate).toBe(44_100);
    expect(peaks.samples_per_pixel).toBe(441);
    expect(peaks.length).toBe(6000);
    // Each pixel (10 ms) holds 4.4 periods of the tone, so every pair is close to ±16384.
    for (let i = 0; i < peaks.data.length; i += 2) {
      expect(peaks.data[i]).toBeLessThan(-16_000);
      expect(peaks.data[i + 1]).toBeGreaterThan(16_000);
    }
    expect(Math.max(...peaks.data)).toBeLessThanOrEqual(16_384);
    const wavesurfer = toWavesurferPeaks(peaks, 60);
    expect(wavesurfer.duration).toBe(60);
    expect(wavesurfer.peaks).toHaveLength(1);
    expect(Math.max(...(wavesurfer.peaks[0] as number[]))).toBeCloseTo(0.5, 2);
  });

  it('refuses files without audio', async () => {
    const error = await computeWaveformPeaks(fixture('edge_cases/pdf/crazyones.pdf')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).code).toBe('corrupt');
  });
});

describe('coarserPeaks', () => {
  const stereo = {
    version: 2 as const,
    channels: 2,
    sample_rate: 8000,
    samples_per_pixel: 160,
    bits: 16 as const,
    length: 5,
    // pair by pair: [left min, left max, right min, right max]
    data: [-1, 1, -10, 10, -5, 2, -3, 30, -2, 7, -40, 4, -6, 6, 0, 0, -9, 3, -1, 1],
  };

  it('merges runs of pairs into their min and max per channel, the last run shorter', () => {
    expect(coarserPeaks(stereo, 2)).toEqual({
      ...stereo,
      samples_per_pixel: 480,
      length: 2,
      data: [-5, 7, -40, 30, -9, 6, -1, 1],
    });
  });

  it('keeps peaks that already fit, and never goes below one pair', () => {
    expect(coarserPeaks(stereo, 5)).toEqual(stereo);
    expect(coarserPeaks(stereo, 50)).toEqual(stereo);
    expect(coarserPeaks(stereo, 0)).toMatchObject({ length: 1, data: [-9, 7, -40, 30] });
  });
});
