/**
 * The server's waveform peaks (the audiowaveform JSON of the contract's `WaveformPeaks`) as
 * wavesurfer.js takes them: one array per channel of values between -1 and 1, and the duration
 * they cover, so the browser never fetches or decodes the media to draw it.
 */
import type { WaveformPeaks } from '../session/types.js';

export interface WaveformData {
  peaks: Float32Array[];
  /** Seconds covered by the peaks. */
  duration: number;
}

export function waveformOf(document: WaveformPeaks): WaveformData {
  const scale = 2 ** (document.bits - 1);
  const channels = Math.max(1, document.channels);
  const peaks = Array.from({ length: channels }, () => new Float32Array(document.length * 2));
  for (let i = 0; i < document.length; i++) {
    for (let c = 0; c < channels; c++) {
      const at = (i * channels + c) * 2;
      const channel = peaks[c] as Float32Array;
      channel[i * 2] = (document.data[at] ?? 0) / scale;
      channel[i * 2 + 1] = (document.data[at + 1] ?? 0) / scale;
    }
  }
  return { peaks, duration: (document.length * document.samples_per_pixel) / document.sample_rate };
}
