// Key frames of a video for its summary: ffmpeg's scene detection (the `scene` score of the select
// filter, 0–1, how much a frame differs from the one before) keeps the first frame and every frame
// where the picture changes by more than the threshold, scaled down to JPEG thumbnails. The time of
// each kept frame is read from the showinfo filter's log line for it.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaError } from './errors.js';
import { exitOf, TailBuffer } from './process.js';

export interface KeyFrame {
  timeSeconds: number;
  jpeg: Uint8Array;
}

export interface KeyFrameOptions {
  /** Scene change score above which a frame is kept (default 0.3). */
  threshold?: number;
  /** Most frames kept (default 12). */
  maxFrames?: number;
  /** Thumbnail width in pixels (default 320; the height keeps the aspect ratio). */
  width?: number;
  /** Only this part of the file (a chunk of a split recording), in seconds. */
  range?: { startSeconds: number; durationSeconds: number };
  signal?: AbortSignal;
}

export async function extractKeyFrames(path: string, options: KeyFrameOptions = {}): Promise<KeyFrame[]> {
  const threshold = options.threshold ?? 0.3;
  const maxFrames = options.maxFrames ?? 12;
  const width = options.width ?? 320;
  const directory = await mkdtemp(join(tmpdir(), 'reviewdesk-frames-'));
  try {
    const seek = options.range
      ? ['-ss', String(options.range.startSeconds), '-t', String(options.range.durationSeconds)]
      : [];
    const args = [
      '-hide_banner',
      '-nostdin',
      ...seek,
      '-i',
      path,
      '-an',
      '-vf',
      `select='eq(n\\,0)+gt(scene\\,${threshold})',showinfo,scale=${width}:-2`,
      '-fps_mode',
      'vfr',
      '-frames:v',
      String(maxFrames),
      '-q:v',
      '5',
      join(directory, 'frame-%04d.jpg'),
    ];
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'], signal: options.signal });
    const times: number[] = [];
    const tail = new TailBuffer();
    let pending = '';
    child.stderr.on('data', (chunk: Buffer) => {
      tail.push(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /Parsed_showinfo.*\bpts_time:\s*(-?[\d.]+)/.exec(line);
        if (match) times.push(Number(match[1]));
      }
    });
    let code: number | null;
    try {
      ({ code } = await exitOf(child, 'ffmpeg'));
    } catch (error) {
      if (options.signal?.aborted) throw new MediaError('aborted', 'ffmpeg was cancelled.');
      throw error;
    }
    if (code !== 0) throw new MediaError('corrupt', 'The key frames of the video could not be read.', tail.toString());
    const files = (await readdir(directory)).filter((name) => name.endsWith('.jpg')).sort();
    const offset = options.range?.startSeconds ?? 0;
    return Promise.all(
      files.map(async (name, i) => ({
        timeSeconds: Math.max(0, Math.round(((times[i] ?? 0) + offset) * 1000) / 1000),
        jpeg: new Uint8Array(await readFile(join(directory, name))),
      })),
    );
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
