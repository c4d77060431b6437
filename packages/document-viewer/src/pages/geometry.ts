// Page ↔ screen geometry. A page is drawn unrotated inside a "frame" (its own unit × scale) and
// the frame is turned by CSS into the page "slot" the reader sees. Everything that reads pointer
// positions or places something in the slot (scrollToBox, hit-testing, drawing) goes through
// these two functions so the CSS transform and the maths cannot drift apart.
import type { PageBox, PageRotation } from './types';

export interface PagePlacement {
  /** Page size in its own unit, before rotation. */
  width: number;
  height: number;
  rotation: PageRotation;
  /** CSS pixels per page unit (the zoom). */
  scale: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Size of the slot (rotated page) in CSS pixels. */
export function slotSize(p: PagePlacement): { width: number; height: number } {
  const quarter = p.rotation === 90 || p.rotation === 270;
  return {
    width: (quarter ? p.height : p.width) * p.scale,
    height: (quarter ? p.width : p.height) * p.scale,
  };
}

/** A point of the page (its unit, unrotated) → CSS pixels in the slot. */
export function pageToScreen(point: Point, p: PagePlacement): Point {
  const { x, y } = point;
  const s = p.scale;
  switch (p.rotation) {
    case 90:
      return { x: (p.height - y) * s, y: x * s };
    case 180:
      return { x: (p.width - x) * s, y: (p.height - y) * s };
    case 270:
      return { x: y * s, y: (p.width - x) * s };
    default:
      return { x: x * s, y: y * s };
  }
}

/** CSS pixels in the slot → a point of the page (its unit, unrotated). */
export function screenToPage(point: Point, p: PagePlacement): Point {
  const sx = point.x / p.scale;
  const sy = point.y / p.scale;
  switch (p.rotation) {
    case 90:
      return { x: sy, y: p.height - sx };
    case 180:
      return { x: p.width - sx, y: p.height - sy };
    case 270:
      return { x: p.width - sy, y: sx };
    default:
      return { x: sx, y: sy };
  }
}

/** Normalised rectangle through two points. */
export function rectFromPoints(a: Point, b: Point): PageBox {
  return {
    left: Math.min(a.x, b.x),
    top: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}

/** A page box → its rectangle in the slot (CSS pixels), whatever the rotation. */
export function boxToScreen(box: PageBox, p: PagePlacement): PageBox {
  const a = pageToScreen({ x: box.left, y: box.top }, p);
  const b = pageToScreen({ x: box.left + box.width, y: box.top + box.height }, p);
  return rectFromPoints(a, b);
}

/** A slot rectangle (CSS pixels) → the page box it covers. */
export function screenToBox(rect: PageBox, p: PagePlacement): PageBox {
  const a = screenToPage({ x: rect.left, y: rect.top }, p);
  const b = screenToPage({ x: rect.left + rect.width, y: rect.top + rect.height }, p);
  return rectFromPoints(a, b);
}

/** Clamps a box to the page so a drag that leaves the page still reports a box on it. */
export function clampToPage(box: PageBox, width: number, height: number): PageBox {
  const left = Math.max(0, Math.min(box.left, width));
  const top = Math.max(0, Math.min(box.top, height));
  const right = Math.max(0, Math.min(box.left + box.width, width));
  const bottom = Math.max(0, Math.min(box.top + box.height, height));
  return { left, top, width: right - left, height: bottom - top };
}

/** Intersection of two rectangles, or null when they do not overlap. */
export function intersect(a: PageBox, b: PageBox): PageBox | null {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.left + a.width, b.left + b.width);
  const bottom = Math.min(a.top + a.height, b.top + b.height);
  if (right <= left || bottom <= top) return null;
  return { left, top, width: right - left, height: bottom - top };
}

/** CSS transform that turns the unrotated frame into the slot (origin top-left). */
export function frameTransform(p: PagePlacement): string | undefined {
  const w = p.width * p.scale;
  const h = p.height * p.scale;
  switch (p.rotation) {
    case 90:
      return `translate(${h}px, 0) rotate(90deg)`;
    case 180:
      return `translate(${w}px, ${h}px) rotate(180deg)`;
    case 270:
      return `translate(0, ${w}px) rotate(270deg)`;
    default:
      return undefined;
  }
}
