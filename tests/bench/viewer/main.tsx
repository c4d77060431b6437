// Scenarios of the page engine benchmark, chosen by `?mode=`. Each exposes its result on
// `window.__bench` for tests/bench/viewer-bench.ts; baselines live next to their scenario.
import * as pdfjs from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import '../../../packages/ui/src/styles/index.css';
import '../../../packages/document-viewer/src/styles/pages.css';
import { DocumentPages } from '../../../packages/document-viewer/src/pages/index';
import { gridBoxes } from '../../../packages/document-viewer/src/pages/story-fixtures';
import type { DocumentPagesHandle, OverlayBox, PageInfo } from '../../../packages/document-viewer/src/pages/types';

declare global {
  interface Window {
    __bench: { ready?: boolean; result?: unknown; run?: () => Promise<unknown> };
  }
}
window.__bench = {};

const params = new URLSearchParams(location.search);
const mode = params.get('mode') ?? 'engine-open';
const boxCount = Number(params.get('boxes') ?? 0);
// `worker=0`: the box canvases are painted on the main thread, as in a browser without
// OffscreenCanvas (the engine's fallback), to compare both paths in the same run.
if (params.get('worker') === '0') {
  Reflect.deleteProperty(HTMLCanvasElement.prototype, 'transferControlToOffscreen');
}
// Azure Interior invoice page, A4 in points.
const PAGE_W = 595;
const PAGE_H = 842;
const assets = { baseUrl: './pdfjs/' };

