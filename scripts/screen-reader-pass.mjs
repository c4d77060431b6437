#!/usr/bin/env node
/**
 * A whole transcript review with a real screen reader, by keys only, recording what it speaks.
 *
 * Starts a virtual display (Xvfb), a D-Bus session with the accessibility (AT-SPI) bus, a
 * speech-dispatcher whose only voice writes each utterance to a file, and Orca; opens the system
 * Chromium *headed* in that display with its accessibility tree on; signs in to the reference app
 * as the demo manager; imports the demo recording (fixtures/audio/jfk.wav) and waits for its
 * transcript; then reviews it with keys sent through the X server (xdotool), the way a person's
 * keyboard reaches Orca first and the page after: open the task, skip the app's navigation, play
 * and pause, move between paragraphs and words, correct a word, search and replace all, rename
 * the speaker and export SubRip in dialogs (each dialog's role and title said as it opens), hear
 * the save state, finish the review. Each step's speech (Orca's "SPEECH OUTPUT" lines of its debug
 * log) goes to the transcript file and the terminal.
 *
 * Run by hand, not in CI (Orca is not installed there):
 *   apt-get install -y --no-install-recommends orca xvfb speech-dispatcher dbus-x11 xdotool \
 *     python3-pyatspi gir1.2-atspi-2.0
 *   pnpm --filter @reviewdesk/web run build        # the server serves the built app
 *   node scripts/screen-reader-pass.mjs [--base-url http://127.0.0.1:8080] [--out /tmp/sr-pass.txt]
 * Without --base-url it starts the reference server (PGlite, demo data) on a free port and stops
 * it at the end. Exits non-zero when a step's expected words were never spoken.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const repoRoot = join(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    out: { type: 'string', default: join(tmpdir(), 'screen-reader-pass.txt') },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    /** Seconds of quiet that end a step (polite announcements wait for Orca to finish speaking). */
    pause: { type: 'string', default: '1.5' },
  },
});
const PAUSE_MS = Number(args.pause) * 1000;
/** A step listens at least this long, however soon Orca falls quiet. */
const MIN_LISTEN_MS = 2_500;
/**
 * ...and up to this long while its expected words are still to come: a polite announcement waits
 * for Orca to finish what it is saying, which on a loaded machine takes seconds.
 */
const EXPECTED_WITHIN_MS = 8_000;
const EMAIL = 'manager@demo.reviewdesk.test';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Reviewdesk-demo-1';
const TO_REVIEW = 60;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const stoppers = [];

function need(binary) {
  const found = spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;
  if (!found) throw new Error(`${binary} is not on the PATH (see the header of ${import.meta.filename}).`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a process in its own group and remembers how to stop it (the group, by its id). */
function start(command, argv, env, logFile) {
  const child = spawn(command, argv, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  // A process that cannot start is reported by the step waiting for it, after which everything
  // started so far is stopped (an unhandled 'error' would end the script before that).
  child.on('error', (error) => console.error(`${command}: ${error.message}`));
  if (logFile) {
    child.stdout.on('data', (d) => void appendFile(logFile, d));
    child.stderr.on('data', (d) => void appendFile(logFile, d));
  }
  stoppers.unshift(() => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  });
  return child;
}

async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await sleep(250);
  }
}

