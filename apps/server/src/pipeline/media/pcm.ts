// Decodes any audio/video file to raw PCM (signed 16-bit little-endian) with ffmpeg, as a stream.
// Hours of audio are 100+ MB even at 16 kHz mono, so nothing here buffers a whole file: the async
// generator pulls from ffmpeg's stdout and backpressure pauses ffmpeg while the consumer is busy.
import { spawn } from 'node:child_process';
import { MediaError } from './errors.js';
import { exitOf, TailBuffer } from './process.js';

/** The sample rate and layout speech engines expect (pocketsphinx's en-us model, Whisper). */
export const SPEECH_SAMPLE_RATE = 16_000;

export interface PcmOptions {
  /** Output sample rate in Hz. @default 16000 */
  sampleRate?: number;
  /**
   * `'mix'` averages all channels into one (default), a number keeps only that channel (0 = left),
   * `'all'` keeps every channel interleaved (the caller knows how many from probeMedia).
   */
  channels?: 'mix' | 'all' | number;
  /** Decode only this part of the file (a chunk of a split recording); the output starts at its start. */
  range?: MediaRange;
  signal?: AbortSignal;
}

/** A time range of a recording, in seconds from its start. */
export interface MediaRange {
  startSeconds: number;
  durationSeconds: number;
}

/**
 * ffmpeg's seek arguments for a range: `-ss` before `-i` seeks the input (fast, and sample-exact for
 * audio since ffmpeg decodes from the preceding key frame and drops what comes before), `-t` after
 * it limits the output's length.
 */
function rangeArgs(range: MediaRange | undefined): { before: string[]; after: string[] } {
  if (!range) return { before: [], after: [] };
  if (!(range.startSeconds >= 0) || !(range.durationSeconds > 0)) {
    throw new RangeError(`Invalid media range: start ${range.startSeconds} s, duration ${range.durationSeconds} s.`);
  }
  return { before: ['-ss', String(range.startSeconds)], after: ['-t', String(range.durationSeconds)] };
}

/** ffmpeg arguments for a PCM decode; exported so other engines can reuse the exact same decode. */
export function pcmArgs(path: string, options: PcmOptions = {}): string[] {
  const { sampleRate = SPEECH_SAMPLE_RATE, channels = 'mix' } = options;
  const seek = rangeArgs(options.range);
  const layout =
    channels === 'mix'
      ? ['-ac', '1']
      : channels === 'all'
        ? []
        : // pan keeps exactly one input channel; out-of-range channels make ffmpeg fail loudly.
          ['-af', `pan=mono|c0=c${Math.trunc(channels)}`];
  return [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    ...seek.before,
    '-i',
    path,
    ...seek.after,
    '-map',
    '0:a:0',
    ...layout,
    '-ar',
    String(sampleRate),
    '-f',
    's16le',
    '-acodec',
    'pcm_s16le',
    'pipe:1',
  ];
}

/** Maps ffmpeg's last words to a typed error. */
function decodeError(stderr: string): MediaError {
  if (/matches no streams|does not contain any stream/i.test(stderr)) {
    return new MediaError('unsupported', 'The file has no audio stream.', stderr);
  }
  if (/No such file or directory/i.test(stderr)) return new MediaError('not-found', 'The file does not exist.', stderr);
  return new MediaError('corrupt', 'The audio could not be decoded; the file may be damaged.', stderr);
}

/**
 * Streams a file's first audio stream as s16le PCM chunks (ffmpeg's pipe chunks, up to 64 KiB).
 * Breaking out of the loop stops ffmpeg.
 * @throws MediaError once the stream ends if ffmpeg failed (`corrupt`, `unsupported`, `tool-missing`, `aborted`).
 */
export async function* decodeToPcm(path: string, options: PcmOptions = {}): AsyncGenerator<Buffer, void, undefined> {
  const child = spawn('ffmpeg', pcmArgs(path, options), {
    stdio: ['ignore', 'pipe', 'pipe'],
    signal: options.signal,
  });
  const stderr = new TailBuffer();
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const exit = exitOf(child, 'ffmpeg');
  // Observed after the data is drained; this only keeps an early spawn failure from going unhandled.
  exit.catch(() => undefined);
  let done = false;
  try {
    for await (const chunk of child.stdout) yield chunk as Buffer;
    const { code } = await exit.catch((error: unknown) => {
      if (options.signal?.aborted) throw new MediaError('aborted', 'Decoding was cancelled.');
      throw error;
    });
    done = true;
    if (options.signal?.aborted) throw new MediaError('aborted', 'Decoding was cancelled.');
    if (code !== 0) throw decodeError(stderr.toString());
  } finally {
    if (!done) child.kill('SIGKILL');
  }
}

/**
 * Re-chunks a byte stream into whole sample frames as Int16Array views (native little-endian, as
 * on every platform Node supports). A sample split across two pipe chunks is carried over.
 */
export async function* int16Frames(
  source: AsyncIterable<Buffer>,
  channels = 1,
): AsyncGenerator<Int16Array, void, undefined> {
  const frameBytes = 2 * channels;
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of source) {
    const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const usable = data.length - (data.length % frameBytes);
    carry = Buffer.from(data.subarray(usable));
    if (usable === 0) continue;
    // Int16Array needs an even byte offset; pooled Buffers do not promise one.
    yield data.byteOffset % 2 === 0
      ? new Int16Array(data.buffer, data.byteOffset, usable / 2)
      : new Int16Array(Uint8Array.prototype.slice.call(data, 0, usable).buffer);
  }
}

/**
 * Writes the same decode as a 16-bit WAV file (for engines that take an upload, not a stream).
 * ffmpeg streams input to output; nothing passes through this process.
 */
export async function convertToWav(path: string, outputPath: string, options: PcmOptions = {}): Promise<void> {
  const args = pcmArgs(path, options);
  // Same decode, but a WAV file instead of raw PCM on stdout.
  args.splice(args.indexOf('-f'), 4, '-f', 'wav', '-acodec', 'pcm_s16le', '-y');
  args[args.length - 1] = outputPath;
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'], signal: options.signal });
  const stderr = new TailBuffer();
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const { code } = await exitOf(child, 'ffmpeg').catch((error: unknown) => {
    if (options.signal?.aborted) throw new MediaError('aborted', 'Decoding was cancelled.');
    throw error;
  });
  if (code !== 0) throw decodeError(stderr.toString());
}

/**
 * A short part of a file as 32-bit float samples in [-1, 1), mono at `sampleRate` (a paragraph for
 * forced alignment: seconds, not hours — the whole range is held in memory).
 */
export async function decodeFloat32(path: string, options: PcmOptions = {}): Promise<Float32Array> {
  const parts: Int16Array[] = [];
  let length = 0;
  for await (const frames of int16Frames(decodeToPcm(path, { ...options, channels: options.channels ?? 'mix' }))) {
    parts.push(frames.slice());
    length += frames.length;
  }
  const samples = new Float32Array(length);
  let at = 0;
  for (const part of parts) {
    for (let i = 0; i < part.length; i += 1) samples[at + i] = (part[i] as number) / 32768;
    at += part.length;
  }
  return samples;
}
