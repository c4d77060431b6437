// The many boxes of one page on one canvas, culled to the part of the page near the viewport:
// the canvas covers the visible part plus a quarter viewport around it and is repainted only when
// the reader scrolls out of that area, the scale changes or the boxes change.
import { memo, useEffect, useRef } from 'react';
import type { BoxIndex } from './box-index';
import { drawBoxes } from './draw-boxes';
import { intersect, type PagePlacement, screenToBox } from './geometry';
import type { PageBox } from './types';
import type { ViewportStore } from './viewport-store';

export interface BoxCanvasProps {
  index: BoxIndex;
  placement: PagePlacement;
  /** Slot position in the track, to relate the viewport to this page. */
  slotTop: number;
  slotLeft: number;
  slotWidth: number;
  slotHeight: number;
  viewport: ViewportStore;
}

/** The slot area (CSS px) that must be painted for the current viewport, or null if off screen. */
export function neededSlotArea(
  v: { scrollTop: number; scrollLeft: number; width: number; height: number },
  slot: { top: number; left: number; width: number; height: number },
  margin: number,
): PageBox | null {
  return intersect(
    {
      left: v.scrollLeft - slot.left - margin * v.width,
      top: v.scrollTop - slot.top - margin * v.height,
      width: v.width * (1 + 2 * margin),
      height: v.height * (1 + 2 * margin),
    },
    { left: 0, top: 0, width: slot.width, height: slot.height },
  );
}

function contains(outer: PageBox, inner: PageBox): boolean {
  return (
    inner.left >= outer.left - 0.5 &&
    inner.top >= outer.top - 0.5 &&
    inner.left + inner.width <= outer.left + outer.width + 0.5 &&
    inner.top + inner.height <= outer.top + outer.height + 0.5
  );
}

/** Extra area painted around the viewport, as a fraction of its size: scrolling that far is free. */
const MARGIN = 0.25;

export const BoxCanvas = memo(function BoxCanvas({
  index,
  placement,
  slotTop,
  slotLeft,
  slotWidth,
  slotHeight,
  viewport,
}: BoxCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  /** Page-unit area of the current bitmap, to stretch it when the scale changes. */
  const bitmapArea = useRef<PageBox | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const slot = { top: slotTop, left: slotLeft, width: slotWidth, height: slotHeight };
    const place = (area: PageBox) => {
      canvas.style.left = `${area.left * placement.scale}px`;
      canvas.style.top = `${area.top * placement.scale}px`;
      canvas.style.width = `${area.width * placement.scale}px`;
      canvas.style.height = `${area.height * placement.scale}px`;
    };
    let drawn: PageBox | null = null;
    const paint = () => {
      const v = viewport.getState();
      const visible = neededSlotArea(v, slot, 0);
      if (!visible) return;
      if (drawn && contains(drawn, visible)) return;
      const slotArea = neededSlotArea(v, slot, MARGIN) ?? visible;
      const area = screenToBox(slotArea, placement);
      const pixelRatio = Math.min(globalThis.devicePixelRatio || 1, 2);
      canvas.width = Math.max(1, Math.round(area.width * placement.scale * pixelRatio));
      canvas.height = Math.max(1, Math.round(area.height * placement.scale * pixelRatio));
      place(area);
      drawn = slotArea;
      bitmapArea.current = area;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      drawBoxes(ctx, index.search(area), { area, scale: placement.scale, pixelRatio });
    };
    // After a zoom the old bitmap is stretched to the new scale at once, and repainted sharp in
    // the next frame: the re-render frame (React + pdf.js) does not also carry 5,000 boxes.
    let frame = 0;
    if (bitmapArea.current) {
      place(bitmapArea.current);
      frame = requestAnimationFrame(() => {
        frame = 0;
        paint();
      });
    } else {
      paint();
    }
    const unsubscribe = viewport.subscribe(() => {
      if (frame) return; // the pending repaint will read the latest viewport
      paint();
    });
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
    };
  }, [index, placement, slotTop, slotLeft, slotWidth, slotHeight, viewport]);
  if (index.size === 0) return null;
  // No fallback content: the boxes reach assistive technology through the page's hidden list.
  return <canvas ref={canvasRef} className="rd-page-boxes" />;
});