/** Xvfb, D-Bus, the AT-SPI bus, speech-dispatcher writing to a file, and Orca logging to another. */
async function startScreenReader(work) {
  for (const binary of ['Xvfb', 'dbus-launch', 'orca', 'speech-dispatcher', 'xdotool']) need(binary);
  let display = 90;
  while (existsSync(`/tmp/.X11-unix/X${display}`) || existsSync(`/tmp/.X${display}-lock`)) display++;
  const env = {
    ...process.env,
    DISPLAY: `:${display}`,
    XDG_CONFIG_HOME: join(work, 'config'),
    XDG_DATA_HOME: join(work, 'data-home'),
  };
  // Orca as a reviewer who works in focus mode: its browse-mode caret and single-letter
  // navigation off, so every key reaches the page (what Orca says about focus, names, states and
  // live regions is unchanged), and no echo of the keys typed, which would bury the rest. No Say
  // All on page load: the voice writing to a file never reports an utterance finished, so a Say
  // All never ends, and Orca in Say All presents every later focus without its context (a
  // dialog's role and title) and never enters focus mode.
  const orcaSettings = {
    sayAllOnLoad: false,
    caretNavigationEnabled: false,
    structuralNavigationEnabled: false,
    enableKeyEcho: false,
    enableEchoByCharacter: false,
    enableEchoByWord: false,
  };
  await mkdir(join(env.XDG_DATA_HOME, 'orca'), { recursive: true });
  await writeFile(
    join(env.XDG_DATA_HOME, 'orca', 'user-settings.conf'),
    JSON.stringify({
      general: orcaSettings,
      pronunciations: {},
      keybindings: {},
      profiles: { default: { profile: ['Default', 'default'], pronunciations: {}, keybindings: {}, ...orcaSettings } },
    }),
  );
  start('Xvfb', [`:${display}`, '-screen', '0', '1366x900x24', '-nolisten', 'tcp'], env, join(work, 'xvfb.log'));
  await waitFor('the display', async () => existsSync(`/tmp/.X11-unix/X${display}`), 10_000);

  const bus = spawnSync('dbus-launch', ['--sh-syntax'], { env, encoding: 'utf8' }).stdout;
  const address = /DBUS_SESSION_BUS_ADDRESS='([^']+)'/.exec(bus)?.[1];
  const busPid = Number(/DBUS_SESSION_BUS_PID=(\d+)/.exec(bus)?.[1]);
  if (!address) throw new Error(`dbus-launch gave no address: ${bus}`);
  stoppers.unshift(() => {
    try {
      process.kill(busPid, 'SIGTERM');
    } catch {
      // already gone
    }
  });
  env.DBUS_SESSION_BUS_ADDRESS = address;
  env.ACCESSIBILITY_ENABLED = '1';
  start('/usr/libexec/at-spi-bus-launcher', ['--launch-immediately'], env, join(work, 'atspi.log'));
  spawnSync('gsettings', ['set', 'org.gnome.desktop.a11y.applications', 'screen-reader-enabled', 'true'], { env });
  spawnSync('gsettings', ['set', 'org.gnome.desktop.interface', 'toolkit-accessibility', 'true'], { env });

  // One voice, "textlog": speech-dispatcher's generic module running printf instead of a synthesiser.
  const sd = join(work, 'speech-dispatcher');
  await mkdir(join(sd, 'modules'), { recursive: true });
  const spoken = join(work, 'spoken.txt');
  await writeFile(
    join(sd, 'speechd.conf'),
    `LogLevel 3\nLogDir "${sd}"\nAudioOutputMethod "libao"\nAddModule "textlog" "sd_generic" "textlog.conf"\nDefaultModule textlog\nDefaultLanguage "en"\n`,
  );
  const module = `GenericExecuteSynth "printf '%s\\\\n' \\'$DATA\\' >> ${spoken}"\nAddVoice "en" "MALE1" "en"\n`;
  await writeFile(join(sd, 'textlog.conf'), module);
  await writeFile(join(sd, 'modules', 'textlog.conf'), module);
  const socket = join(sd, 'speechd.sock');
  env.SPEECHD_ADDRESS = `unix_socket:${socket}`;
  start(
    'speech-dispatcher',
    ['-C', sd, '-S', socket, '-P', join(sd, 'speechd.pid'), '-s', '-t', '0'],
    env,
    join(work, 'speechd.log'),
  );
  await waitFor('speech-dispatcher', async () => existsSync(socket), 10_000);

  const orcaLog = join(work, 'orca-debug.log');
  start('orca', ['--replace', `--debug-file=${orcaLog}`], env, join(work, 'orca.out'));
  await waitFor(
    'Orca to speak',
    async () => (await readFile(orcaLog, 'utf8')).includes("SPEECH OUTPUT: 'Screen reader on."),
    30_000,
  );
  return { env, orcaLog };
}

