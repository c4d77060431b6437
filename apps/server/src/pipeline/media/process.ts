// Small helpers around child processes. Media work runs in external programs (ffmpeg, ffprobe,
// pocketsphinx) so a crash or a pathological file never takes the worker down with it, and memory
// use stays in the child where the OS can account for it.
import { type ChildProcess, spawn } from 'node:child_process';
import { MediaError } from './errors.js';

/** Keeps the last `limit` characters written to it: enough to explain a failure, never unbounded. */
export class TailBuffer {
  #text = '';
  constructor(private readonly limit = 4096) {}
  push(chunk: Buffer | string): void {
    this.#text = (this.#text + chunk.toString()).slice(-this.limit);
  }
  toString(): string {
    return this.#text.trim();
  }
}

/** Resolves with the exit code (or signal) once the process is gone; spawn failures reject. */
export function exitOf(child: ChildProcess, program: string): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new MediaError('tool-missing', `${program} is not installed (apt-get install ${packageOf(program)}).`)
          : new MediaError('tool-failed', `${program} could not be started: ${error.message}`),
      );
    });
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
}

function packageOf(program: string): string {
  if (program.startsWith('pocketsphinx')) return 'pocketsphinx pocketsphinx-en-us';
  if (program === 'ffprobe') return 'ffmpeg';
  return program;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Runs a short-lived program to completion and collects its (small) output. */
export async function run(program: string, args: string[], signal?: AbortSignal): Promise<RunResult> {
  const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
  const stdout: Buffer[] = [];
  const stderr = new TailBuffer();
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  try {
    const { code } = await exitOf(child, program);
    return { stdout: Buffer.concat(stdout).toString('utf8'), stderr: stderr.toString(), code };
  } catch (error) {
    if (signal?.aborted) throw new MediaError('aborted', `${program} was cancelled.`);
    throw error;
  }
}

/** True when `program` can be started (answers `-version`/`--version` or at least exists on PATH). */
export async function isInstalled(program: string, versionArg = '-version'): Promise<boolean> {
  try {
    await run(program, [versionArg]);
    return true;
  } catch {
    return false;
  }
}
