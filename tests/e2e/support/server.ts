/**
 * The reference server for end-to-end runs: started with `pnpm --filter @reviewdesk/server run
 * start` in its own process group on a free port, with a fresh temporary DATA_DIR (demo data
 * seeded) serving the built app, and stopped with its whole group. The global setup starts the
 * one most scenarios share; a scenario that must reach into the database starts its own on a
 * PostgreSQL server (`databaseUrl`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, webDist } from './paths';

const HOST = '127.0.0.1';
const STARTUP_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 8_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('No free port was found.'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Signals the child's process group (pnpm → tsx → node), ignoring a group that is already gone. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: nothing left to stop.
  }
}

async function stop(child: ChildProcess): Promise<void> {
  signalGroup(child, 'SIGTERM');
  const stopped = await Promise.race([exited(child).then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
  // Whatever is left of the group (also when the parent exited but a grandchild did not).
  signalGroup(child, 'SIGKILL');
  if (!stopped) await Promise.race([exited(child), sleep(2_000)]);
}

async function logTail(file: string): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.split('\n').slice(-40).join('\n');
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before it was healthy. Last lines of ${logFile}:\n${await logTail(logFile)}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/v1.0/HealthCheck`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(
    `The server was not healthy within ${STARTUP_TIMEOUT_MS / 1000} s (${last}). Last lines of ${logFile}:\n${await logTail(logFile)}`,
  );
}

export interface StartedServer {
  /** e.g. `http://127.0.0.1:41234` */
  baseUrl: string;
  /** Port of its SMTP receiver of the workspaces' import addresses, on 127.0.0.1. */
  mailImportPort: number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Where the server's output goes. */
  logFile: string;
  /** A PostgreSQL database instead of a fresh embedded one. */
  databaseUrl?: string;
  /** Where its mail goes (`smtp://…`); otherwise into the outbox folder of its DATA_DIR. */
  smtpUrl?: string;
}

export async function startServer({ logFile, databaseUrl = '', smtpUrl = '' }: ServerOptions): Promise<StartedServer> {
  const port = await freePort();
  // Not the demo's 2525: other servers on this machine may hold it (the server would skip it).
  const mailImportPort = await freePort();
  const baseUrl = `http://${HOST}:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'reviewdesk-e2e-'));
  const log = createWriteStream(logFile);

  const child = spawn('pnpm', ['--filter', '@reviewdesk/server', 'run', 'start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      PUBLIC_ORIGIN: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      // The scenarios import their own files; the demo's sample tasks would only add noise.
      SEED_DEMO_TASKS: 'false',
      WEB_DIST: webDist,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      MAIL_IMPORT_PORT: String(mailImportPort),
      MAIL_IMPORT_HOST: HOST,
      // The file-sharing site of the import scenario is a WebDAV server the test starts on loopback,
      // which a server otherwise refuses to reach (its own network); only the tests allow it.
      URL_IMPORT_ALLOW_PRIVATE: 'true',
    },
    // Its own process group, so teardown stops pnpm, tsx and the server together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Both streams into one file, which teardown ends (not the first stream to close).
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const spawnError = new Promise<never>((_, reject) =>
    child.once('error', (error) => reject(new Error(`Could not start the server with pnpm: ${error.message}`))),
  );
  // If the test process dies without teardown, do not leave the server behind.
  const onExit = () => signalGroup(child, 'SIGKILL');
  process.once('exit', onExit);

  const started = Date.now();
  const teardown = async () => {
    process.off('exit', onExit);
    const stopping = Date.now();
    await stop(child);
    log.end(`[e2e] server stopped in ${Date.now() - stopping} ms\n`);
    await rm(dataDir, { recursive: true, force: true }).catch(() => {});
  };

  try {
    await Promise.race([waitForHealth(baseUrl, child, logFile), spawnError]);
    log.write(`[e2e] server healthy at ${baseUrl} after ${Date.now() - started} ms\n`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return { baseUrl, mailImportPort, stop: teardown };
}
