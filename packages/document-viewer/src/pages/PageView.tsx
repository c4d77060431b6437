// One page slot: the picture, the box canvas, the highlights, the OCR layer, the drag rectangle
// and the hidden box list. Everything inside the frame is in unrotated page coordinates × scale;
// the frame is turned by CSS, pointer positions come back through screenToPage.
import { memo, type PointerEvent as ReactPointerEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BoxCanvas } from './BoxCanvas';
import { BoxHighlights } from './BoxHighlights';
import { BoxList } from './BoxList';
import { createBoxIndex } from './box-index';
import type { BoxPainterHost } from './box-worker';
import {
  clampToPage,
  frameTransform,
  type PagePlacement,
  type Point,
  rectFromPoints,
  screenToBox,
  screenToPage,
} from './geometry';
import { OcrLayer } from './OcrLayer';
import { PageContent } from './PageContent';
import type { PagesStore } from './pages-store';
import type { PdfDocumentOptions } from './pdfjs-setup';
import { sortInReadingOrder } from './reading-order';
import type { OcrWord, OverlayBox, PageBox, PageInfo, PagesMessages } from './types';
import type { ViewportStore } from './viewport-store';

export interface PageViewProps {
  page: PageInfo;
  pageCount: number;
  scale: number;
  top: number;
  left: number;
  slotWidth: number;
  slotHeight: number;
  boxes: readonly OverlayBox[];
  words: readonly OcrWord[] | undefined;
  showOcrLayer: boolean;
  drawing: boolean;
  selectingText: boolean;
  contentEnabled: boolean;
  options: PdfDocumentOptions | null;
  messages: PagesMessages;
  store: PagesStore;
  viewport: ViewportStore;
  /** The engine's box worker (null: boxes are painted on the main thread). */
  boxPainter: BoxPainterHost | null;
  onSelectBox?: ((id: string | null) => void) | undefined;
  onHoverBox?: ((id: string | null) => void) | undefined;
  onDrawBox?: ((pageNumber: number, box: PageBox) => void) | undefined;
  onSelectOcrWords?: ((pageNumber: number, words: OcrWord[]) => void) | undefined;
  onFocusBox: (id: string | null) => void;
}

const EMPTY_BOXES: readonly OverlayBox[] = [];
/** Pointer travel (CSS px) under which a press counts as a click, not a drag. */
const CLICK_SLOP = 4;
/** Hit tolerance around thin boxes, in CSS px. */
const HIT_TOLERANCE = 2;

interface Drag {
  pointerId: number;
  start: Point;
  current: Point;
  mode: 'draw' | 'words' | 'click';
}

