/**
 * The server's waveform peaks (the audiowaveform JSON of the contract's `WaveformPeaks`) as
 * wavesurfer.js takes them: one array per channel of values between -1 and 1, and the duration
 * they cover, so the browser never fetches or decodes the media to draw it.
 * The first paint asks for an overview (`?pairs=N`: one pair per pixel of the strip, merged on the
 * server), a few thousand pairs even for hours of media; the stored resolution is fetched only
 * when a zoom level shows more than the overview holds.
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

/** Pairs of the overview for a strip `width` CSS pixels wide: one per device pixel, at least a few hundred. */
export function overviewPairs(width: number, pixelRatio = 1): number {
  return Math.max(256, Math.ceil(Math.max(0, width) * Math.max(1, pixelRatio)));
}

/** The peaks URL asking for at most `pairs` pairs (the signed URL keeps its own query, if any). */
export function withPairs(peaksUrl: string, pairs: number): string {
  return `${peaksUrl}${peaksUrl.includes('?') ? '&' : '?'}pairs=${pairs}`;
}

/** Pairs per second of media the data holds: past that many pixels a second, only more pairs show more. */
export function pairsPerSecond(data: WaveformData): number {
  const pairs = data.peaks[0] ? data.peaks[0].length / 2 : 0;
  return data.duration > 0 ? pairs / data.duration : 0;
}

/** Fetches and converts the peaks at `url`. */
export async function fetchWaveform(url: string, signal: AbortSignal): Promise<WaveformData> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`waveform ${response.status}`);
  return waveformOf((await response.json()) as WaveformPeaks);
}
