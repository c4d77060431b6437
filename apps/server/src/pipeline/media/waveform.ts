// Waveform peaks computed on the server (architecture §3: the browser never decodes hours of
// audio). PCM streams from ffmpeg through a min/max accumulator, so memory is bounded by the size
// of the result (a few MB for 3 hours at the default resolution), not by the length of the audio.
// The output is the audiowaveform JSON format of the contract's WaveformPeaks.
import type { WaveformPeaks } from '../../formats/waveform-peaks.js';
import { MediaError } from './errors.js';
import { decodeToPcm, int16Frames, type MediaRange } from './pcm.js';
import { probeMedia } from './probe.js';

export type { WaveformPeaks } from '../../formats/waveform-peaks.js';

export interface WaveformOptions {
  /** Audio samples per min/max pair. Wins over `peaksPerSecond`. */
  samplesPerPixel?: number;
  /** Min/max pairs per second of audio. @default 50 (enough for a full-width view and a 20× zoom) */
  peaksPerSecond?: number;
  /** 16 keeps full resolution; 8 halves the JSON. @default 16 */
  bits?: 8 | 16;
  /** `'mix'` draws one waveform of all channels (default); `'all'` one per channel. */
  channels?: 'mix' | 'all';
  /** Decode at this rate instead of the source's (lower is faster, coarser). @default source rate */
  sampleRate?: number;
  /** Draw only this part of the recording (a chunk of a split task); the peaks start at its start. */
  range?: MediaRange;
  signal?: AbortSignal;
}

export const DEFAULT_PEAKS_PER_SECOND = 50;

/** Folds interleaved 16-bit frames into min/max pairs, growing its output as needed. */
export class PeakAccumulator {
  #data: Int16Array;
  #pairs = 0;
  #count = 0;
  readonly #min: Int16Array;
  readonly #max: Int16Array;

  constructor(
    readonly channels: number,
    readonly samplesPerPixel: number,
    expectedPairs = 1024,
  ) {
    this.#data = new Int16Array(Math.max(16, expectedPairs + 2) * channels * 2);
    this.#min = new Int16Array(channels).fill(32767);
    this.#max = new Int16Array(channels).fill(-32768);
  }

  push(frames: Int16Array): void {
    const { channels, samplesPerPixel } = this;
    const min = this.#min;
    const max = this.#max;
    let count = this.#count;
    // One tight loop with no calls per sample: this runs ~500 million times for 3 hours at 44.1 kHz.
    for (let i = 0; i < frames.length; i += channels) {
      for (let c = 0; c < channels; c++) {
        const v = frames[i + c] as number;
        if (v < (min[c] as number)) min[c] = v;
        if (v > (max[c] as number)) max[c] = v;
      }
      if (++count === samplesPerPixel) {
        this.#emit();
        count = 0;
      }
    }
    this.#count = count;
  }

  #emit(): void {
    const stride = this.channels * 2;
    if ((this.#pairs + 1) * stride > this.#data.length) {
      const grown = new Int16Array(this.#data.length * 2);
      grown.set(this.#data);
      this.#data = grown;
    }
    const at = this.#pairs * stride;
    for (let c = 0; c < this.channels; c++) {
      this.#data[at + 2 * c] = this.#min[c] as number;
      this.#data[at + 2 * c + 1] = this.#max[c] as number;
    }
    this.#min.fill(32767);
    this.#max.fill(-32768);
    this.#pairs++;
  }

  /** Flushes a last partial pixel and returns `{length, data}`. */
  finish(bits: 8 | 16): { length: number; data: number[] } {
    if (this.#count > 0) {
      this.#emit();
      this.#count = 0;
    }
    const used = this.#data.subarray(0, this.#pairs * this.channels * 2);
    // 8-bit output keeps the high byte, as audiowaveform does (range -128…127).
    const data = bits === 8 ? Array.from(used, (v) => v >> 8) : Array.from(used);
    return { length: this.#pairs, data };
  }
}

/**
 * Computes min/max peaks of a file's first audio stream.
 * @throws MediaError (`not-found`, `corrupt`, `unsupported` when there is no audio, `aborted`).
 */
export async function computeWaveformPeaks(path: string, options: WaveformOptions = {}): Promise<WaveformPeaks> {
  const info = await probeMedia(path, options.signal);
  const stream = info.audio[0];
  if (!stream) throw new MediaError('unsupported', 'The file has no audio stream to draw a waveform from.');
  const sampleRate = options.sampleRate ?? (stream.sampleRate > 0 ? stream.sampleRate : 16_000);
  const channels = options.channels === 'all' ? stream.channels : 1;
  const bits = options.bits ?? 16;
  const samplesPerPixel = Math.max(
    1,
    Math.round(options.samplesPerPixel ?? sampleRate / (options.peaksPerSecond ?? DEFAULT_PEAKS_PER_SECOND)),
  );
  const seconds = options.range?.durationSeconds ?? info.durationSeconds ?? 60;
  const expectedPairs = Math.ceil((seconds * sampleRate) / samplesPerPixel);
  const accumulator = new PeakAccumulator(channels, samplesPerPixel, expectedPairs);
  const pcm = decodeToPcm(path, {
    sampleRate,
    channels: options.channels === 'all' ? 'all' : 'mix',
    range: options.range,
    signal: options.signal,
  });
  for await (const frames of int16Frames(pcm, channels)) accumulator.push(frames);
  const { length, data } = accumulator.finish(bits);
  return { version: 2, channels, sample_rate: sampleRate, samples_per_pixel: samplesPerPixel, bits, length, data };
}

/**
 * The same peaks in the shape wavesurfer.js 8 takes (`peaks: number[][]` in −1…1, one array per
 * channel, `duration` in seconds), for callers that feed the player directly.
 */
export function toWavesurferPeaks(
  peaks: WaveformPeaks,
  /** The media duration from probeMedia; defaults to what the peaks cover (up to one pixel more). */
  durationSeconds = (peaks.length * peaks.samples_per_pixel) / peaks.sample_rate,
): { peaks: number[][]; duration: number } {
  const scale = 2 ** (peaks.bits - 1);
  const perChannel: number[][] = Array.from({ length: peaks.channels }, () => []);
  const stride = peaks.channels * 2;
  for (let i = 0; i < peaks.length; i++) {
    for (let c = 0; c < peaks.channels; c++) {
      const channel = perChannel[c] as number[];
      channel.push(
        (peaks.data[i * stride + 2 * c] as number) / scale,
        (peaks.data[i * stride + 2 * c + 1] as number) / scale,
      );
    }
  }
  return { peaks: perChannel, duration: durationSeconds };
}
