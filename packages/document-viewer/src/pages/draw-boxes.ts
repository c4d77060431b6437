// Paints boxes on a 2D canvas. One canvas per page holds the many boxes (cheap to scale during a
// zoom animation); the hovered/selected box is a DOM element above it, so pointer moves never
// repaint this canvas. Boxes are batched by style into one path each: 5,000 separate
// fillRect/strokeRect calls cost tens of milliseconds in a software-rendered canvas, one
// fill() and one stroke() per colour cost a few.
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

function hatch(ctx: CanvasRenderingContext2D): CanvasPattern | null {
  const tile = ctx.canvas.ownerDocument.createElement('canvas');
  tile.width = 8;
  tile.height = 8;
  const t = tile.getContext('2d');
  if (!t) return null;
  t.strokeStyle = `${INVALID_COLOUR}99`;
  t.lineWidth = 1.5;
  t.beginPath();
  t.moveTo(0, 8);
  t.lineTo(8, 0);
  t.stroke();
  return ctx.createPattern(tile, 'repeat');
}

function tracePath(ctx: CanvasRenderingContext2D, boxes: readonly PageBox[]) {
  ctx.beginPath();
  for (const b of boxes) ctx.rect(b.left, b.top, b.width, b.height);
}

export function drawBoxes(ctx: CanvasRenderingContext2D, boxes: readonly OverlayBox[], target: DrawTarget): void {
  const { area, scale, pixelRatio } = target;
  const k = scale * pixelRatio;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(k, 0, 0, k, -area.left * k, -area.top * k);
  // Line widths in CSS pixels whatever the zoom.
  const line = 1 / scale;
  for (const group of groupByStyle(boxes).values()) {
    tracePath(ctx, group.boxes);
    ctx.fillStyle = group.fill;
    ctx.fill();
    if (group.look === 'invalid') {
      // Hatching in screen space so the pattern keeps its density at every zoom.
      const pattern = hatch(ctx);
      if (pattern) {
        pattern.setTransform(new DOMMatrix([1 / k, 0, 0, 1 / k, 0, 0]));
        ctx.fillStyle = pattern;
        ctx.fill();
      }
      ctx.strokeStyle = INVALID_COLOUR;
      ctx.lineWidth = 2 * line;
      ctx.setLineDash([]);
    } else if (group.look === 'low-confidence') {
      ctx.strokeStyle = LOW_CONFIDENCE_COLOUR;
      ctx.lineWidth = 1.5 * line;
      ctx.setLineDash([4 * line, 3 * line]);
    } else {
      ctx.strokeStyle = group.stroke;
      ctx.lineWidth = line;
      ctx.setLineDash([]);
    }
    ctx.stroke();
  }
  ctx.setLineDash([]);
}