/** The reference server on a free port with a fresh data folder and the demo data. */
async function startAppServer(work) {
  need('pnpm');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  start(
    'pnpm',
    ['--filter', '@reviewdesk/server', 'run', 'start'],
    {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: baseUrl,
      DATA_DIR: join(work, 'data'),
      SEED_DEMO_DATA: 'true',
      SEED_DEMO_TASKS: 'false',
      MAIL_IMPORT_PORT: String(await freePort()),
      MAIL_IMPORT_HOST: '127.0.0.1',
    },
    join(work, 'server.log'),
  );
  await waitFor('the server', async () => (await fetch(`${baseUrl}/api/v1.0/HealthCheck`)).ok, 120_000);
  return baseUrl;
}

async function api(baseUrl, token, path, init = {}) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(init.headers ?? {}) },
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** Imports the demo recording into "Meeting recordings" and waits until it is ready to review. */
async function importRecording(baseUrl, token) {
  const workspaces = await api(baseUrl, token, '/SdWorkspace/UserWorkspaces?workspaceType=10');
  const workspace = workspaces.find((w) => w.workspaceName === 'Meeting recordings');
  if (!workspace) throw new Error('No "Meeting recordings" workspace in the demo data.');
  const form = new FormData();
  form.set('workspaceId', workspace.workspaceId);
  form.set('displayName', 'jfk.wav');
  form.set('isImportedViaWeb', 'true');
  form.set('file', new Blob([await readFile(join(repoRoot, 'fixtures/audio/jfk.wav'))]), 'jfk.wav');
  const created = await api(baseUrl, token, '/SdTask/Import', { method: 'POST', body: form });
  const taskId = created.result?.taskId;
  if (!taskId) throw new Error(`Import failed: ${JSON.stringify(created)}`);
  await waitFor(
    'the recording to be recognised',
    async () => (await api(baseUrl, token, `/SdTask/${taskId}`)).status === TO_REVIEW,
    240_000,
  );
  return { taskId, workspaceId: workspace.workspaceId };
}

