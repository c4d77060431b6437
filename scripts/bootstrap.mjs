#!/usr/bin/env node
// Entry point of `npm start` and `npm test` on a machine that has only Node and npm.
// It brings in the pinned pnpm (into .tools/, never globally), installs the workspace when
// node_modules is missing or older than the lockfile, then runs the named root script
// through pnpm — which runs it on the repository's own Node (the `node-runtime` dependency).
// Deliberately dependency-free and compatible with old Node versions.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const script = process.argv[2];
if (!script) {
  console.error('usage: node scripts/bootstrap.mjs <root script> [args…]');
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// The pinned pnpm lives in package.json `config.pnpm`: a `packageManager` field would make pnpm try to
// record its own integrity in the lockfile, which a frozen install refuses.
const pnpmVersion = manifest.config.pnpm;
const toolsDir = join(root, '.tools');
const pnpmEntry = join(toolsDir, 'node_modules', 'pnpm', 'bin', 'pnpm.mjs');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function installedPnpmVersion() {
  try {
    return JSON.parse(readFileSync(join(toolsDir, 'node_modules', 'pnpm', 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

if (installedPnpmVersion() !== pnpmVersion) {
  console.log(`[reviewdesk] installing pnpm ${pnpmVersion} into .tools/ (first run only)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const status = run(npm, ['install', '--prefix', toolsDir, '--no-save', '--no-package-lock', `pnpm@${pnpmVersion}`]);
  if (status !== 0) process.exit(status);
}

// Root scripts call `pnpm …` themselves: put the pinned pnpm first on their PATH.
const env = { ...process.env, PATH: [join(toolsDir, 'node_modules', '.bin'), process.env.PATH].join(delimiter) };
const pnpm = (args) => run(process.execPath, [pnpmEntry, ...args], { env });

const lockfile = join(root, 'pnpm-lock.yaml');
const marker = join(root, 'node_modules', '.modules.yaml');
const stale = !existsSync(marker) || (existsSync(lockfile) && statSync(lockfile).mtimeMs > statSync(marker).mtimeMs);
if (stale) {
  console.log('[reviewdesk] installing dependencies');
  const status = pnpm(existsSync(lockfile) ? ['install', '--frozen-lockfile'] : ['install']);
  if (status !== 0) process.exit(status);
}

process.exit(pnpm(['run', script, ...process.argv.slice(3)]));