export const PageView = memo(function PageView(props: PageViewProps) {
  const { page, scale, boxes, store, messages, drawing, selectingText } = props;
  const placement = useMemo<PagePlacement>(
    () => ({ width: page.width, height: page.height, rotation: page.rotation, scale }),
    [page.width, page.height, page.rotation, scale],
  );
  const index = useMemo(() => createBoxIndex(boxes), [boxes]);
  const boxesById = useMemo(() => new Map(boxes.map((b) => [b.id, b])), [boxes]);
  const wordsIndex = useMemo(
    () =>
      props.words?.length
        ? createBoxIndex(
            props.words.map((w, i) => ({
              id: String(i),
              pageNumber: page.pageNumber,
              box: w.box,
              kind: 'draft',
              fill: '',
              stroke: '',
              label: w.text,
            })),
          )
        : null,
    [props.words, page.pageNumber],
  );
  const slotRef = useRef<HTMLDivElement>(null);
  // Latest callbacks, so the memoised box list does not re-render when a parent passes new closures.
  const onSelectRef = useRef(props.onSelectBox);
  onSelectRef.current = props.onSelectBox;
  const selectFromList = useCallback((id: string) => onSelectRef.current?.(id), []);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  dragRef.current = drag;

  // Escape cancels a drag in progress (drawing or word selection).
  useEffect(() => {
    if (!drag || drag.mode === 'click') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        setDrag(null);
      }
    };
    const target = slotRef.current?.ownerDocument ?? document;
    target.addEventListener('keydown', onKey, true);
    return () => target.removeEventListener('keydown', onKey, true);
  }, [drag]);

  /** Pointer position in slot CSS pixels, correct even while the zoom animation scales the track. */
  const slotPoint = (event: ReactPointerEvent): Point => {
    const rect = slotRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return { x: 0, y: 0 };
    return {
      x: ((event.clientX - rect.left) * props.slotWidth) / rect.width,
      y: ((event.clientY - rect.top) * props.slotHeight) / rect.height,
    };
  };

  const hitAt = (p: Point) => {
    const q = screenToPage(p, placement);
    return index.hitTest(q.x, q.y, HIT_TOLERANCE / scale);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = dragRef.current;
    const p = slotPoint(event);
    if (current && current.pointerId === event.pointerId) {
      if (current.mode !== 'click') setDrag({ ...current, current: p });
      return;
    }
    if (drawing || selectingText || event.pointerType === 'touch') return;
    const id = hitAt(p)?.id ?? null;
    if (store.getState().hoveredBoxId !== id) {
      store.getState().setHovered(id);
      props.onHoverBox?.(id);
    }
  };

  const onPointerLeave = () => {
    if (store.getState().hoveredBoxId !== null && !dragRef.current) {
      store.getState().setHovered(null);
      props.onHoverBox?.(null);
    }
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const p = slotPoint(event);
    const mode = drawing ? 'draw' : selectingText ? 'words' : 'click';
    if (mode !== 'click') {
      event.preventDefault();
      // Keep receiving moves when the drag leaves the page; a synthetic event has no pointer to capture.
      try {
        event.currentTarget.setPointerCapture?.(event.pointerId);
      } catch {}
    }
    setDrag({ pointerId: event.pointerId, start: p, current: p, mode });
  };

  const finishDrag = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = dragRef.current;
    if (!current || current.pointerId !== event.pointerId) return;
    setDrag(null);
    const end = slotPoint(event);
    const moved = Math.hypot(end.x - current.start.x, end.y - current.start.y);
    if (current.mode === 'click') {
      if (moved > CLICK_SLOP) return; // a text selection, not a click
      const selection = event.currentTarget.ownerDocument.getSelection();
      if (selection && !selection.isCollapsed) return;
      props.onSelectBox?.(hitAt(end)?.id ?? null);
      return;
    }
    if (moved <= CLICK_SLOP) return;
    const box = clampToPage(screenToBox(rectFromPoints(current.start, end), placement), page.width, page.height);
    if (box.width <= 0 || box.height <= 0) return;
    if (current.mode === 'draw') {
      props.onDrawBox?.(page.pageNumber, box);
    } else if (wordsIndex && props.words) {
      const hits = wordsIndex.search(box).map((b) => props.words?.[Number(b.id)] as OcrWord);
      if (hits.length) props.onSelectOcrWords?.(page.pageNumber, sortInReadingOrder(hits));
    }
  };

  const onPointerCancel = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (dragRef.current?.pointerId === event.pointerId) setDrag(null);
  };

  const frameWidth = page.width * scale;
  const frameHeight = page.height * scale;
  const dragRect = drag && drag.mode !== 'click' ? rectFromPoints(drag.start, drag.current) : null;
  const className = [
    'rd-page',
    drawing && 'rd-page-drawing',
    selectingText && 'rd-page-selecting',
    props.showOcrLayer && 'rd-page-ocr-on',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    // A page is a group of its own parts, not a set of form fields (<fieldset>).
    // biome-ignore lint/a11y/useSemanticElements: no semantic element means "one page of a document"
    <div
      ref={slotRef}
      className={className}
      role="group"
      aria-label={messages.pageLabel(page.pageNumber, props.pageCount)}
      data-page-number={page.pageNumber}
      style={{ top: props.top, left: props.left, width: props.slotWidth, height: props.slotHeight }}
      onPointerMove={onPointerMove}
      onPointerLeave={onPointerLeave}
      onPointerDown={onPointerDown}
      onPointerUp={finishDrag}
      onPointerCancel={onPointerCancel}
    >
      <div
        className="rd-page-frame"
        style={{ width: frameWidth, height: frameHeight, transform: frameTransform(placement) }}
      >
        <PageContent
          page={page}
          width={frameWidth}
          height={frameHeight}
          options={props.options}
          enabled={props.contentEnabled}
          messages={messages}
          onPainted={store.getState().markPainted}
        />
        <BoxCanvas
          index={index}
          boxes={boxes}
          painter={props.boxPainter}
          placement={placement}
          slotTop={props.top}
          slotLeft={props.left}
          slotWidth={props.slotWidth}
          slotHeight={props.slotHeight}
          viewport={props.viewport}
        />
        {props.showOcrLayer && props.words && (
          <OcrLayer words={props.words} width={page.width} height={page.height} label={messages.ocrLayerLabel} />
        )}
        <BoxHighlights boxesById={boxesById} scale={scale} store={store} messages={messages} />
      </div>
      {dragRect && (
        <div
          className={drag?.mode === 'draw' ? 'rd-page-drag rd-page-drag-draw' : 'rd-page-drag rd-page-drag-words'}
          style={{ left: dragRect.left, top: dragRect.top, width: dragRect.width, height: dragRect.height }}
        />
      )}
      <BoxList
        pageNumber={page.pageNumber}
        boxes={boxes.length ? boxes : EMPTY_BOXES}
        store={store}
        messages={messages}
        onSelect={selectFromList}
        onFocusBox={props.onFocusBox}
      />
    </div>
  );
});
