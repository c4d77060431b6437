// Page engine benchmarks (ARCHITECTURE §6): open a 2,000-page PDF, zoom and hover/select with
// 5,000 boxes, panel click → box highlighted at 4× CPU slowdown. Every figure is a ratio against a
// baseline measured in the same run, in headless Chromium, on the bench page built from
// tests/bench/viewer/ (Vite). Run from the repository root with the rest of the benchmarks
// (`npm run bench`, `npm run bench -- --only=viewer`), or alone:
//   npm run bench:viewer -- [runs] [--quick] [--only=open,zoom,hover,select]
// `--quick` is one run of each scenario (the smoke); `--serve` only builds and serves the bench
// page (to profile a scenario by hand). Figures and verdicts go through figures.ts.
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';
import { type Figure, reportFigure } from './figures.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const work = process.env.RD_BENCH_DIR ?? path.join(tmpdir(), 'rd-viewer-bench');
const dist = path.join(work, 'dist');
const fixtures = path.join(work, 'fixtures');
const pdfjsDir = path.join(repo, 'packages/document-viewer/node_modules/pdfjs-dist');
const serveOnly = process.argv.includes('--serve');
const runs = process.argv.includes('--quick') ? 1 : Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5);
/** `--only=zoom,hover` runs some scenarios (open, zoom, hover, select); all by default. */
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wanted = (scenario: string) => !only || only.includes(scenario);

/** One A4 invoice page, and the same page 2,000 times for the baseline (poppler's pdfunite). */
function prepareFixtures() {
  mkdirSync(fixtures, { recursive: true });
  const page = path.join(fixtures, 'page.pdf');
  const big = path.join(fixtures, 'big.pdf');
  execFileSync('cp', [path.join(repo, 'fixtures/invoices/AzureInterior.pdf'), page]);
  if (!existsSync(big)) execFileSync('pdfunite', [...Array.from({ length: 2000 }, () => page), big]);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.pdf': 'application/pdf',
  '.bcmap': 'application/octet-stream',
  '.wasm': 'application/wasm',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
};

/** Static server with Range support, so bare pdf.js can read the 80 MB file the way it likes. */
function serve(): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let file: string;
    if (url.pathname.startsWith('/fixtures/')) file = path.join(fixtures, url.pathname.slice('/fixtures/'.length));
    else if (url.pathname.startsWith('/pdfjs/')) file = path.join(pdfjsDir, url.pathname.slice('/pdfjs/'.length));
    else file = path.join(dist, url.pathname === '/' ? 'index.html' : url.pathname);
    if (!file.startsWith(work) && !file.startsWith(pdfjsDir)) return res.writeHead(403).end();
    if (!existsSync(file) || statSync(file).isDirectory()) return res.writeHead(404).end();
    const size = statSync(file).size;
    const headers = {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'no-store',
    };
    const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Number(range[2]) : size - 1;
      res.writeHead(206, {
        ...headers,
        'Content-Range': `bytes ${start}-${end}/${size}`,
        'Content-Length': end - start + 1,
      });
      createReadStream(file, { start, end }).pipe(res);
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': size });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }),
    ),
  );
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
/** What the bench page (viewer/main.tsx) exposes to this runner. */
declare global {
  interface Window {
    __bench: { ready?: boolean; result?: unknown; run?: () => Promise<unknown> };
  }
}

/**
 * One 60 Hz frame as rAF measures it. Frame intervals are multiples of the vsync period
 * (16.67 ms) read through timestamps coarsened to 0.1 ms, so an on-time frame reads 16.6–16.8 ms
 * and a missed one 33.3 ms: "≤ 16.7 ms" means "within one frame", not "under 16.7 to the 0.1".
 */
const ONE_FRAME_MS = 1000 / 60 + 0.2;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

interface PageRun<T> {
  result: T;
}