function page(n: number, url = `./fixtures/page.pdf?n=${n}`): PageInfo {
  return { pageNumber: n, width: PAGE_W, height: PAGE_H, unit: 'point', rotation: 0, file: { url, kind: 'pdf' } };
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Frame durations (rAF to rAF) while `work` runs. */
async function recordFrames(work: () => Promise<void>): Promise<number[]> {
  const frames: number[] = [];
  let last = await nextFrame();
  let running = true;
  const loop = (t: number) => {
    frames.push(t - last);
    last = t;
    if (running) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  await work();
  running = false;
  await nextFrame();
  return frames;
}

/**
 * Baseline of "open": bare pdf.js opens the 2,000-page PDF and paints page 1 at scale 1. With
 * `ranges`, pdf.js reads only what page 1 needs (range requests, no streaming of the 80 MB file):
 * the fastest bare pdf.js can be.
 */
async function baselineOpen(ranges: boolean) {
  const port = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' });
  const worker = pdfjs.PDFWorker.create({ port });
  const doc = await pdfjs.getDocument({
    url: './fixtures/big.pdf',
    worker,
    ...(ranges ? { disableStream: true, disableAutoFetch: true } : {}),
    cMapUrl: './pdfjs/cmaps/',
    standardFontDataUrl: './pdfjs/standard_fonts/',
    wasmUrl: './pdfjs/wasm/',
  }).promise;
  const first = await doc.getPage(1);
  const ratio = window.devicePixelRatio || 1;
  const viewport = first.getViewport({ scale: 1 });
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.style.width = `${viewport.width}px`;
  document.getElementById('app')?.appendChild(canvas);
  await first.render({ canvas, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined }).promise;
  await nextFrame();
  window.__bench.result = { firstPaint: performance.now(), pages: doc.numPages };
  window.__bench.ready = true;
}

function EngineOpen() {
  const [pages] = useState(() => Array.from({ length: 2000 }, (_, i) => page(i + 1)));
  const done = useRef(false);
  return (
    <DocumentPages
      pages={pages}
      boxes={[]}
      zoom={1}
      pdfAssets={assets}
      onPageRendered={(n) => {
        if (n !== 1 || done.current) return;
        done.current = true;
        requestAnimationFrame(() => {
          const firstPaint = performance.now();
          const mountedAtPaint = document.querySelectorAll('.rd-page').length;
          setTimeout(() => {
            window.__bench.result = {
              firstPaint,
              mountedAtPaint,
              mountedSettled: document.querySelectorAll('.rd-page').length,
            };
            window.__bench.ready = true;
          }, 1500);
        });
      }}
    />
  );
}

/** One A4 page (plus two for scrollToBox) with `boxCount` boxes on page 1. */
function Interactive({ pageCount }: { pageCount: number }) {
  const [pages] = useState(() => Array.from({ length: pageCount }, (_, i) => page(i + 1)));
  const [boxes] = useState<OverlayBox[]>(() => {
    const list = gridBoxes(boxCount, 1, PAGE_W, PAGE_H);
    // Targets of the "panel click" scenario: one box on each of the other pages.
    for (let n = 2; n <= pageCount; n++)
      list.push({
        id: `target-${n}`,
        pageNumber: n,
        box: { left: 300, top: 600, width: 120, height: 20 },
        kind: 'entity',
        fill: '#0011ff1a',
        stroke: '#0011ff',
        label: `Target ${n}`,
      });
    return list;
  });
  const [zoom, setZoom] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const handle = useRef<DocumentPagesHandle>(null);
  const painted = useRef(false);

  useEffect(() => {
    window.__bench.run = async () => {
      if (mode === 'zoom') {
        const steps = [1.25, 1.5, 1.25, 1, 1.5, 1];
        const frames = await recordFrames(async () => {
          for (const z of steps) {
            setZoom(z);
            await sleep(450); // 200 ms animation + re-render at the final scale
          }
        });
        return { frames, p50: percentile(frames, 50), p95: percentile(frames, 95), max: Math.max(...frames) };
      }
      if (mode === 'hover') {
        const slot = document.querySelector<HTMLElement>('.rd-page[data-page-number="1"]') as HTMLElement;
        const rect = slot.getBoundingClientRect();
        const handlerTimes: number[] = [];
        const frames = await recordFrames(async () => {
          for (let i = 0; i < 240; i++) {
            await nextFrame();
            const x = rect.left + ((i * 37) % Math.floor(rect.width));
            const y = rect.top + ((i * 53) % Math.floor(Math.min(rect.height, window.innerHeight - rect.top - 1)));
            const init = { clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse', bubbles: true, button: 0 };
            const t0 = performance.now();
            slot.dispatchEvent(new PointerEvent('pointermove', init));
            if (i % 12 === 0) {
              slot.dispatchEvent(new PointerEvent('pointerdown', init));
              slot.dispatchEvent(new PointerEvent('pointerup', init));
            }
            // Include React's commit and the layout of the highlight in the handler cost.
            await Promise.resolve();
            slot.querySelector('.rd-box-highlight')?.getBoundingClientRect();
            handlerTimes.push(performance.now() - t0);
          }
        });
        return {
          frames,
          handlerTimes,
          p50: percentile(frames, 50),
          p95: percentile(frames, 95),
          handlerP95: percentile(handlerTimes, 95),
          handlerMean: handlerTimes.reduce((a, b) => a + b, 0) / handlerTimes.length,
        };
      }
      if (mode === 'select') {
        const results: number[] = [];
        const scroller = document.querySelector<HTMLElement>('.rd-pages') as HTMLElement;
        // `targets=a,b` picks the boxes to click (to profile one click by hand).
        const targets = params.get('targets')?.split(',') ?? [
          'box-4999',
          'target-3',
          'box-10',
          'target-2',
          'box-2500',
          'target-3',
          'box-0',
        ];
        for (const id of targets) {
          await sleep(300);
          const t0 = performance.now();
          // What the field panel does on click: select, then scroll the box into view.
          flushSync(() => setSelected(id));
          handle.current?.scrollToBox(id);
          for (;;) {
            await nextFrame();
            const el = document.querySelector(`.rd-box-highlight-selected[data-box-id="${id}"]`);
            const r = el?.getBoundingClientRect();
            const view = scroller.getBoundingClientRect();
            if (r && r.top >= view.top && r.bottom <= view.bottom) break;
            if (performance.now() - t0 > 5000) break;
          }
          // The frame after the highlight exists is the one that shows it.
          await nextFrame();
          results.push(performance.now() - t0);
        }
        return {
          samples: results.map((r) => Math.round(r * 10) / 10),
          median: percentile(results, 50),
          max: Math.max(...results),
        };
      }
      return null;
    };
  }, []);

  return (
    <DocumentPages
      ref={handle}
      pages={pages}
      boxes={boxes}
      zoom={zoom}
      selectedBoxId={selected}
      onSelectBox={setSelected}
      pdfAssets={assets}
      onPageRendered={(n) => {
        if (n === 1 && !painted.current) {
          painted.current = true;
          setTimeout(() => {
            window.__bench.ready = true;
          }, 500);
        }
      }}
    />
  );
}

const root = document.getElementById('app') as HTMLElement;
if (mode === 'baseline-open' || mode === 'baseline-open-ranges') {
  void baselineOpen(mode === 'baseline-open-ranges');
} else {
  const app = mode === 'engine-open' ? <EngineOpen /> : <Interactive pageCount={mode === 'select' ? 3 : 1} />;
  createRoot(root).render(app);
}
