// Server and worker processes started by tests (`node --import tsx src/…`), and a wait on a condition
// they bring about, for the tests of several processes on one PostgreSQL.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Child {
  process: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** Runs `src/<entry>` of the server (main.ts: an API process; worker-main.ts: a worker process). */
export function startServerProcess(entry: 'main.ts' | 'worker-main.ts', env: Record<string, string>): Child {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', `src/${entry}`], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

/** Reads until `done` holds (every 100 ms, or `everyMs`), or throws after `ms` naming what it waited for. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms: number,
  what: string,
  everyMs = 100,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
