import { describe, expect, it, vi } from 'vitest';
import {
  type BoxPainted,
  type BoxWorkerScope,
  boxWorkerMain,
  boxWorkerSource,
  createBoxPainterHost,
  type ToBoxWorker,
  type WorkerLike,
} from './box-worker';
import { packBoxGroups } from './draw-boxes';
import type { OverlayBox } from './types';

const boxes: OverlayBox[] = [
  {
    id: 'a',
    pageNumber: 1,
    box: { left: 0, top: 0, width: 10, height: 10 },
    kind: 'entity',
    fill: '#0011ff1a',
    stroke: '#0011ff',
    label: 'a',
  },
];
const target = { area: { left: 0, top: 0, width: 50, height: 50 }, scale: 1, pixelRatio: 1 };

/** A worker global scope whose timers run when the test says so. */
function fakeScope() {
  const posted: BoxPainted[] = [];
  const timers: (() => void)[] = [];
  const scope: BoxWorkerScope = {
    onmessage: null,
    postMessage: (m) => posted.push(m),
    setTimeout: (callback) => timers.push(callback),
  };
  const send = (data: ToBoxWorker) => scope.onmessage?.({ data });
  const runTimers = () => {
    for (const t of timers.splice(0)) t();
  };
  return { scope, posted, send, runTimers, timers };
}

function fakeOffscreen() {
  return { width: 0, height: 0, getContext: () => ({}) } as unknown as OffscreenCanvas;
}

describe('box worker program', () => {
  it('paints the latest request of each canvas once, at its size, and reports it', () => {
    const { scope, posted, send, runTimers, timers } = fakeScope();
    const draw = vi.fn(() => 7);
    boxWorkerMain(scope, draw);
    const canvas = fakeOffscreen();
    send({ type: 'attach', id: 1, canvas });
    send({ type: 'boxes', id: 1, groups: packBoxGroups(boxes) });
    send({ type: 'paint', id: 1, seq: 1, width: 10, height: 10, target });
    send({ type: 'paint', id: 1, seq: 2, width: 30, height: 40, target });
    expect(timers).toHaveLength(1);
    runTimers();
    expect(draw).toHaveBeenCalledTimes(1);
    expect([canvas.width, canvas.height]).toEqual([30, 40]);
    expect(posted).toEqual([{ type: 'painted', id: 1, seq: 2, count: 7 }]);
  });

  it('forgets a detached canvas, including a paint already asked for', () => {
    const { scope, posted, send, runTimers } = fakeScope();
    const draw = vi.fn(() => 1);
    boxWorkerMain(scope, draw);
    send({ type: 'attach', id: 1, canvas: fakeOffscreen() });
    send({ type: 'paint', id: 1, seq: 1, width: 10, height: 10, target });
    send({ type: 'detach', id: 1 });
    send({ type: 'paint', id: 1, seq: 2, width: 10, height: 10, target });
    runTimers();
    expect(draw).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
  });

  it('runs from its source text alone (no reference to the bundle around it)', () => {
    const { scope, posted, send, runTimers } = fakeScope();
    // The worker script sees only its global scope: evaluate it with nothing but `self`.
    new Function('self', boxWorkerSource())(scope);
    const ctx = {
      canvas: { width: 0, height: 0 },
      setTransform() {},
      clearRect() {},
      beginPath() {},
      rect() {},
      fill() {},
      stroke() {},
      setLineDash() {},
    };
    send({
      type: 'attach',
      id: 3,
      canvas: { width: 0, height: 0, getContext: () => ctx } as unknown as OffscreenCanvas,
    });
    send({ type: 'boxes', id: 3, groups: packBoxGroups(boxes) });
    send({ type: 'paint', id: 3, seq: 9, width: 50, height: 50, target });
    runTimers();
    expect(posted).toEqual([{ type: 'painted', id: 3, seq: 9, count: 1 }]);
  });
});

/** A worker that records its messages and can answer as the real one would. */
function fakeWorker() {
  const messages: { message: ToBoxWorker; transfer: Transferable[] | undefined }[] = [];
  const worker: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage: (message, transfer) => messages.push({ message, transfer }),
    terminate: vi.fn(),
  };
  const reply = (data: BoxPainted) => worker.onmessage?.({ data } as MessageEvent<BoxPainted>);
  return { worker, messages, reply };
}

