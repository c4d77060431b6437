// Starts command-line tools through one small long-lived process (tool-launcher-process.mjs)
// instead of forking the worker for each. A fork of the worker copies the page tables of a process
// that holds the embedded database, a heap per thread and sharp: measured at tens of milliseconds
// of the calling thread per tool, more than most tools take to run. The launcher is started once per
// thread, on first use, and ends with it; if it cannot be started or dies, the caller is told so and
// starts the tool itself (run-tool.ts).
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface LaunchRequest {
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  maxOutputBytes: number;
}

export type LaunchResult =
  | { exitCode: number; stdout: Buffer; stderr: string }
  | { failure: 'not-installed' | 'timeout' | 'too-much-output' | 'error'; message: string };

interface Answer {
  id: number;
  exitCode?: number;
  stdout?: string;
  stderr?: string;
  failure?: 'not-installed' | 'timeout' | 'too-much-output' | 'error';
  message?: string;
}

/** The launcher could not take the request (not started, or ended meanwhile): run the tool directly. */
export class LauncherUnavailable extends Error {}

const LAUNCHER = fileURLToPath(new URL('./tool-launcher-process.mjs', import.meta.url));

class ToolLauncher {
  private child: ChildProcessWithoutNullStreams | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: LaunchResult) => void; reject: (e: Error) => void }>();
  private broken = false;

  run(request: LaunchRequest): Promise<LaunchResult> {
    const child = this.start();
    if (!child) return Promise.reject(new LauncherUnavailable('The tool launcher is not running.'));
    const id = this.nextId++;
    return new Promise<LaunchResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.holdOpen(true);
      child.stdin.write(`${JSON.stringify({ id, ...request })}\n`);
    });
  }

  private start(): ChildProcessWithoutNullStreams | null {
    if (this.child) return this.child;
    if (this.broken) return null;
    let child: ChildProcessWithoutNullStreams;
    try {
      // No NODE_OPTIONS (loaders, profilers of this process): the launcher is plain JavaScript.
      child = spawn(process.execPath, [LAUNCHER], {
        env: { ...process.env, NODE_OPTIONS: '' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch {
      this.broken = true;
      return null;
    }
    this.child = child;
    const answers = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
    answers.on('line', (line) => this.settle(JSON.parse(line) as Answer));
    child.stderr.resume();
    child.on('error', () => this.ended(child, true));
    child.on('exit', () => this.ended(child, false));
    // An idle launcher does not keep the process alive.
    this.holdOpen(false);
    return child;
  }

  private settle(answer: Answer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if (this.pending.size === 0) this.holdOpen(false);
    waiting.resolve(
      answer.failure
        ? { failure: answer.failure, message: answer.message ?? '' }
        : {
            exitCode: answer.exitCode ?? -1,
            stdout: Buffer.from(answer.stdout ?? '', 'base64'),
            stderr: answer.stderr ?? '',
          },
    );
  }

  /** The launcher ended: its requests are given back to be run directly; the next call starts another. */
  private ended(child: ChildProcessWithoutNullStreams, failedToStart: boolean): void {
    if (this.child !== child) return;
    this.child = null;
    if (failedToStart) this.broken = true;
    for (const waiting of this.pending.values()) waiting.reject(new LauncherUnavailable('The tool launcher ended.'));
    this.pending.clear();
  }

  private holdOpen(busy: boolean): void {
    const child = this.child;
    if (!child) return;
    const handles = [child, child.stdin, child.stdout, child.stderr] as Array<{ ref(): void; unref(): void }>;
    for (const handle of handles) {
      if (busy) handle.ref();
      else handle.unref();
    }
  }
}

/** One launcher per thread (module state is per thread). */
export const toolLauncher = new ToolLauncher();
