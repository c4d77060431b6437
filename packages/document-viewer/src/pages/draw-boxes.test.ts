import { describe, expect, it } from 'vitest';
import { drawBoxGroups, INVALID_COLOUR, LOW_CONFIDENCE_COLOUR, packBoxGroups } from './draw-boxes';
import type { OverlayBox } from './types';

function box(id: string, left: number, top: number, flags?: OverlayBox['flags']): OverlayBox {
  return {
    id,
    pageNumber: 1,
    box: { left, top, width: 10, height: 10 },
    kind: 'entity',
    fill: '#0011ff1a',
    stroke: '#0011ff',
    label: id,
    ...(flags ? { flags } : {}),
  };
}

/** Records what a 2D context is asked to do. */
function recordingContext() {
  const calls: string[] = [];
  const rects: number[][] = [];
  const ctx = {
    canvas: { width: 100, height: 100 },
    fillStyle: '' as unknown,
    strokeStyle: '',
    lineWidth: 0,
    setTransform: () => {},
    clearRect: () => calls.push('clear'),
    beginPath: () => calls.push('begin'),
    rect: (...r: number[]) => rects.push(r),
    fill: () => calls.push(`fill ${String(ctx.fillStyle)}`),
    stroke: () => calls.push(`stroke ${ctx.strokeStyle} ${ctx.lineWidth}`),
    setLineDash: (dash: number[]) => calls.push(`dash ${dash.join(',')}`),
    createPattern: () => null,
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls, rects };
}

describe('box paint batches', () => {
  it('packs the boxes of each look as transferable rectangles with the outline of their flags', () => {
    const groups = packBoxGroups([
      box('a', 0, 0),
      box('b', 20, 0, ['invalid']),
      box('c', 40, 5),
      box('d', 0, 30, ['low-confidence']),
    ]);
    expect(groups.map((g) => [g.stroke, g.lineWidth, g.dash, g.hatch !== null, [...g.rects]])).toEqual([
      ['#0011ff', 1, [], false, [0, 0, 10, 10, 40, 5, 10, 10]],
      [INVALID_COLOUR, 2, [], true, [20, 0, 10, 10]],
      [LOW_CONFIDENCE_COLOUR, 1.5, [4, 3], false, [0, 30, 10, 10]],
    ]);
  });

  it('paints only the boxes meeting the area, with outlines in CSS pixels at any scale', () => {
    const { ctx, calls, rects } = recordingContext();
    const groups = packBoxGroups([
      box('in', 0, 0),
      box('edge', 45, 45),
      box('out', 200, 200),
      box('dashed', 5, 5, ['low-confidence']),
    ]);
    const count = drawBoxGroups(ctx, groups, {
      area: { left: 0, top: 0, width: 50, height: 50 },
      scale: 2,
      pixelRatio: 1,
    });
    expect(count).toBe(3);
    expect(rects).toEqual([
      [0, 0, 10, 10],
      [45, 45, 10, 10],
      [5, 5, 10, 10],
    ]);
    expect(calls).toContain('stroke #0011ff 0.5');
    expect(calls).toContain(`stroke ${LOW_CONFIDENCE_COLOUR} 0.75`);
    expect(calls).toContain('dash 2,1.5');
    // The dash is reset, so the next group (or the next paint) draws solid lines.
    expect(calls.at(-1)).toBe('dash ');
  });

  it('skips a group none of whose boxes meets the area', () => {
    const { ctx, calls } = recordingContext();
    drawBoxGroups(ctx, packBoxGroups([box('far', 500, 500)]), {
      area: { left: 0, top: 0, width: 50, height: 50 },
      scale: 1,
      pixelRatio: 1,
    });
    expect(calls.filter((c) => c.startsWith('fill') || c.startsWith('stroke'))).toEqual([]);
  });
});
