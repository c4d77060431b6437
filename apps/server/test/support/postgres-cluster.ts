// Finds a real PostgreSQL for the API suite: TEST_DATABASE_URL when set, otherwise a throwaway
// cluster started from the local binaries (Debian's `postgresql` package) on a free port. As root
// the cluster runs as the `postgres` user, since PostgreSQL refuses to run as root.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function findPostgresBin(): string | undefined {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'postgres'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = join(root, v, 'bin');
    if (existsSync(join(bin, 'postgres')) && existsSync(join(bin, 'initdb'))) return bin;
  }
  return undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Cluster {
  url: string;
  stop(): Promise<void>;
}

export async function startThrowawayCluster(bin: string): Promise<Cluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'reviewdesk-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const run = (cmd: string, args: string[]) =>
    asRoot ? (['runuser', ['-u', 'postgres', '--', cmd, ...args]] as const) : ([cmd, args] as const);
  const [initCmd, initArgs] = run(join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  execFileSync(initCmd, [...initArgs], { stdio: 'ignore' });
  const port = await freePort();
  const [pgCmd, pgArgs] = run(join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    // Several test files at once on a machine with more cores (vitest runs one per spare core), each
    // with its servers' pools (the replica tests run four servers).
    '-c',
    'max_connections=300',
  ]);
  const child: ChildProcess = spawn(pgCmd, [...pgArgs], { stdio: 'ignore' });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const pg = (await import('pg')).default;
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (attempt > 100) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async stop() {
      // pg_ctl stops the server itself: `runuser` does not forward signals to postgres, and the
      // wrapper may already have exited, so waiting on the child alone can hang the whole run.
      const [ctlCmd, ctlArgs] = run(join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '20']);
      try {
        execFileSync(ctlCmd, [...ctlArgs], { stdio: 'ignore' });
      } catch {
        // Already stopped, or pg_ctl failed: the kill below is the fallback.
      }
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await Promise.race([once(child, 'exit'), new Promise((r) => setTimeout(r, 5_000))]);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh database inside the cluster, so test files never see each other's rows. */
export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
