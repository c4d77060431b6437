import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelsDiffer, dropCrosstalk, measureChannelEnergy } from './channels.js';
import { JFK_WAV, STEREO_WAV, tempFolder } from './test-fixtures.js';

const temp = tempFolder();
const DUAL_MONO = join(temp.path, 'jfk-dual-mono.wav');
beforeAll(() => {
  execFileSync('ffmpeg', ['-v', 'error', '-i', JFK_WAV, '-ac', '2', '-y', DUAL_MONO]);
});
afterAll(temp.cleanup);

describe('channel energy', () => {
  it('sees two different voices on the two channels of the stereo fixture', async () => {
    const energy = await measureChannelEnergy(STEREO_WAV, 2);
    expect(energy.levels).toHaveLength(2);
    expect(energy.levels[0]?.length).toBe(100); // 5 s in 50 ms windows
    expect(channelsDiffer(energy)).toBe(true);
  });

  it('treats a mono recording copied to both channels as one voice', async () => {
    const energy = await measureChannelEnergy(DUAL_MONO, 2);
    expect(channelsDiffer(energy)).toBe(false);
  });

  it('drops a word heard much louder on the other channel', () => {
    const energy = {
      windowSeconds: 0.5,
      levels: [Float32Array.from([-20, -20, -60]), Float32Array.from([-60, -25, -20])],
    };
    const words = [
      { text: 'mine', start: 0, end: 0.5, confidence: 1, channel: 0 },
      { text: 'leak', start: 0, end: 0.5, confidence: 1, channel: 1 },
      { text: 'both', start: 0.5, end: 1, confidence: 1, channel: 1 },
      { text: 'theirs', start: 1, end: 1.5, confidence: 1, channel: 1 },
      { text: 'mixed', start: 0, end: 1.5, confidence: 1 },
    ];
    expect(dropCrosstalk(words, energy).map((w) => w.text)).toEqual(['mine', 'both', 'theirs', 'mixed']);
  });
});
