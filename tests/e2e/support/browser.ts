/**
 * The system Chromium through playwright-core: one browser per test file, a fresh context (no
 * cookies, no storage) per test, screenshots into the artifacts folder, and a record of console
 * errors and failed requests so that a test can show them when it fails.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { artifactsDir } from './paths';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** How long a single wait for the app may take (sign-in redirects included). */
export const UI_TIMEOUT_MS = 20_000;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 30_000 });
}

/** One test's browser state: its context, its page, and what went wrong on the wire or in the console. */
export interface Session {
  baseUrl: string;
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors, failed requests and HTTP answers ≥ 400, except 501 (below). */
  problems: string[];
  /** Operations the server answers 501 Not Implemented (known gaps while the server grows), `GET /api/…`. */
  notImplemented: string[];
  /** Requests to any other origin: blocked, so that a run never depends on the internet. */
  offOrigin: string[];
  /** Saves a full-page screenshot as `artifacts/<name>.png` and returns its path. */
  screenshot(name: string): Promise<string>;
}

/** A fresh context (no cookies, no storage) on the run's server, or on `baseUrl` when a scenario started its own. */
export async function openSession(browser: Browser, locale = 'en-US', baseUrl = inject('baseUrl')): Promise<Session> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale, baseURL: baseUrl });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(UI_TIMEOUT_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  const notImplemented: string[] = [];
  const offOrigin: string[] = [];
  await context.route(
    (url) => url.origin !== baseUrl,
    async (route) => {
      // The page's address without its query: sign-out pages carry the ID token there.
      const from = new URL(page.url());
      offOrigin.push(`${route.request().method()} ${route.request().url()} (from ${from.pathname})`);
      await route.abort('blockedbyclient');
    },
  );
  page.on('console', (message) => {
    // "Failed to load resource" repeats a response or a failed request below, which name the URL.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'unknown';
    // A navigation cancels what the page was still loading; blocked requests are listed in offOrigin.
    if (error === 'net::ERR_ABORTED' || error.startsWith('net::ERR_BLOCKED_BY_CLIENT')) return;
    problems.push(`failed: ${request.method()} ${request.url()} (${error})`);
  });
  page.on('response', (response) => {
    const { pathname, search } = new URL(response.url());
    const what = `${response.request().method()} ${pathname}${search}`;
    if (response.status() === 501) notImplemented.push(what);
    else if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${what}`);
  });
  await mkdir(artifactsDir, { recursive: true });
  return {
    baseUrl,
    context,
    page,
    problems,
    notImplemented,
    offOrigin,
    async screenshot(name) {
      const path = join(artifactsDir, `${name}.png`);
      await page.screenshot({ path, fullPage: true, animations: 'disabled' });
      // Every screen a test looks at fits the window's width: a page that scrolls sideways (a row
      // of tabs or a table widening the whole app) is a layout fault a person notices at once.
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${name}: the page is wider than the window`).toBeLessThanOrEqual(innerWidth);
      return path;
    },
  };
}

async function note(file: string, testName: string, lines: readonly string[]): Promise<void> {
  const unique = [...new Set(lines)];
  if (unique.length > 0) await appendFile(join(artifactsDir, file), unique.map((l) => `${testName}: ${l}\n`).join(''));
}

/**
 * Closes the test's context. Two kinds of answers are not failures but stay visible in the
 * artifacts: 501s (operations not implemented yet) in `not-implemented.txt`, and blocked requests
 * to other origins in `off-origin.txt`.
 */
export async function closeSession(session: Session | undefined, testName: string): Promise<void> {
  if (!session) return;
  await note('not-implemented.txt', testName, session.notImplemented);
  await note('off-origin.txt', testName, session.offOrigin);
  await session.context.close();
}

/**
 * One Chromium per test file and a fresh context per test (closed, with its artifacts, after the
 * test), on the run's server unless `baseUrl` names a scenario's own. Returns a getter for the
 * running test's session.
 */
export function useBrowserSessions(options: { baseUrl?: () => string } = {}): () => Session {
  let browser: Browser | undefined;
  let session: Session | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('Chromium did not start.');
    session = await openSession(browser, undefined, options.baseUrl?.());
  });
  afterEach(async (context) => {
    await closeSession(session, context.task.fullName);
    session = undefined;
  });
  return () => {
    if (!session) throw new Error('No browser session: beforeEach did not run.');
    return session;
  };
}
