// The waveform peaks document (the contract's WaveformPeaks, audiowaveform JSON): the pipeline
// computes it from the media, and the results domain serves it at the resolution a view asks for.
import type { Schema } from '../contract/types.js';

/** The contract's WaveformPeaks (audiowaveform JSON, version 2); this server writes 8 or 16 bits. */
export type WaveformPeaks = Schema<'WaveformPeaks'> & { bits: 8 | 16 };

/**
 * The same peaks at a coarser resolution: at most `maxPairs` min/max pairs per channel, each the
 * minimum and maximum of a run of consecutive pairs (so no peak is lost, only merged), with
 * `samples_per_pixel` multiplied alike. An overview of a 3-hour recording one screen wide is a
 * few thousand pairs instead of half a million. Peaks already within `maxPairs` come back as they are.
 */
export function coarserPeaks(
  peaks: Omit<WaveformPeaks, 'data'> & { data: ArrayLike<number> },
  maxPairs: number,
): WaveformPeaks {
  const factor = Math.max(1, Math.ceil(peaks.length / Math.max(1, Math.floor(maxPairs))));
  const channels = peaks.channels;
  const stride = channels * 2;
  const length = Math.ceil(peaks.length / factor);
  const data = new Array<number>(length * stride);
  for (let pair = 0; pair < length; pair++) {
    const from = pair * factor;
    const to = Math.min(peaks.length, from + factor);
    for (let c = 0; c < channels; c++) {
      let min = Number.POSITIVE_INFINITY;
      let max = Number.NEGATIVE_INFINITY;
      for (let i = from; i < to; i++) {
        const low = peaks.data[i * stride + 2 * c] as number;
        const high = peaks.data[i * stride + 2 * c + 1] as number;
        if (low < min) min = low;
        if (high > max) max = high;
      }
      data[pair * stride + 2 * c] = min;
      data[pair * stride + 2 * c + 1] = max;
    }
  }
  return {
    version: 2,
    channels,
    sample_rate: peaks.sample_rate,
    samples_per_pixel: peaks.samples_per_pixel * factor,
    bits: peaks.bits,
    length,
    data,
  };
}
