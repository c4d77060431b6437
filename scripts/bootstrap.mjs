#!/usr/bin/env node
// Entry point of `npm start` and `npm test` on a machine that has only Node and npm.
// It brings in the pinned pnpm (into .tools/, never globally), installs the workspace when
// node_modules is missing or older than the lockfile, then runs the named root script
// through pnpm — which runs it on the repository's own Node (the `node-runtime` dependency).
// Deliberately dependency-free and compatible with old Node versions.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const script = process.argv[2];
if (!script) {
  console.error('usage: node scripts/bootstrap.mjs <root script> [args…]');
  process.exit(2);
}

// The Debian packages of scripts/apt-packages.txt: `npm test`, `npm start` and `npm run bench` say
// at once which are missing and the one command that installs them, instead of failing deep inside
// a suite. Run as root with REVIEWDESK_INSTALL_SYSTEM_PACKAGES=1, they install them (as .ci/run does).
/** Packages only the test suites and benchmarks need (not the server that `npm start` runs). */
const TEST_ONLY_PACKAGES = ['chromium', 'unzip', 'libreoffice-writer-nogui'];
const NEEDS_SYSTEM_PACKAGES = { 'test:all': 'all', 'bench:all': 'all', 'start:app': 'server' };

function onPath(command) {
  return (process.env.PATH || '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));
}

/** Where dpkg is missing (not Debian), a package counts as present when its main file is. */
const PROBES = {
  chromium: () => existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium') || onPath('chromium'),
  postgresql: () =>
    onPath('postgres') ||
    (existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((v) => existsSync(join('/usr/lib/postgresql', v, 'bin', 'postgres')))),
  ffmpeg: () => onPath('ffmpeg') && onPath('ffprobe'),
  pocketsphinx: () => onPath('pocketsphinx_continuous') || onPath('pocketsphinx'),
  'poppler-utils': () => onPath('pdftoppm'),
  'tesseract-ocr': () => onPath('tesseract'),
  'zbar-tools': () => onPath('zbarimg'),
  apertium: () => onPath('apertium'),
  unzip: () => onPath('unzip'),
  'libreoffice-writer-nogui': () => onPath('soffice'),
};

function installed(pkg) {
  if (onPath('dpkg-query')) {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format syntax
    const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
    return result.status === 0 && result.stdout.includes('install ok installed');
  }
  const probe = PROBES[pkg];
  return probe ? probe() : true; // language packs and models: only dpkg can tell
}

function missingSystemPackages(scope) {
  const wanted = readFileSync(join(root, 'scripts', 'apt-packages.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .filter((pkg) => scope === 'all' || !TEST_ONLY_PACKAGES.includes(pkg));
  return wanted.filter((pkg) => !installed(pkg));
}

function checkSystemPackages(scope) {
  let missing = missingSystemPackages(scope);
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const install = `apt-get install -y ${missing.join(' ')}`;
  if (isRoot && process.env.REVIEWDESK_INSTALL_SYSTEM_PACKAGES === '1') {
    console.log(`[reviewdesk] installing system packages: ${missing.join(' ')}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get', ['update', '-qq'], { env }) !== 0 ||
      run('apt-get', ['install', '-y', '-qq', ...missing], { env }) !== 0
    )
      process.exit(1);
    missing = missingSystemPackages(scope);
    if (missing.length === 0) return;
  }
  console.error(
    `[reviewdesk] missing system packages: ${missing.join(' ')} (scripts/apt-packages.txt says what each is for)`,
  );
  console.error(`[reviewdesk] install them with:\n\n    ${isRoot ? '' : 'sudo '}${install}\n`);
  if (isRoot)
    console.error('[reviewdesk] or let this command install them: REVIEWDESK_INSTALL_SYSTEM_PACKAGES=1 npm test');
  process.exit(1);
}

if (NEEDS_SYSTEM_PACKAGES[script] && process.env.REVIEWDESK_SKIP_SYSTEM_CHECK !== '1')
  checkSystemPackages(NEEDS_SYSTEM_PACKAGES[script]);

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
