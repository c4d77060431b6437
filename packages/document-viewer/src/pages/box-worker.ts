// The box worker: paints the box canvases of one <DocumentPages> off the main thread. Each page's
// canvas is handed over with transferControlToOffscreen; the main thread only sends the boxes
// (once per change) and what to paint (area, scale), and places the canvas when the worker says
// the bitmap is ready. On a software-rasterised canvas, 5,000 boxes cost ~10 ms of main-thread
// time per repaint, which landed in the frames right after a zoom, next to pdf.js's own repaint.
//
// The worker is built from the source text of `boxWorkerMain` and `drawBoxGroups` (a Blob URL),
// so it needs no bundler support and no extra file next to the host's assets. Where a worker or
// OffscreenCanvas is unavailable (or the page's CSP refuses blob: workers) the host returns no
// surface and BoxCanvas paints on the main thread as before.
import { type BoxGroup, type DrawTarget, drawBoxGroups } from './draw-boxes';

export interface PaintJob {
  type: 'paint';
  id: number;
  seq: number;
  /** Bitmap size in canvas pixels. */
  width: number;
  height: number;
  target: DrawTarget;
}

export type ToBoxWorker =
  | { type: 'attach'; id: number; canvas: OffscreenCanvas }
  | { type: 'boxes'; id: number; groups: BoxGroup[] }
  | PaintJob
  | { type: 'detach'; id: number };

export interface BoxPainted {
  type: 'painted';
  id: number;
  seq: number;
  /** Boxes painted (those meeting the area). */
  count: number;
}

/** What the worker program needs from its global scope (a DedicatedWorkerGlobalScope). */
export interface BoxWorkerScope {
  onmessage: ((event: { data: ToBoxWorker }) => void) | null;
  postMessage(message: BoxPainted): void;
  setTimeout(callback: () => void, ms: number): unknown;
}

/**
 * The worker's program. It runs from its source text, so it references nothing outside its body
 * but its arguments. Paint requests are coalesced per canvas: when the reader scrolls faster than
 * the worker paints, only the latest request of each page is painted.
 */
export function boxWorkerMain(scope: BoxWorkerScope, draw: typeof drawBoxGroups): void {
  const pages = new Map<number, { canvas: OffscreenCanvas; groups: BoxGroup[]; job: PaintJob | null }>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    for (const [id, page] of pages) {
      const job = page.job;
      if (!job) continue;
      page.job = null;
      page.canvas.width = job.width;
      page.canvas.height = job.height;
      const ctx = page.canvas.getContext('2d');
      const count = ctx ? draw(ctx, page.groups, job.target) : 0;
      scope.postMessage({ type: 'painted', id, seq: job.seq, count });
    }
  };
  scope.onmessage = ({ data }) => {
    if (data.type === 'attach') {
      pages.set(data.id, { canvas: data.canvas, groups: [], job: null });
      return;
    }
    if (data.type === 'detach') {
      pages.delete(data.id);
      return;
    }
    const page = pages.get(data.id);
    if (!page) return;
    if (data.type === 'boxes') {
      page.groups = data.groups;
      return;
    }
    page.job = data;
    if (!scheduled) {
      scheduled = true;
      scope.setTimeout(flush, 0);
    }
  };
}

/** The worker's script: the two functions above, as text. */
export function boxWorkerSource(): string {
  return `"use strict";\nconst draw = (${drawBoxGroups.toString()});\n(${boxWorkerMain.toString()})(self, draw);\n`;
}

/** One page canvas painted by the worker. */
export interface BoxSurface {
  setBoxes(groups: BoxGroup[]): void;
  /** Asks for a repaint; returns its sequence number, reported back to `onPainted`. */
  paint(width: number, height: number, target: DrawTarget): number;
  detach(): void;
}

/**
 * The box worker of one <DocumentPages>, started on first use and ended by `dispose` (a later
 * attach starts a new one, as StrictMode's simulated remount needs).
 */
export interface BoxPainterHost {
  /**
   * Hands the canvas to the worker, or returns null when this browser cannot (then paint it here).
   * `onLost` is called if the worker fails later (a CSP may refuse it only once it loads): the
   * canvas is gone with it, so the caller paints a new canvas on the main thread.
   */
  attach(
    canvas: HTMLCanvasElement,
    onPainted: (seq: number, count: number) => void,
    onLost?: () => void,
  ): BoxSurface | null;
  dispose(): void;
}

export interface WorkerLike {
  postMessage(message: ToBoxWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<BoxPainted>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/** Whether canvases of this document can be painted by a worker. */
export function canPaintInWorker(canvas: HTMLCanvasElement): boolean {
  const view = canvas.ownerDocument.defaultView;
  return (
    typeof view?.Worker === 'function' &&
    typeof view.OffscreenCanvas === 'function' &&
    typeof canvas.transferControlToOffscreen === 'function'
  );
}

function startBlobWorker(): { worker: WorkerLike; dispose: () => void } {
  const url = URL.createObjectURL(new Blob([boxWorkerSource()], { type: 'text/javascript' }));
  try {
    const worker = new Worker(url, { name: 'rd-boxes' });
    return {
      worker,
      dispose: () => {
        worker.terminate();
        URL.revokeObjectURL(url);
      },
    };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

export function createBoxPainterHost(
  start: () => { worker: WorkerLike; dispose: () => void } = startBlobWorker,
  supported: (canvas: HTMLCanvasElement) => boolean = canPaintInWorker,
): BoxPainterHost {
  let running: { worker: WorkerLike; dispose: () => void } | null = null;
  /** Set when the worker could not start (e.g. a CSP without blob: workers): never retried. */
  let failed = false;
  let nextId = 1;
  let nextSeq = 1;
  const listeners = new Map<number, { onPainted: (seq: number, count: number) => void; onLost?: () => void }>();

  const worker = (): WorkerLike | null => {
    if (running) return running.worker;
    if (failed) return null;
    try {
      running = start();
    } catch {
      failed = true;
      return null;
    }
    running.worker.onmessage = ({ data }) => {
      if (data.type === 'painted') listeners.get(data.id)?.onPainted(data.seq, data.count);
    };
    running.worker.onerror = () => {
      failed = true;
      const lost = [...listeners.values()];
      listeners.clear();
      running?.dispose();
      running = null;
      for (const l of lost) l.onLost?.();
    };
    return running.worker;
  };

  return {
    attach(canvas, onPainted, onLost) {
      if (!supported(canvas)) return null;
      const w = worker();
      if (!w) return null;
      const id = nextId++;
      const offscreen = canvas.transferControlToOffscreen();
      w.postMessage({ type: 'attach', id, canvas: offscreen }, [offscreen]);
      listeners.set(id, onLost ? { onPainted, onLost } : { onPainted });
      return {
        setBoxes(groups) {
          w.postMessage(
            { type: 'boxes', id, groups },
            groups.map((g) => g.rects.buffer as ArrayBuffer),
          );
        },
        paint(width, height, target) {
          const seq = nextSeq++;
          w.postMessage({ type: 'paint', id, seq, width, height, target });
          return seq;
        },
        detach() {
          listeners.delete(id);
          if (running?.worker === w) w.postMessage({ type: 'detach', id });
        },
      };
    },
    dispose() {
      listeners.clear();
      running?.dispose();
      running = null;
    },
  };
}
