import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.js';
import { extractKeyFrames } from './key-frames.js';

const VIDEO = join(repoRoot, 'fixtures', 'video', 'jfk.mp4');

describe('key frames', () => {
  it('keeps the first frame of a video as a JPEG thumbnail with its time', async () => {
    const frames = await extractKeyFrames(VIDEO, { width: 160 });
    expect(frames.length).toBeGreaterThanOrEqual(1);
    expect(frames[0]?.timeSeconds).toBe(0);
    const jpeg = frames[0]?.jpeg ?? new Uint8Array();
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
  });

  it('keeps every scene change of a video whose picture changes', async () => {
    // Three seconds of test pattern, then three of a different one: one cut at 3 s.
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'frames-test-'));
    const path = join(dir, 'cuts.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=10:duration=3',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:size=320x240:rate=10:duration=3',
      '-filter_complex',
      '[0:v][1:v]concat=n=2:v=1[v]',
      '-map',
      '[v]',
      '-y',
      path,
    ]);
    const frames = await extractKeyFrames(path);
    expect(frames.map((f) => f.timeSeconds)).toEqual([0, 3]);
  });

  it('refuses a file that is not a video', async () => {
    await expect(extractKeyFrames(join(repoRoot, 'fixtures', 'video', 'jfk.txt'))).rejects.toThrow(/could not be read/);
  });
});