function fakeCanvas() {
  const offscreen = fakeOffscreen();
  return {
    canvas: { transferControlToOffscreen: vi.fn(() => offscreen) } as unknown as HTMLCanvasElement,
    offscreen,
  };
}

describe('box painter host', () => {
  it('starts one worker for all canvases, transfers each canvas and routes the replies', () => {
    const { worker, messages, reply } = fakeWorker();
    const dispose = vi.fn();
    const start = vi.fn(() => ({ worker, dispose }));
    const host = createBoxPainterHost(start, () => true);
    const first = fakeCanvas();
    const second = fakeCanvas();
    const onFirst = vi.fn();
    const onSecond = vi.fn();
    const a = host.attach(first.canvas, onFirst);
    const b = host.attach(second.canvas, onSecond);
    expect(start).toHaveBeenCalledTimes(1);
    expect(messages[0]).toEqual({
      message: { type: 'attach', id: 1, canvas: first.offscreen },
      transfer: [first.offscreen],
    });

    const groups = packBoxGroups(boxes);
    a?.setBoxes(groups);
    // The rectangles move to the worker instead of being copied.
    expect(messages[2]?.transfer).toEqual([groups[0]?.rects.buffer]);
    const seq = b?.paint(20, 20, target) as number;
    reply({ type: 'painted', id: 2, seq, count: 1 });
    expect(onSecond).toHaveBeenCalledWith(seq, 1);
    expect(onFirst).not.toHaveBeenCalled();

    b?.detach();
    expect(messages.at(-1)?.message).toEqual({ type: 'detach', id: 2 });
    reply({ type: 'painted', id: 2, seq, count: 1 });
    expect(onSecond).toHaveBeenCalledTimes(1);

    host.dispose();
    expect(dispose).toHaveBeenCalledTimes(1);
  });

  it('returns no surface, and leaves the canvas alone, when the browser cannot paint in a worker', () => {
    const start = vi.fn();
    const host = createBoxPainterHost(start, () => false);
    const { canvas } = fakeCanvas();
    expect(host.attach(canvas, () => {})).toBeNull();
    expect(start).not.toHaveBeenCalled();
    expect(canvas.transferControlToOffscreen).not.toHaveBeenCalled();
  });

  it('falls back for good when the worker cannot start (e.g. a CSP without blob: workers)', () => {
    const start = vi.fn(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    const host = createBoxPainterHost(start, () => true);
    expect(host.attach(fakeCanvas().canvas, () => {})).toBeNull();
    expect(host.attach(fakeCanvas().canvas, () => {})).toBeNull();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('reports its canvases lost and refuses new ones when the worker fails after starting', () => {
    const { worker } = fakeWorker();
    const dispose = vi.fn();
    const start = vi.fn(() => ({ worker, dispose }));
    const host = createBoxPainterHost(start, () => true);
    const onLost = vi.fn();
    host.attach(fakeCanvas().canvas, () => {}, onLost);
    worker.onerror?.(new ErrorEvent('error'));
    expect(onLost).toHaveBeenCalledTimes(1);
    expect(dispose).toHaveBeenCalledTimes(1);
    expect(host.attach(fakeCanvas().canvas, () => {})).toBeNull();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts a new worker after dispose (StrictMode remounts the engine)', () => {
    const workers = [fakeWorker(), fakeWorker()];
    const start = vi.fn(() => ({
      worker: (workers[start.mock.calls.length - 1] as ReturnType<typeof fakeWorker>).worker,
      dispose: () => {},
    }));
    const host = createBoxPainterHost(start, () => true);
    const old = host.attach(fakeCanvas().canvas, () => {});
    host.dispose();
    old?.detach(); // late cleanup of a surface of the ended worker: nothing is sent anywhere
    host.attach(fakeCanvas().canvas, () => {});
    expect(start).toHaveBeenCalledTimes(2);
    expect(workers[0]?.messages.map((m) => m.message.type)).toEqual(['attach']);
    expect(workers[1]?.messages.map((m) => m.message.type)).toEqual(['attach']);
  });
});
