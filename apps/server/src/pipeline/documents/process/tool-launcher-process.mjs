// The tool launcher (tool-launcher.ts starts it): a small Node process that starts the engines'
// command-line tools on request and reports how each ended. Starting a process from the worker
// costs tens of milliseconds of its thread (the fork copies the page tables of a process holding
// the database, several heaps and sharp); from this process, which holds nothing, it costs almost
// none. Plain JavaScript with no imports beyond Node, so it starts in a moment.
//
// Requests, one JSON line each on stdin: { id, command, args, env, timeoutMs, maxOutputBytes }.
// Answers, one JSON line each on stdout: { id, exitCode, stdout (base64), stderr } or
// { id, failure: 'not-installed' | 'timeout' | 'too-much-output' | 'error', message }.
// The launcher ends when its stdin closes (its parent ended).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Tools still running, killed when the parent goes. */
const running = new Set();

const answer = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

function run({ id, command, args, env, timeoutMs, maxOutputBytes }) {
  let child;
  try {
    child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    answer({ id, failure: 'error', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  running.add(child);
  const chunks = [];
  let outputBytes = 0;
  let stderr = '';
  let settled = false;
  const finish = (message) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    running.delete(child);
    answer({ id, ...message });
  };
  const timer = setTimeout(() => {
    child.kill('SIGKILL');
    finish({ failure: 'timeout', message: '' });
  }, timeoutMs);
  child.stdout.on('data', (chunk) => {
    outputBytes += chunk.length;
    if (outputBytes > maxOutputBytes) {
      child.kill('SIGKILL');
      finish({ failure: 'too-much-output', message: '' });
      return;
    }
    chunks.push(chunk);
  });
  child.stderr.on('data', (chunk) => {
    // Keep the tail: the last lines say why a tool failed.
    stderr = (stderr + chunk.toString('utf8')).slice(-8192);
  });
  child.on('error', (error) => {
    finish({ failure: error.code === 'ENOENT' ? 'not-installed' : 'error', message: error.message });
  });
  child.on('close', (code) => {
    finish({ exitCode: code ?? -1, stdout: Buffer.concat(chunks).toString('base64'), stderr });
  });
}

const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
lines.on('line', (line) => {
  if (line.trim() === '') return;
  run(JSON.parse(line));
});
lines.on('close', () => {
  for (const child of running) child.kill('SIGKILL');
  process.exit(0);
});
