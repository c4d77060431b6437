// Paints boxes on a 2D canvas. One canvas per page holds the many boxes (cheap to scale during a
// zoom animation); the hovered/selected box is a DOM element above it, so pointer moves never
// repaint this canvas. Boxes are batched by style into one path each: 5,000 separate
// fillRect/strokeRect calls cost tens of milliseconds in a software-rendered canvas, one
// fill() and one stroke() per colour cost a few.
//
// The painting itself (`drawBoxGroups`) runs either on the main thread or in the box worker
// (box-worker.ts), which is built from its source text: it must not reference anything outside
// its own body, and its input (`BoxGroup`) is plain data that survives postMessage.
import type { OverlayBox, PageBox } from './types';

export const INVALID_COLOUR = '#d32f2f';
export const LOW_CONFIDENCE_COLOUR = '#b26a00';

export interface DrawTarget {
  /** Page-unit rectangle the canvas covers (its top-left is the canvas origin). */
  area: PageBox;
  /** CSS pixels per page unit. */
  scale: number;
  /** Canvas pixels per CSS pixel. */
  pixelRatio: number;
}

type Look = 'plain' | 'invalid' | 'low-confidence';

/** One batch of boxes painted alike, as transferable data. */
export interface BoxGroup {
  fill: string;
  stroke: string;
  /** Outline width in CSS pixels (constant whatever the zoom). */
  lineWidth: number;
  /** Outline dash pattern in CSS pixels; empty for a solid line. */
  dash: number[];
  /** Colour of the screen-space hatching drawn over the fill, if any. */
  hatch: string | null;
  /** left, top, width, height of every box, in page units. */
  rects: Float64Array;
}

function lookOf(box: OverlayBox): Look {
  if (box.flags?.includes('invalid')) return 'invalid';
  if (box.flags?.includes('low-confidence')) return 'low-confidence';
  return 'plain';
}

/** Groups boxes by how they are painted, keeping the first-seen order of the groups. */
export function groupByStyle(
  boxes: readonly OverlayBox[],
): Map<string, { look: Look; fill: string; stroke: string; boxes: PageBox[] }> {
  const groups = new Map<string, { look: Look; fill: string; stroke: string; boxes: PageBox[] }>();
  for (const b of boxes) {
    const look = lookOf(b);
    const key = `${look}|${b.fill}|${b.stroke}`;
    let group = groups.get(key);
    if (!group) {
      group = { look, fill: b.fill, stroke: b.stroke, boxes: [] };
      groups.set(key, group);
    }
    group.boxes.push(b.box);
  }
  return groups;
}

/** The boxes of a page as paint batches: the flags decide the outline, the box its colours. */
export function packBoxGroups(boxes: readonly OverlayBox[]): BoxGroup[] {
  return [...groupByStyle(boxes).values()].map((g) => {
    const rects = new Float64Array(g.boxes.length * 4);
    for (const [i, b] of g.boxes.entries()) rects.set([b.left, b.top, b.width, b.height], i * 4);
    if (g.look === 'invalid')
      return { fill: g.fill, stroke: INVALID_COLOUR, lineWidth: 2, dash: [], hatch: `${INVALID_COLOUR}99`, rects };
    if (g.look === 'low-confidence')
      return { fill: g.fill, stroke: LOW_CONFIDENCE_COLOUR, lineWidth: 1.5, dash: [4, 3], hatch: null, rects };
    return { fill: g.fill, stroke: g.stroke, lineWidth: 1, dash: [], hatch: null, rects };
  });
}

/**
 * Clears the canvas and paints the boxes of `groups` that meet `target.area`. Self-contained on
 * purpose (see the file comment): it runs in the box worker as well as on the main thread.
 * Returns how many boxes were painted.
 */
export function drawBoxGroups(
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  groups: readonly BoxGroup[],
  target: DrawTarget,
): number {
  const { area, scale, pixelRatio } = target;
  const k = scale * pixelRatio;
  const right = area.left + area.width;
  const bottom = area.top + area.height;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(k, 0, 0, k, -area.left * k, -area.top * k);
  let painted = 0;
  for (const group of groups) {
    const r = group.rects;
    ctx.beginPath();
    let any = false;
    for (let i = 0; i < r.length; i += 4) {
      const left = r[i] as number;
      const top = r[i + 1] as number;
      const width = r[i + 2] as number;
      const height = r[i + 3] as number;
      // Culled to the canvas area (outline included): path building is the cost, not clipping.
      if (left > right || top > bottom || left + width < area.left || top + height < area.top) continue;
      ctx.rect(left, top, width, height);
      any = true;
      painted++;
    }
    if (!any) continue;
    ctx.fillStyle = group.fill;
    ctx.fill();
    if (group.hatch) {
      // Hatching in screen space so the pattern keeps its density at every zoom.
      const tile = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(8, 8) : document.createElement('canvas');
      tile.width = 8;
      tile.height = 8;
      const t = tile.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
      if (t) {
        t.strokeStyle = group.hatch;
        t.lineWidth = 1.5;
        t.beginPath();
        t.moveTo(0, 8);
        t.lineTo(8, 0);
        t.stroke();
        const pattern = ctx.createPattern(tile, 'repeat');
        if (pattern) {
          pattern.setTransform(new DOMMatrix([1 / k, 0, 0, 1 / k, 0, 0]));
          ctx.fillStyle = pattern;
          ctx.fill();
        }
      }
    }
    // Line widths in CSS pixels whatever the zoom.
    ctx.strokeStyle = group.stroke;
    ctx.lineWidth = group.lineWidth / scale;
    ctx.setLineDash(group.dash.map((d) => d / scale));
    ctx.stroke();
  }
  ctx.setLineDash([]);
  return painted;
}

/** Paints boxes on the main thread (tests and the fallback when no worker can draw). */
export function drawBoxes(ctx: CanvasRenderingContext2D, boxes: readonly OverlayBox[], target: DrawTarget): void {
  drawBoxGroups(ctx, packBoxGroups(boxes), target);
}