/** Orca's utterances after `from` characters of its debug log. */
async function spokenSince(orcaLog, from) {
  const text = (await readFile(orcaLog, 'utf8')).slice(from);
  return [...text.matchAll(/SPEECH OUTPUT: '((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]).filter((line) => line.trim());
}

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'screen-reader-pass-'));
  const transcript = [];
  const failures = [];
  const { env, orcaLog } = await startScreenReader(work);
  const baseUrl = args['base-url'] ?? (await startAppServer(work));

  const browser = await chromium.launch({
    executablePath: args.chromium,
    headless: false,
    env,
    args: [
      '--no-sandbox',
      '--force-renderer-accessibility',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
      '--window-position=0,0',
      '--window-size=1366,900',
    ],
  });
  stoppers.unshift(() => browser.close().catch(() => {}));
  const context = await browser.newContext({ viewport: null, locale: 'en-US', acceptDownloads: true });
  const page = await context.newPage();
  // A busy machine: the app's first load and the sign-in redirects can take a while.
  context.setDefaultTimeout(60_000);

  // Setting up, not reviewing: sign in, English, the recording imported.
  let token = '';
  page.on('request', (r) => {
    const header = r.headers().authorization;
    if (header?.startsWith('Bearer ')) token = header.slice(7);
  });
  await page.goto(baseUrl);
  await page.locator('#email').fill(EMAIL);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('form').getByRole('button').click();
  await page.getByTestId('language.en').click();
  await waitFor('a token', async () => token, 30_000);
  const { taskId, workspaceId } = await importRecording(baseUrl, token);

  /** The Chromium window has the X keyboard focus, so xdotool's keys reach Orca and then the page. */
  const windowId = spawnSync('xdotool', ['search', '--onlyvisible', '--class', 'chromium'], { env, encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .pop();
  spawnSync('xdotool', ['windowactivate', '--sync', windowId], { env });
  spawnSync('xdotool', ['windowfocus', '--sync', windowId], { env });

  const keys = (...combos) => {
    for (const combo of combos) spawnSync('xdotool', ['key', '--clearmodifiers', combo], { env });
  };
  const type = (text) => spawnSync('xdotool', ['type', '--delay', '40', text], { env });
  /** The focused element, as the script checks where the keys got to: `testid`, else `role name`. */
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'body';
      return (
        el.getAttribute('data-testid') ??
        `${el.getAttribute('role') ?? el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}`
      );
    });
  const notes = [];
  /**
   * Presses `key` until the focus is on `target` (a data-testid or a test on it). When keys do not
   * get there, says so in the transcript and puts the focus there by script, so the pass goes on.
   */
  const reach = async (target, key, max = 12) => {
    const matches = (id) => (typeof target === 'string' ? id === target : target(id));
    for (let i = 0; i <= max; i++) {
      if (matches(await focused())) return true;
      if (i < max) {
        keys(key);
        await sleep(250);
      }
    }
    const note = `${key} ×${max} did not reach ${typeof target === 'string' ? target : 'the control'} (focus on ${await focused()})`;
    notes.push(note);
    if (typeof target === 'string')
      await page
        .getByTestId(target)
        .first()
        .focus()
        .catch(() => {});
    return false;
  };
  const saved = () =>
    page
      .getByTestId('save.state')
      .filter({ hasText: 'All changes saved' })
      .waitFor({ timeout: 30_000 })
      .catch(() => notes.push('the save state never came back to "All changes saved"'));

  /**
   * One step of the review: its keys, then what Orca said until it has been quiet for a pause.
   * `expected` lists words a listener must hear in this step (case-insensitive). Key and typing
   * echo (Orca's utterances ending in a space: "tab ", "k ") is left out of the transcript.
   */
  /** `once`: words the step must say at most once each (a key said twice, say). */
  const step = async (name, act, expected = [], { once = [] } = {}) => {
    const from = (await readFile(orcaLog, 'utf8')).length;
    const notesBefore = notes.length;
    await act();
    let said = [];
    const started = Date.now();
    let quietSince = started;
    const deadline = started + 20_000;
    const missingFrom = (lines) => {
      const heard = lines.join(' | ').toLowerCase();
      return expected.filter((word) => !heard.includes(word.toLowerCase()));
    };
    while (Date.now() < deadline) {
      await sleep(200);
      const now = await spokenSince(orcaLog, from);
      if (now.length !== said.length) {
        said = now;
        quietSince = Date.now();
        continue;
      }
      const listened = Date.now() - started;
      const waiting = missingFrom(said).length > 0 && listened < EXPECTED_WITHIN_MS;
      if (Date.now() - quietSince > PAUSE_MS && listened > MIN_LISTEN_MS && !waiting) break;
    }
    said = said.filter((line) => !/\s$/.test(line)).map((line) => line.replace(/\s+/g, ' ').trim());
    const missing = missingFrom(said);
    if (missing.length) failures.push(`${name}: never said ${missing.map((m) => JSON.stringify(m)).join(', ')}`);
    const allSaid = said.join(' | ').toLowerCase();
    const repeated = once.filter((word) => allSaid.split(word.toLowerCase()).length > 2);
    if (repeated.length)
      failures.push(`${name}: said more than once ${repeated.map((r) => JSON.stringify(r)).join(', ')}`);
    const lines = [`## ${name}`, ...(said.length ? said.map((line) => `  > ${line}`) : ['  (silence)'])];
    for (const note of notes.slice(notesBefore)) lines.push(`  KEYS: ${note}`);
    if (missing.length) lines.push(`  MISSING: ${missing.join(', ')}`);
    if (repeated.length) lines.push(`  REPEATED: ${repeated.join(', ')}`);
    transcript.push(lines.join('\n'));
    console.log(lines.join('\n'));
  };

  const inToolbar = async () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="toolbar"]')));
  /** Presses `key` until the focus is in the review toolbar. */
  const reachToolbar = async (key, max) => {
    for (let i = 0; i <= max; i++) {
      if (await inToolbar()) return true;
      if (i < max) {
        keys(key);
        await sleep(250);
      }
    }
    notes.push(`${key} ×${max} did not reach the review toolbar (focus on ${await focused()})`);
    await page.getByTestId('toolbar.finish').focus();
    return false;
  };
  await step('1. Open the task', async () => {
    await page.goto(`${baseUrl}/task/viewer/transcripts?taskId=${taskId}&workspaceId=${workspaceId}`);
    await page.locator('[data-testid="transcript-editor"][data-phase="ready"]').waitFor({ timeout: 60_000 });
    await saved();
  });
  // The app's first Tab stop skips the top bar and the menu (some twenty controls).
  await step('2. Skip to main content (Tab, Enter)', async () => {
    await reach('skip-to-main', 'Tab', 3);
    await sleep(500);
    keys('Return');
    await sleep(300);
    if ((await focused()) !== 'main Main content') notes.push(`the skip link left the focus on ${await focused()}`);
  }, ['skip to main content', 'main content']);
  await step('3. Tab into the editor', async () => reachToolbar('Tab', 10));
  await step(
    '4. Walk the toolbar (Home, Right ×3)',
    async () => {
      keys('Home');
      for (let i = 0; i < 3; i++) {
        await sleep(500);
        keys('Right');
      }
    },
    ['control+b', 'control+i', 'control+u'],
    { once: ['control+b', 'control+i', 'control+u'] },
  );
  await step('5. Play (Alt+K)', async () => keys('alt+k'), ['play']);
  await sleep(2_500);
  await step('6. Pause (Alt+K)', async () => keys('alt+k'), ['pause']);
  await step('7. Next paragraph (Alt+Down)', async () => keys('alt+Down'), ['paragraph']);
  await step('8. Previous paragraph (Alt+Up)', async () => keys('alt+Up'), ['paragraph']);
  await step('9. Into the paragraph (Tab)', async () => keys('Tab'));
  await step('10. Next low-confidence word (Alt+N)', async () => keys('alt+n'), ['low confidence']);
  await step('11. Back to the first paragraph, "Edit the words" (Alt+Up, Tab)', async () => {
    keys('alt+Up');
    await sleep(600);
    await reach((id) => /^paragraph\.\d+\.edit$/.test(id), 'Tab', 3);
  });
  await step('12. Open the text box (Enter)', async () => keys('Return'), ['words']);
  await step('13. Correct the last word (Ctrl+End, Ctrl+Backspace, type, Enter)', async () => {
    keys('ctrl+End', 'ctrl+BackSpace', 'ctrl+BackSpace');
    type('Americans.');
    await sleep(300);
    keys('Return');
    await saved();
  }, ['saved']);
  await step('14. Search (Ctrl+F)', async () => {
    keys('ctrl+f');
    await sleep(800);
    if ((await focused()) !== 'search.query') {
      notes.push(
        `Ctrl+F did not open the transcript's search (focus on ${await focused()}); Escape and retry from the paragraph`,
      );
      keys('Escape');
      await page.getByTestId('paragraph.0.edit').focus();
      keys('ctrl+f');
    }
  }, ['search and replace', 'find']);
  // A result says where it is; Enter says it again even when it stays "1 of 1".
  await step('15. Type "country"', async () => type('country'), [' of ', 'paragraph']);
  await step('16. Next result (Enter)', async () => keys('Return'), ['paragraph']);
  await step('17. To the replacement (Tab), type "nation"', async () => {
    await reach('search.replacement', 'Tab', 4);
    type('nation');
  });
  await step('18. To "Replace all" (Tab) and press it', async () => {
    await reach('search.replace-all', 'Tab', 6);
    keys('Return');
    await saved();
  }, ['replaced', 'saved']);
  await step('19. Close the search (Escape)', async () => keys('Escape'));
  await step('20. Back to the toolbar (Shift+Tab) and to "Speakers" (Right)', async () => {
    await reachToolbar('shift+Tab', 20);
    await reach((id) => id === 'toolbar.speakers' || id === 'toolbar.more', 'Right', 14);
  });
  await step('21. Open the speakers dialog (Enter)', async () => {
    keys('Return');
    await sleep(600);
    if ((await focused()).startsWith('menuitem')) {
      await reach((id) => id.includes('Speakers'), 'Down', 14);
      keys('Return');
    }
  }, ['speakers of this recording', 'dialog']);
  await step("22. To the first speaker's name (Tab)", async () => {
    await reach((id) => /^speaker\..*\.name$/.test(id), 'Tab', 6);
  });
  await step('23. Rename it "President Kennedy" (Ctrl+A, type, Enter)', async () => {
    keys('ctrl+a');
    type('President Kennedy');
    await sleep(200);
    keys('Return');
    await saved();
  }, ['President Kennedy']);
  await step('24. Close the dialog (Escape)', async () => keys('Escape'));
  await step('25. To "Finish review" (Home)', async () => {
    if (!(await inToolbar())) await reachToolbar('shift+Tab', 20);
    keys('Home');
    await sleep(300);
    await reach('toolbar.finish', 'Right', 14);
  }, ['finish']);
  await step('26. Finish the review (Enter)', async () => {
    keys('Return');
    await page
      .getByTestId('transcript.finished')
      .waitFor({ timeout: 30_000 })
      .catch(() => {});
  }, ['finished', 'open the next task']);
  await step('27. To "Export" (Tab)', async () => reach('export.open', 'Tab', 6), ['export']);
  await step('28. Open the export dialog (Enter)', async () => {
    keys('Return');
    await page
      .getByTestId('export.format')
      .waitFor({ timeout: 10_000 })
      .catch(() => {});
  }, ['export the transcript', 'dialog']);
  await step('29. To the format (Tab), choose SubRip (Down)', async () => {
    await reach('export.format', 'Tab', 8);
    for (let i = 0; i < 6; i++) {
      if (
        (await page
          .getByTestId('export.format')
          .inputValue()
          .catch(() => 'Srt')) === 'Srt'
      )
        break;
      keys('Down');
      await sleep(400);
    }
  }, ['srt']);
  const download = page.waitForEvent('download', { timeout: 30_000 }).catch(() => null);
  await step('30. To "Download" (Tab) and press it', async () => {
    await reach('export.download', 'Tab', 12);
    keys('Return');
    await download;
  });
  const file = await download;
  transcript.push(`## The file\n  ${file ? file.suggestedFilename() : 'NO DOWNLOAD'}`);
  if (!file) failures.push('Export: no file was downloaded');
  if (notes.length) failures.push(...notes.map((n) => `keys: ${n}`));

  const report = [
    `# What Orca said, ${new Date().toISOString()}`,
    ...transcript,
    failures.length ? `\n# Not heard\n${failures.map((f) => `- ${f}`).join('\n')}` : '\n# Every step was heard',
  ].join('\n\n');
  await writeFile(args.out, `${report}\n`);
  console.log(`\nTranscript: ${args.out}; logs in ${work}`);
  return failures.length ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error);
} finally {
  for (const stop of stoppers) await stop();
}
process.exit(code);
