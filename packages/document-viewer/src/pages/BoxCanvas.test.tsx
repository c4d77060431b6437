import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BoxCanvas } from './BoxCanvas';
import { createBoxIndex } from './box-index';
import type { BoxPainterHost, BoxSurface } from './box-worker';
import type { DrawTarget } from './draw-boxes';
import type { OverlayBox } from './types';
import { createViewportStore } from './viewport-store';

const boxes: OverlayBox[] = [
  {
    id: 'a',
    pageNumber: 1,
    box: { left: 10, top: 10, width: 20, height: 20 },
    kind: 'entity',
    fill: '#0011ff1a',
    stroke: '#0011ff',
    label: 'a',
  },
];

/** A painter host that hands out recording surfaces instead of starting a worker. */
function fakeHost() {
  const surfaces: { canvas: HTMLCanvasElement; paints: DrawTarget[]; boxes: number; detached: boolean }[] = [];
  const listeners: ((seq: number, count: number) => void)[] = [];
  const host: BoxPainterHost = {
    attach(canvas, onPainted) {
      const record = { canvas, paints: [] as DrawTarget[], boxes: 0, detached: false };
      surfaces.push(record);
      listeners.push(onPainted);
      const surface: BoxSurface = {
        setBoxes: (groups) => {
          record.boxes = groups.reduce((n, g) => n + g.rects.length / 4, 0);
        },
        paint: (_w, _h, target) => record.paints.push(target),
        detach: () => {
          record.detached = true;
        },
      };
      return surface;
    },
    dispose: vi.fn(),
  };
  return { host, surfaces, listeners };
}

function renderCanvas(host: BoxPainterHost, scale: number, wrap = (node: React.ReactNode) => node) {
  const viewport = createViewportStore();
  viewport.setState({ scrollTop: 0, scrollLeft: 0, width: 800, height: 600 });
  const index = createBoxIndex(boxes);
  const element = (s: number) =>
    wrap(
      <BoxCanvas
        index={index}
        boxes={boxes}
        painter={host}
        placement={{ width: 100, height: 100, rotation: 0, scale: s }}
        slotTop={0}
        slotLeft={0}
        slotWidth={100 * s}
        slotHeight={100 * s}
        viewport={viewport}
      />,
    );
  const view = render(element(scale));
  return { ...view, rerenderAt: (s: number) => view.rerender(element(s)) };
}

describe('box canvas painted by the worker', () => {
  it('sends the boxes and the area, and places the canvas only once the bitmap is ready', () => {
    const { host, surfaces, listeners } = fakeHost();
    const { container } = renderCanvas(host, 1);
    const canvas = container.querySelector('canvas.rd-page-boxes') as HTMLCanvasElement;
    expect(surfaces).toHaveLength(1);
    expect(surfaces[0]?.boxes).toBe(1);
    expect(surfaces[0]?.paints).toEqual([
      { area: { left: 0, top: 0, width: 100, height: 100 }, scale: 1, pixelRatio: 1 },
    ]);
    expect(canvas.style.width).toBe('');
    act(() => listeners[0]?.(1, 1));
    expect(canvas.style.width).toBe('100px');
  });

  it('stretches the old bitmap at once on a zoom and asks for a sharp one at the new scale', () => {
    const { host, surfaces, listeners } = fakeHost();
    const { container, rerenderAt } = renderCanvas(host, 1);
    act(() => listeners[0]?.(1, 1));
    rerenderAt(2);
    const canvas = container.querySelector('canvas.rd-page-boxes') as HTMLCanvasElement;
    expect(canvas.style.width).toBe('200px'); // the old bitmap, scaled by CSS
    expect(surfaces[0]?.paints.at(-1)?.scale).toBe(2);
    expect(surfaces).toHaveLength(1); // same canvas, same surface: no second transfer
  });

  it('gives StrictMode a new canvas instead of transferring one twice', () => {
    const { host, surfaces } = fakeHost();
    const { container } = renderCanvas(host, 1, (node) => <StrictMode>{node}</StrictMode>);
    const live = surfaces.filter((s) => !s.detached);
    expect(live).toHaveLength(1);
    expect(new Set(surfaces.map((s) => s.canvas)).size).toBe(surfaces.length);
    expect(container.querySelector('canvas.rd-page-boxes')).toBe(live[0]?.canvas);
  });

  it('paints on the main thread when the host cannot take the canvas', () => {
    const host: BoxPainterHost = { attach: () => null, dispose: () => {} };
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { container } = renderCanvas(host, 1);
    const canvas = container.querySelector('canvas.rd-page-boxes') as HTMLCanvasElement;
    expect(getContext).toHaveBeenCalledWith('2d');
    expect(canvas.style.width).toBe('100px');
    getContext.mockRestore();
  });

  it('paints a new canvas on the main thread when the worker is lost', () => {
    let lose = () => {};
    let refuse = false;
    const host: BoxPainterHost = {
      attach: (_canvas, _onPainted, onLost) => {
        if (refuse) return null;
        lose = () => {
          refuse = true;
          onLost?.();
        };
        return { setBoxes: () => {}, paint: () => 1, detach: () => {} };
      },
      dispose: () => {},
    };
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { container } = renderCanvas(host, 1);
    const first = container.querySelector('canvas.rd-page-boxes');
    expect(getContext).not.toHaveBeenCalled();
    act(() => lose());
    const second = container.querySelector('canvas.rd-page-boxes') as HTMLCanvasElement;
    expect(second).not.toBe(first);
    expect(getContext.mock.contexts).toContain(second);
    expect(second.style.width).toBe('100px');
    getContext.mockRestore();
  });

  it('on the main thread, repaints after a zoom only once the commit is out of the way', async () => {
    const host: BoxPainterHost = { attach: () => null, dispose: () => {} };
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { container, rerenderAt } = renderCanvas(host, 1);
    const canvas = container.querySelector('canvas.rd-page-boxes') as HTMLCanvasElement;
    getContext.mockClear();
    rerenderAt(2);
    expect(canvas.style.width).toBe('200px'); // stretched at once
    expect(canvas.width).toBe(100); // the old bitmap
    expect(getContext).not.toHaveBeenCalled();
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(canvas.width).toBe(200);
    expect(getContext).toHaveBeenCalledTimes(1);
    getContext.mockRestore();
  });
});
