// Box helpers shared by every engine. Internally a box is its four edges; the contract's
// BoundingBox repeats them as x/y/width/height, which `toBoundingBox` fills in.
import type { BoundingBox, PagePoint } from './types.js';

export interface Edges {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Rounds to 1/100 of a unit: enough for points and pixels, and keeps stored JSON small. */
const round = (value: number): number => Math.round(value * 100) / 100;

export function toBoundingBox(edges: Edges): BoundingBox {
  const left = round(edges.left);
  const top = round(edges.top);
  const right = round(Math.max(edges.right, edges.left));
  const bottom = round(Math.max(edges.bottom, edges.top));
  return { x: left, y: top, width: round(right - left), height: round(bottom - top), left, top, right, bottom };
}

/** Polygon of a box, clockwise from top-left (KeyValue.points). */
export function toPoints(edges: Edges): PagePoint[] {
  const box = toBoundingBox(edges);
  return [
    { x: box.left, y: box.top },
    { x: box.right, y: box.top },
    { x: box.right, y: box.bottom },
    { x: box.left, y: box.bottom },
  ];
}

export function unionEdges(boxes: readonly Edges[]): Edges {
  if (boxes.length === 0) throw new Error('unionEdges needs at least one box');
  let { left, top, right, bottom } = boxes[0] as Edges;
  for (const box of boxes) {
    left = Math.min(left, box.left);
    top = Math.min(top, box.top);
    right = Math.max(right, box.right);
    bottom = Math.max(bottom, box.bottom);
  }
  return { left, top, right, bottom };
}

export function scaleEdges(edges: Edges, factor: number): Edges {
  return {
    left: edges.left * factor,
    top: edges.top * factor,
    right: edges.right * factor,
    bottom: edges.bottom * factor,
  };
}

/** Length of the overlap of two intervals (0 when they do not overlap). */
export function overlap(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  return Math.max(0, Math.min(aEnd, bEnd) - Math.max(aStart, bStart));
}

export const heightOf = (edges: Edges): number => edges.bottom - edges.top;
export const centerY = (edges: Edges): number => (edges.top + edges.bottom) / 2;