/** Opens the bench page in a fresh context (cold cache), waits until ready, optionally runs it. */
async function open<T>(
  browser: Browser,
  base: string,
  query: string,
  options: { run?: boolean; cpuSlowdown?: number } = {},
): Promise<PageRun<T>> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('  page error:', e.message));
  if (options.cpuSlowdown) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
  }
  await page.goto(`${base}/?${query}`);
  await page.waitForFunction(() => window.__bench?.ready === true, undefined, { timeout: 120_000, polling: 50 });
  const result = options.run
    ? await page.evaluate(() => window.__bench.run?.())
    : await page.evaluate(() => window.__bench.result);
  await context.close();
  return { result: result as T };
}

const BENCH = 'page engine';

async function main() {
  prepareFixtures();
  await build({ configFile: path.join(here, 'viewer/vite.config.ts'), build: { outDir: dist, emptyOutDir: true } });
  const server = await serve();
  if (serveOnly) {
    console.log(
      `bench page: ${server.url}/?mode=engine-open | baseline-open | zoom&boxes=5000 | hover&boxes=5000 | select&boxes=5000`,
    );
    return;
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const lines: string[] = [];
  const report = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  const figure = (f: Omit<Figure, 'bench'>) => {
    const reported = reportFigure({ bench: BENCH, ...f });
    lines.push(`${f.name}: ${reported.verdict}`);
  };
  try {
    report(`page engine bench — ${runs} runs per side, medians, ${new Date().toISOString()}`);

    // 1. Open a 2,000-page PDF: first page painted (from navigation start), pages mounted.
    if (wanted('open')) {
      const base: number[] = [];
      const ranges: number[] = [];
      const engine: number[] = [];
      const mounted: number[] = [];
      for (let i = 0; i < runs; i++) {
        base.push((await open<{ firstPaint: number }>(browser, server.url, 'mode=baseline-open')).result.firstPaint);
        ranges.push(
          (await open<{ firstPaint: number }>(browser, server.url, 'mode=baseline-open-ranges')).result.firstPaint,
        );
        const e = await open<{ firstPaint: number; mountedAtPaint: number; mountedSettled: number }>(
          browser,
          server.url,
          'mode=engine-open',
        );
        engine.push(e.result.firstPaint);
        mounted.push(Math.max(e.result.mountedAtPaint, e.result.mountedSettled));
      }
      // The ratio is taken against the faster of the two ways bare pdf.js can open the file.
      const fastest = Math.min(median(base), median(ranges));
      const openRatio = median(engine) / fastest;
      report(
        `open 2,000 pages: bare pdf.js ${round(median(base))} ms streaming / ${round(median(ranges))} ms ranges only, engine ${round(median(engine))} ms → ${round(openRatio, 2)}×; page elements mounted ≤ ${Math.max(...mounted)}`,
      );
      figure({
        name: 'open 2,000 pages, first page painted (median)',
        value: median(engine),
        baseline: fastest,
        unit: 'ms',
        target: { of: 'ratio', max: 1.3 },
        kind: 'timing',
        note: `engine per run ${engine.map((v) => round(v)).join(' / ')}`,
      });
      figure({
        name: 'open 2,000 pages, page elements mounted (max)',
        value: Math.max(...mounted),
        unit: 'elements',
        target: { of: 'value', max: 12 },
        kind: 'structural',
      });
    }

    // 2. Zoom with 5,000 boxes vs 0 boxes: frame p95 over a sequence of animated zooms, the
    // frames of every run pooled (one run has ~150 frames: its p95 is a handful of frames). The
    // main-thread fallback of the box canvas (browsers without OffscreenCanvas) is measured in
    // the same rotation and reported, without a target of its own.
    if (wanted('zoom')) {
      const sides = [
        { label: '0 boxes', query: 'mode=zoom&boxes=0' },
        { label: '5,000 boxes', query: 'mode=zoom&boxes=5000' },
        { label: '5,000 boxes, main-thread fallback', query: 'mode=zoom&boxes=5000&worker=0' },
      ].map((side) => ({ ...side, frames: [] as number[], p95s: [] as number[] }));
      for (let i = 0; i < runs; i++) {
        for (const side of sides) {
          const { frames } = (await open<{ frames: number[] }>(browser, server.url, side.query, { run: true })).result;
          side.frames.push(...frames);
          side.p95s.push(percentile(frames, 95));
        }
      }
      const [none, worker, fallback] = sides.map((side) => percentile(side.frames, 95)) as [number, number, number];
      for (const side of sides)
        report(
          `  zoom ${side.label}: pooled p95 ${round(percentile(side.frames, 95))} ms, p50 ${round(percentile(side.frames, 50))} ms (${side.frames.length} frames); per run p95 ${side.p95s.map((p) => round(p)).join(' / ')}`,
        );
      figure({
        name: 'zoom with 5,000 boxes, frame p95 (pooled)',
        value: worker,
        baseline: none,
        unit: 'ms',
        target: { of: 'ratio', max: 1.25 },
        kind: 'timing',
      });
      // "≤ 16.7 ms" read as "within one frame" (see ONE_FRAME_MS).
      figure({
        name: 'zoom with 5,000 boxes, frame p95 within one 60 Hz frame',
        value: worker,
        unit: 'ms',
        target: { of: 'value', max: round(ONE_FRAME_MS, 2) },
        kind: 'timing',
      });
      figure({
        name: 'zoom with 5,000 boxes, main-thread fallback frame p95',
        value: fallback,
        baseline: none,
        unit: 'ms',
        kind: 'timing',
      });
    }

    // 3. Hover/select with 5,000 boxes vs 0: frame p95 while the pointer moves and clicks, and
    // the cost of one pointer event (handler, React commit, highlight layout).
    if (wanted('hover')) {
      const hover0 = { frames: [] as number[], handlers: [] as number[] };
      const hover5k = { frames: [] as number[], handlers: [] as number[] };
      for (let i = 0; i < runs; i++) {
        for (const [query, into] of [
          ['mode=hover&boxes=0', hover0],
          ['mode=hover&boxes=5000', hover5k],
        ] as const) {
          const r = (
            await open<{ frames: number[]; handlerTimes: number[] }>(browser, server.url, query, { run: true })
          ).result;
          into.frames.push(...r.frames);
          into.handlers.push(...r.handlerTimes);
        }
      }
      const h0 = percentile(hover0.frames, 95);
      const h5 = percentile(hover5k.frames, 95);
      figure({
        name: 'hover/select with 5,000 boxes, frame p95 (pooled)',
        value: h5,
        baseline: h0,
        unit: 'ms',
        target: { of: 'ratio', max: 1.2 },
        kind: 'timing',
        note: `per-event p95 ${round(percentile(hover5k.handlers, 95), 2)} ms vs ${round(percentile(hover0.handlers, 95), 2)} ms`,
      });
    }

    // 4. Panel click → box highlighted, 4× CPU slowdown, 5,000 boxes on page 1 of 3. Every click
    // counts, the first one of a fresh page included: the target is the slowest click of all runs.
    if (wanted('select')) {
      const samples: number[][] = [];
      for (let i = 0; i < runs; i++) {
        const select = await open<{ samples: number[] }>(browser, server.url, 'mode=select&boxes=5000', {
          run: true,
          cpuSlowdown: 4,
        });
        samples.push(select.result.samples);
      }
      const all = samples.flat();
      figure({
        name: 'panel click → box highlighted at 4× CPU, slowest click',
        value: Math.max(...all),
        unit: 'ms',
        target: { of: 'value', max: 100 },
        kind: 'timing',
        note: `median ${round(median(all))} ms; clicks per run ${samples.map((s) => s.join(', ')).join(' / ')}`,
      });
    }
  } finally {
    await browser.close();
    server.close();
  }
  writeFileSync(path.join(work, 'viewer-bench.txt'), `${lines.join('\n')}\n`);
}

await main();
