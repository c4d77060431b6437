// <DocumentPages>: the virtualised page column of the viewer. Presentational — it draws the pages,
// boxes and OCR words it is given and reports what the reader does; the viewer owns the data.
// Only the visible pages plus `overscan` are mounted; the track has the full height from PageInfo.
import {
  type CSSProperties,
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useStore } from 'zustand';
import { nextBackgroundPage, useIdleTurn } from './background-pages';
import { groupByPage } from './box-index';
import { type BoxPainterHost, createBoxPainterHost } from './box-worker';
import { boxToScreen } from './geometry';
import { anchoredScrollTop, clampZoom, computeLayout, fitZoom, type PageWindow, pageWindow } from './layout';
import { resolveMessages } from './messages';
import { PageView } from './PageView';
import { createPagesStore } from './pages-store';
import { usePdfDocumentOptions } from './pdfjs-setup';
import type { DocumentPagesHandle, DocumentPagesProps, OverlayBox } from './types';
import { useZoomAnimation } from './useZoomAnimation';
import { createViewportStore } from './viewport-store';

const EMPTY: readonly OverlayBox[] = [];
/** Ctrl/⌘ + wheel zoom step per wheel notch. */
const WHEEL_ZOOM_STEP = 1.1;

function sameWindow(a: PageWindow | null, b: PageWindow | null): boolean {
  return (
    a === b ||
    (!!a &&
      !!b &&
      a.start === b.start &&
      a.end === b.end &&
      a.current === b.current &&
      a.firstVisible === b.firstVisible &&
      a.lastVisible === b.lastVisible)
  );
}

/**
 * The pages of a document, virtualised, with the box overlay and the OCR layer.
 *
 * @example
 * <DocumentPages ref={pagesRef} pages={pages} boxes={boxes} zoom={1} fit="width"
 *   selectedBoxId={id} onSelectBox={setId} onVisiblePageChange={setPage} />
 */
