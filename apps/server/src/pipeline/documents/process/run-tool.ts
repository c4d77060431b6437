// Runs a command-line engine (pdftoppm, tesseract) with a hard time limit. Untrusted documents can
// make native tools spin for minutes; the worker must get a typed error instead of a stuck task.
// Tools are started by the tool launcher (tool-launcher.ts), a small process whose forks cost
// almost nothing, and directly by this process only when the launcher is not available.
import { spawn } from 'node:child_process';
import { EngineFailedError, EngineNotConfiguredError, EngineTimeoutError } from '../errors.js';
import { LauncherUnavailable, toolLauncher } from './tool-launcher.js';

export interface ToolResult {
  stdout: Buffer;
  stderr: string;
  exitCode: number;
}

export interface RunToolOptions {
  timeoutMs: number;
  /** Extra environment variables (e.g. OMP_THREAD_LIMIT for tesseract). */
  env?: Record<string, string>;
  /** Largest stdout accepted; more means the tool misbehaves on this input. */
  maxOutputBytes?: number;
  /** Whether a non-zero exit code is an error (default) or returned to the caller. */
  allowFailure?: boolean;
}

const DEFAULT_MAX_OUTPUT = 64 * 1024 * 1024;

export async function runTool(
  engine: string,
  command: string,
  args: readonly string[],
  options: RunToolOptions,
): Promise<ToolResult> {
  const maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  let launched: Awaited<ReturnType<typeof toolLauncher.run>>;
  try {
    launched = await toolLauncher.run({
      command,
      args,
      env: { ...process.env, ...options.env },
      timeoutMs: options.timeoutMs,
      maxOutputBytes,
    });
  } catch (error) {
    if (error instanceof LauncherUnavailable) return spawnTool(engine, command, args, options);
    throw error;
  }
  if ('failure' in launched) {
    switch (launched.failure) {
      case 'not-installed':
        throw new EngineNotConfiguredError(engine, `the program "${command}" is not installed.`);
      case 'timeout':
        throw new EngineTimeoutError(engine, options.timeoutMs);
      case 'too-much-output':
        throw new EngineFailedError(engine, 'it produced more output than allowed.');
      default:
        throw new EngineFailedError(engine, launched.message);
    }
  }
  return settledTool(engine, launched, options);
}

/** A finished tool's result, or the error its exit code means for the caller. */
function settledTool(engine: string, result: ToolResult, options: RunToolOptions): ToolResult {
  if (result.exitCode !== 0 && !options.allowFailure) {
    const detail = result.stderr.trim().split('\n').slice(-3).join(' ') || `exit code ${result.exitCode}`;
    throw new EngineFailedError(engine, detail);
  }
  return result;
}

/** Starts the tool from this process (when the launcher is not available). */
function spawnTool(engine: string, command: string, args: readonly string[], options: RunToolOptions) {
  return new Promise<ToolResult>((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let outputBytes = 0;
    let stderr = '';
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(() => reject(new EngineTimeoutError(engine, options.timeoutMs)));
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      outputBytes += chunk.length;
      if (outputBytes > (options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT)) {
        child.kill('SIGKILL');
        finish(() => reject(new EngineFailedError(engine, 'it produced more output than allowed.')));
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep the tail: the last lines say why a tool failed.
      stderr = (stderr + chunk.toString('utf8')).slice(-8192);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(() =>
        reject(
          error.code === 'ENOENT'
            ? new EngineNotConfiguredError(engine, `the program "${command}" is not installed.`)
            : new EngineFailedError(engine, error.message),
        ),
      );
    });
    child.on('close', (code) => {
      finish(() => {
        try {
          resolve(settledTool(engine, { stdout: Buffer.concat(chunks), stderr, exitCode: code ?? -1 }, options));
        } catch (error) {
          reject(error);
        }
      });
    });
  });
}
