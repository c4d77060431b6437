// Voice activity detection and cutting at pauses, on real speech: the JFK fixture, and a long
// recording made at test time from six copies of it with 1.5 s of silence between them. Where the
// silences are is known from how the file is made and from the fixture's word times (two engines
// agree on them within 0.1 s; see alignment/retime.test.ts).
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JFK_WAV, tempFolder } from './test-fixtures.js';
import { cutAtPauses, detectSpeech } from './vad.js';

/** Pauses inside jfk.wav (seconds), between the sentences' parts; it is silent after 10.5 s too. */
const JFK_PAUSES: Array<[number, number]> = [
  [0, 0.29],
  [2.17, 3.28],
  [4.31, 5.34],
  [7.52, 8.17],
  [10.45, 11],
];
const COPY_SECONDS = 11 + 1.5;
const COPIES = 6;

/** True when `t` is in a pause of the long recording (inside a copy's pauses or the added silence). */
function inPause(t: number): boolean {
  const copy = Math.floor(t / COPY_SECONDS);
  const within = t - copy * COPY_SECONDS;
  if (within >= 11) return true;
  return JFK_PAUSES.some(([a, b]) => within >= a && within <= b);
}

describe('detectSpeech', () => {
  it('finds the four spoken parts of jfk.wav', async () => {
    const spans = await detectSpeech(JFK_WAV);
    expect(spans).toHaveLength(4);
    for (const span of spans) expect(span.end).toBeGreaterThan(span.start);
    // Every word the engines found lies inside a detected span, give or take a frame or two.
    const words: Array<[number, number]> = [
      [0.29, 0.57],
      [1.63, 2.17],
      [3.28, 3.84],
      [3.99, 4.31],
      [5.85, 6.43],
      [8.17, 8.58],
      [9.99, 10.45],
    ];
    for (const [a, b] of words) {
      expect(
        spans.some((s) => s.start <= a + 0.1 && s.end >= b - 0.1),
        `${a}–${b}`,
      ).toBe(true);
    }
  });
});

describe('cutAtPauses', () => {
  it('moves each cut to the nearest pause, prefers a clearly longer one, and keeps chunks of at least a minute', () => {
    const speech = [
      { start: 0, end: 58 },
      { start: 58.4, end: 61 },
      { start: 63, end: 125 },
      { start: 126, end: 200 },
    ];
    const cuts = cutAtPauses(200, 60, speech);
    expect(cuts.map((c) => [c.start, c.end, c.atPause])).toEqual([
      [0, 62, true],
      [62, 125.5, true],
      [125.5, 185.5, false],
      [185.5, 200, true],
    ]);
  });
  it('falls back to the fixed time where there is no pause near, and covers the whole recording', () => {
    const cuts = cutAtPauses(150, 60, [{ start: 0, end: 150 }]);
    expect(cuts).toEqual([
      { start: 0, end: 60, atPause: false },
      { start: 60, end: 120, atPause: false },
      { start: 120, end: 150, atPause: true },
    ]);
  });
});

describe('a long recording cut at pauses', () => {
  const folder = tempFolder('reviewdesk-vad-');
  const long = `${folder.path}/long.wav`;
  beforeAll(() => {
    const inputs = Array.from({ length: COPIES }, () => ['-i', JFK_WAV]).flat();
    const silence = ['-f', 'lavfi', '-t', '1.5', '-i', 'anullsrc=r=16000:cl=mono'];
    const parts = Array.from({ length: COPIES }, (_, i) => `[${i}:a]`);
    const chain = parts.flatMap((p, i) => (i < COPIES - 1 ? [p, `[${COPIES}:a]`] : [p])).join('');
    const run = spawnSync('ffmpeg', [
      '-v',
      'error',
      ...inputs,
      ...silence,
      '-filter_complex',
      `${chain}concat=n=${COPIES * 2 - 1}:v=0:a=1[out]`,
      '-map',
      '[out]',
      '-ar',
      '16000',
      '-ac',
      '1',
      '-y',
      long,
    ]);
    if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  });
  afterAll(() => folder.cleanup());

  it('never cuts inside speech, where fixed minutes would', async () => {
    const duration = COPIES * 11 + (COPIES - 1) * 1.5;
    // The fixed cut at one minute falls inside "country", the last word of the fifth copy.
    expect(inPause(60)).toBe(false);
    const began = performance.now();
    const speech = await detectSpeech(long);
    const elapsed = performance.now() - began;
    const cuts = cutAtPauses(duration, 60, speech);
    expect(cuts.length).toBe(2);
    expect(cuts[0]?.start).toBe(0);
    expect(cuts.at(-1)?.end).toBeCloseTo(duration, 3);
    for (const cut of cuts.slice(0, -1)) {
      expect(cut.atPause).toBe(true);
      expect(inPause(cut.end), `cut at ${cut.end}`).toBe(true);
      expect(cut.end - cut.start).toBeGreaterThanOrEqual(60);
    }
    // Far faster than real time (73.5 s of audio).
    expect(elapsed).toBeLessThan(15_000);
  });
});
