// The many boxes of one page on one canvas, culled to the part of the page near the viewport:
// the canvas covers the visible part plus a quarter viewport around it and is repainted only when
// the reader scrolls out of that area, the scale changes or the boxes change. The canvas is
// painted by the engine's box worker when the browser allows it (box-worker.ts), else here.
import { memo, useEffect, useRef, useState } from 'react';
import type { BoxIndex } from './box-index';
import type { BoxPainterHost, BoxSurface } from './box-worker';
import { drawBoxes, packBoxGroups } from './draw-boxes';
import { intersect, type PagePlacement, screenToBox } from './geometry';
import { whenIdle } from './idle';
import type { OverlayBox, PageBox } from './types';
import type { ViewportStore } from './viewport-store';

export interface BoxCanvasProps {
  index: BoxIndex;
  /** The same boxes as `index`, in draw order (sent to the worker). */
  boxes: readonly OverlayBox[];
  /** The engine's box worker; null paints on the main thread. */
  painter: BoxPainterHost | null;
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

/** Longest wait for an idle main thread before a deferred repaint runs anyway (ms). */
const IDLE_TIMEOUT = 500;

/** Extra area painted around the viewport, as a fraction of its size: scrolling that far is free. */
const MARGIN = 0.25;

export const BoxCanvas = memo(function BoxCanvas({
  index,
  boxes,
  painter,
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
  // A canvas can be handed to a worker only once: an effect that runs again on the same element
  // (StrictMode) gets a new element through this key.
  const [generation, setGeneration] = useState(0);
  const transferred = useRef(new WeakSet<HTMLCanvasElement>());
  /** Canvases given a 2D context here: they cannot be transferred any more either. */
  const paintedHere = useRef(new WeakSet<HTMLCanvasElement>());
  const [surface, setSurface] = useState<BoxSurface | null>(null);
  /** Receives the worker's "painted" reports; replaced by the paint effect below. */
  const onPainted = useRef<(seq: number) => void>(() => {});
  const hasBoxes = index.size > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation is a new canvas element
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !painter || !hasBoxes) return;
    if (transferred.current.has(canvas) || paintedHere.current.has(canvas)) {
      setGeneration((g) => g + 1);
      return;
    }
    const attached = painter.attach(
      canvas,
      (seq) => onPainted.current(seq),
      // The worker died with this canvas: a new element, painted here (the host now refuses).
      () => {
        setSurface(null);
        setGeneration((g) => g + 1);
      },
    );
    if (!attached) return;
    transferred.current.add(canvas);
    setSurface(attached);
    return () => {
      attached.detach();
      setSurface(null);
    };
  }, [painter, hasBoxes, generation]);

  useEffect(() => {
    surface?.setBoxes(packBoxGroups(boxes));
  }, [surface, boxes]);

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
    /** Areas asked of the worker, by sequence number, placed when their bitmap is ready. */
    const requested = new Map<number, PageBox>();
    onPainted.current = (seq) => {
      const area = requested.get(seq);
      if (!area) return;
      for (const s of requested.keys()) if (s <= seq) requested.delete(s);
      place(area);
      bitmapArea.current = area;
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
      const width = Math.max(1, Math.round(area.width * placement.scale * pixelRatio));
      const height = Math.max(1, Math.round(area.height * placement.scale * pixelRatio));
      drawn = slotArea;
      if (surface) {
        // The bitmap keeps its old place until the worker has painted the new one.
        requested.set(surface.paint(width, height, { area, scale: placement.scale, pixelRatio }), area);
        return;
      }
      if (transferred.current.has(canvas)) return; // handed over, its surface is on its way
      canvas.width = width;
      canvas.height = height;
      place(area);
      bitmapArea.current = area;
      paintedHere.current.add(canvas);
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      drawBoxes(ctx, index.search(area), { area, scale: placement.scale, pixelRatio });
    };
    // After a zoom the old bitmap is stretched to the new scale at once and repainted sharp: by
    // the worker right away, or here once the main thread is idle, so the frames that carry
    // React's commit and pdf.js's repaint of the page do not also carry 5,000 boxes.
    let cancelPending: (() => void) | null = null;
    if (bitmapArea.current) {
      place(bitmapArea.current);
      if (surface) paint();
      else
        cancelPending = whenIdle(
          canvas.ownerDocument.defaultView,
          () => {
            cancelPending = null;
            paint();
          },
          IDLE_TIMEOUT,
        );
    } else {
      paint();
    }
    const unsubscribe = viewport.subscribe(() => {
      if (cancelPending) return; // the pending repaint will read the latest viewport
      paint();
    });
    return () => {
      cancelPending?.();
      unsubscribe();
      onPainted.current = () => {};
    };
  }, [index, surface, placement, slotTop, slotLeft, slotWidth, slotHeight, viewport]);
  if (index.size === 0) return null;
  // No fallback content: the boxes reach assistive technology through the page's hidden list.
  return <canvas key={generation} ref={canvasRef} className="rd-page-boxes" />;
});