export const DocumentPages = forwardRef<DocumentPagesHandle, DocumentPagesProps>(function DocumentPages(props, ref) {
  const {
    pages,
    boxes,
    zoom,
    fit = null,
    overscan = 2,
    showOcrLayer = false,
    drawing = false,
    selectingText = false,
  } = props;
  const messages = useMemo(() => resolveMessages(props.messages), [props.messages]);
  const [store] = useState(createPagesStore);
  const [viewport] = useState(createViewportStore);
  // One box worker per engine, started when a page first has boxes and ended on unmount.
  const [boxPainter] = useState<BoxPainterHost>(createBoxPainterHost);
  useEffect(() => () => boxPainter.dispose(), [boxPainter]);
  const options = usePdfDocumentOptions(props.pdfAssets);
  const selectedBoxId = props.selectedBoxId ?? null;
  // Before paint, so the highlight appears in the same frame as the host's selection.
  useLayoutEffect(() => {
    store.setState({ selectedBoxId });
  }, [store, selectedBoxId]);
  const onPageRendered = props.onPageRendered;
  useEffect(() => {
    if (!onPageRendered) return;
    // Painted pages arrive through the store, so the page tree does not depend on the callback.
    let seen = store.getState().painted;
    return store.subscribe((state) => {
      if (state.painted === seen) return;
      for (const n of state.painted) if (!seen.has(n)) onPageRendered(n);
      seen = state.painted;
    });
  }, [store, onPageRendered]);
  const scrollerRef = useRef<HTMLElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  // Container size: fit modes and the visible window depend on it.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const measure = () => {
      const next = { width: scroller.clientWidth, height: scroller.clientHeight };
      setSize((prev) => (prev && prev.width === next.width && prev.height === next.height ? prev : next));
      viewport.setState({ width: next.width, height: next.height });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [viewport]);

  const fitted = useMemo(() => {
    if (!fit || !size || !pages.length) return null;
    const reference = pages.reduce(
      (widest, p) => (p.width > widest.width ? p : widest),
      pages[0] as (typeof pages)[number],
    );
    return clampZoom(fitZoom(fit, reference, size.width, size.height));
  }, [fit, size, pages]);
  const target = fitted ?? clampZoom(zoom);

  // A fit mode decides the zoom: tell the host so its zoom control shows the real value.
  const onZoomChange = props.onZoomChange;
  useEffect(() => {
    if (fitted !== null && Math.abs(fitted - zoom) > 1e-3) onZoomChange?.(fitted);
  }, [fitted, zoom, onZoomChange]);

  const layoutFor = useCallback((scale: number) => computeLayout(pages, scale), [pages]);
  const anchorRef = useRef<(from: number, to: number, cx: number, cy: number) => void>(() => {});
  const scale = useZoomAnimation(target, scrollerRef, trackRef, size !== null, (from, to, cx, cy) =>
    anchorRef.current(from, to, cx, cy),
  );
  const layout = useMemo(() => layoutFor(scale), [layoutFor, scale]);
  const trackWidth = Math.max(size?.width ?? 0, layout.maxWidth + 2 * layout.padding);

  anchorRef.current = (from, to, cx, cy) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const before = layoutFor(from);
    const beforeWidth = Math.max(scroller.clientWidth, before.maxWidth + 2 * before.padding);
    const top = anchoredScrollTop(before, layout, cy, scroller.clientHeight);
    const left = ((cx - beforeWidth / 2) * to) / from + trackWidth / 2 - scroller.clientWidth / 2;
    scroller.scrollTop = top;
    scroller.scrollLeft = Math.max(0, left);
    publishScroll();
  };

  // The visible window follows the scroll position; React only hears about it when it changes.
  const [win, setWin] = useState<PageWindow | null>(null);
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const publishScroll = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    viewport.setState({
      scrollTop: scroller.scrollTop,
      scrollLeft: scroller.scrollLeft,
      width: scroller.clientWidth,
      height: scroller.clientHeight,
    });
    const next = pageWindow(layoutRef.current, scroller.scrollTop, scroller.clientHeight, overscan);
    setWin((prev) => (sameWindow(prev, next) ? prev : next));
  }, [viewport, overscan]);

  // Re-publish when the layout or the container changes (publishScroll reads them through refs).
  // biome-ignore lint/correctness/useExhaustiveDependencies: layout and size are the triggers
  useLayoutEffect(() => {
    publishScroll();
  }, [layout, size, publishScroll]);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        publishScroll();
      });
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [publishScroll]);

  // Ctrl/⌘ + wheel asks the host for a new zoom (the host owns the zoom value).
  const targetRef = useRef(target);
  targetRef.current = target;
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !onZoomChange) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const factor = event.deltaY < 0 ? WHEEL_ZOOM_STEP : 1 / WHEEL_ZOOM_STEP;
      onZoomChange(clampZoom(targetRef.current * factor));
    };
    scroller.addEventListener('wheel', onWheel, { passive: false });
    return () => scroller.removeEventListener('wheel', onWheel);
  }, [onZoomChange]);

  const current = win ? (pages[win.current]?.pageNumber ?? null) : null;
  const { onVisiblePageChange, onMountedPagesChange } = props;
  useEffect(() => {
    if (current !== null) onVisiblePageChange?.(current);
  }, [current, onVisiblePageChange]);

  const mountedKey = win ? `${win.start}-${win.end}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: mountedKey stands for the window range
  useEffect(() => {
    if (!win) return;
    onMountedPagesChange?.(pages.slice(win.start, win.end + 1).map((p) => p.pageNumber));
  }, [mountedKey, pages, onMountedPagesChange]);

  const boxesByPage = useMemo(() => groupByPage(boxes), [boxes]);

  // Overscan pages wait until every visible page has painted, so page 1 is never slowed down by
  // its neighbours competing for the pdf.js worker and the main thread.
  const visibleNumbers = win ? pages.slice(win.firstVisible, win.lastVisible + 1).map((p) => p.pageNumber) : [];
  const visibleKey = visibleNumbers.join(',');
  const visiblePainted = useStore(store, (s) =>
    visibleKey.split(',').every((n) => n === '' || s.painted.has(Number(n))),
  );
  // A page that has painted keeps its picture when it becomes an overscan page again.
  const painted = useStore(store, (s) => s.painted);
  // Then they render one at a time, each once the main thread is idle (background-pages.ts).
  const candidate =
    win && visiblePainted
      ? nextBackgroundPage(win, (i) => painted.has((pages[i] as (typeof pages)[number]).pageNumber))
      : null;
  const backgroundIndex = useIdleTurn(candidate, scrollerRef.current?.ownerDocument.defaultView ?? null);

  const scrollToBoxInternal = useCallback(
    (box: OverlayBox, onlyIfHidden: boolean) => {
      const scroller = scrollerRef.current;
      const i = pages.findIndex((p) => p.pageNumber === box.pageNumber);
      const page = pages[i];
      if (!scroller || !page) return;
      const l = layoutRef.current;
      const slotLeft = (Math.max(scroller.clientWidth, l.maxWidth + 2 * l.padding) - (l.widths[i] as number)) / 2;
      const rect = boxToScreen(box.box, { width: page.width, height: page.height, rotation: page.rotation, scale });
      const top = (l.tops[i] as number) + rect.top;
      const left = slotLeft + rect.left;
      if (onlyIfHidden) {
        const visible =
          top >= scroller.scrollTop &&
          top + rect.height <= scroller.scrollTop + scroller.clientHeight &&
          left >= scroller.scrollLeft &&
          left + rect.width <= scroller.scrollLeft + scroller.clientWidth;
        if (visible) return;
      }
      scroller.scrollTop = Math.max(0, top + rect.height / 2 - scroller.clientHeight / 2);
      scroller.scrollLeft = Math.max(0, left + rect.width / 2 - scroller.clientWidth / 2);
      publishScroll();
    },
    [pages, scale, publishScroll],
  );

  const boxesRef = useRef(boxes);
  boxesRef.current = boxes;
  useImperativeHandle(
    ref,
    () => ({
      scrollToPage(pageNumber) {
        const scroller = scrollerRef.current;
        const i = pages.findIndex((p) => p.pageNumber === pageNumber);
        if (!scroller || i < 0) return;
        scroller.scrollTop = Math.max(0, (layoutRef.current.tops[i] as number) - layoutRef.current.gap / 2);
        publishScroll();
      },
      scrollToBox(id) {
        const box = boxesRef.current.find((b) => b.id === id);
        if (box) scrollToBoxInternal(box, false);
      },
    }),
    [pages, publishScroll, scrollToBoxInternal],
  );

  // Keyboard focus on a box's hidden button: draw the focus ring and bring the box into view.
  // Stable across zoom changes so the memoised 5,000-button lists never re-render on zoom.
  const scrollToBoxRef = useRef(scrollToBoxInternal);
  scrollToBoxRef.current = scrollToBoxInternal;
  const onFocusBox = useCallback(
    (id: string | null) => {
      store.getState().setFocused(id);
      const box = id ? boxesRef.current.find((b) => b.id === id) : undefined;
      if (box) scrollToBoxRef.current(box, true);
    },
    [store],
  );

  const mounted: number[] = [];
  if (win) for (let i = win.start; i <= win.end; i++) mounted.push(i);
  const trackStyle: CSSProperties = { height: layout.totalHeight, width: trackWidth };
  const className = ['rd-pages', props.className].filter(Boolean).join(' ');

  return (
    <section
      ref={scrollerRef}
      className={className}
      aria-label={messages.documentLabel}
      // Focusable so keyboard users can scroll the pages (arrows, Page Up/Down) without a box.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      data-zoom={scale.toFixed(3)}
    >
      <div ref={trackRef} className="rd-pages-track" style={trackStyle}>
        {mounted.map((i) => {
          const page = pages[i];
          if (!page) return null;
          const visible = !!win && i >= win.firstVisible && i <= win.lastVisible;
          const width = layout.widths[i] as number;
          return (
            <PageView
              key={page.pageNumber}
              page={page}
              pageCount={pages.length}
              scale={scale}
              top={layout.tops[i] as number}
              left={(trackWidth - width) / 2}
              slotWidth={width}
              slotHeight={layout.heights[i] as number}
              boxes={boxesByPage.get(page.pageNumber) ?? EMPTY}
              words={props.ocrWords?.[page.pageNumber]}
              showOcrLayer={showOcrLayer}
              drawing={drawing}
              selectingText={selectingText}
              contentEnabled={visible || i === backgroundIndex || painted.has(page.pageNumber)}
              options={options}
              messages={messages}
              store={store}
              viewport={viewport}
              boxPainter={boxPainter}
              onSelectBox={props.onSelectBox}
              onHoverBox={props.onHoverBox}
              onDrawBox={props.onDrawBox}
              onSelectOcrWords={props.onSelectOcrWords}
              onFocusBox={onFocusBox}
            />
          );
        })}
      </div>
    </section>
  );
});
