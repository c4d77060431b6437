// A simple speaker split for stereo recordings where each person has their own channel (phone
// and interview recorders, the stereo_two_speakers fixture). We measure each channel's loudness
// in short windows: if the channels differ, each is transcribed on its own and labelled as one
// speaker, and a word heard on one channel but much louder on the other (crosstalk: the other
// person's voice leaking into this microphone) is dropped. Identical channels (dual mono) fall
// back to one mixed transcription.
import { decodeToPcm, int16Frames, type MediaRange } from './pcm.js';
import type { RecognizedWord } from './speech/types.js';

export interface ChannelEnergy {
  windowSeconds: number;
  /** RMS per window per channel, in dBFS (−∞ for digital silence is clamped to −100). */
  levels: Float32Array[];
}

const SILENCE_DB = -100;
const toDb = (sumSquares: number, count: number): number =>
  count === 0 || sumSquares === 0 ? SILENCE_DB : Math.max(SILENCE_DB, 10 * Math.log10(sumSquares / count / 32768 ** 2));

/** Loudness of every channel in windows of `windowSeconds` (8 kHz decode: plenty for energy). */
export async function measureChannelEnergy(
  path: string,
  channels: number,
  options: { windowSeconds?: number; range?: MediaRange; signal?: AbortSignal } = {},
): Promise<ChannelEnergy> {
  const windowSeconds = options.windowSeconds ?? 0.05;
  const sampleRate = 8000;
  const perWindow = Math.max(1, Math.round(windowSeconds * sampleRate));
  const levels: number[][] = Array.from({ length: channels }, () => []);
  const sums = new Float64Array(channels);
  let count = 0;
  const pcm = decodeToPcm(path, { sampleRate, channels: 'all', range: options.range, signal: options.signal });
  for await (const frames of int16Frames(pcm, channels)) {
    for (let i = 0; i < frames.length; i += channels) {
      for (let c = 0; c < channels; c++) {
        const v = frames[i + c] as number;
        sums[c] = (sums[c] as number) + v * v;
      }
      if (++count === perWindow) {
        for (let c = 0; c < channels; c++) (levels[c] as number[]).push(toDb(sums[c] as number, count));
        sums.fill(0);
        count = 0;
      }
    }
  }
  if (count > 0) for (let c = 0; c < channels; c++) (levels[c] as number[]).push(toDb(sums[c] as number, count));
  return { windowSeconds, levels: levels.map((l) => Float32Array.from(l)) };
}

/**
 * True when the channels carry different signals: in windows where anything is audible, the
 * median level difference between the loudest and quietest channel is at least `minDifferenceDb`.
 */
export function channelsDiffer(energy: ChannelEnergy, minDifferenceDb = 6, floorDb = -50): boolean {
  if (energy.levels.length < 2) return false;
  const windows = energy.levels[0]?.length ?? 0;
  const differences: number[] = [];
  for (let w = 0; w < windows; w++) {
    const values = energy.levels.map((l) => l[w] as number);
    const loudest = Math.max(...values);
    if (loudest < floorDb) continue;
    differences.push(loudest - Math.min(...values));
  }
  if (differences.length === 0) return false;
  differences.sort((a, b) => a - b);
  return (differences[Math.floor(differences.length / 2)] as number) >= minDifferenceDb;
}

/** Mean level of a channel over [start, end) seconds. */
function levelOver(energy: ChannelEnergy, channel: number, start: number, end: number): number {
  const levels = energy.levels[channel];
  if (!levels || levels.length === 0) return SILENCE_DB;
  const from = Math.min(levels.length - 1, Math.max(0, Math.floor(start / energy.windowSeconds)));
  const to = Math.min(levels.length, Math.max(from + 1, Math.ceil(end / energy.windowSeconds)));
  let sum = 0;
  for (let w = from; w < to; w++) sum += 10 ** ((levels[w] as number) / 10);
  return 10 * Math.log10(sum / (to - from));
}

/**
 * Drops words recognised on one channel while another channel was much louder (the same voice,
 * leaked). Words without a channel are kept.
 */
export function dropCrosstalk(words: RecognizedWord[], energy: ChannelEnergy, marginDb = 15): RecognizedWord[] {
  return words.filter((word) => {
    if (word.channel === undefined) return true;
    const own = levelOver(energy, word.channel, word.start, word.end);
    const others = energy.levels.map((_, c) =>
      c === word.channel ? SILENCE_DB : levelOver(energy, c, word.start, word.end),
    );
    return own >= Math.max(...others) - marginDb;
  });
}
