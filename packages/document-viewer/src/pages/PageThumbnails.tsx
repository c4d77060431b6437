// <PageThumbnails>: a virtualised strip of small pages. Only the thumbnails in view (plus
// overscan) are mounted, and their pictures render once they are in view, so a 2,000-page strip
// costs a dozen small renders. Arrow keys move the current page (focus follows it).
import { type KeyboardEvent, memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { frameTransform, slotSize } from './geometry';
import { type PagesLayout, pageWindow } from './layout';
import { resolveMessages } from './messages';
import { PageContent } from './PageContent';
import { type PdfDocumentOptions, usePdfDocumentOptions } from './pdfjs-setup';
import type { PageInfo, PagesMessages, PageThumbnailsProps } from './types';

const GAP = 12;
const PADDING = 8;
/** Height of the page-number caption under each thumbnail. */
const CAPTION = 18;

/** Thumbnail slots: every page scaled to the strip width, rotation applied, caption below. */
export function thumbnailLayout(pages: readonly PageInfo[], thumbnailWidth: number): PagesLayout {
  const n = pages.length;
  const tops = new Float64Array(n);
  const widths = new Float64Array(n);
  const heights = new Float64Array(n);
  let y = PADDING;
  for (let i = 0; i < n; i++) {
    const p = pages[i] as PageInfo;
    const unit = slotSize({ width: p.width, height: p.height, rotation: p.rotation, scale: 1 });
    tops[i] = y;
    widths[i] = thumbnailWidth;
    heights[i] = (unit.height / unit.width) * thumbnailWidth + CAPTION;
    y += (heights[i] as number) + GAP;
  }
  return {
    tops,
    widths,
    heights,
    totalHeight: n ? y - GAP + PADDING : 0,
    maxWidth: thumbnailWidth,
    gap: GAP,
    padding: PADDING,
  };
}

interface ThumbnailProps {
  page: PageInfo;
  width: number;
  top: number;
  current: boolean;
  options: PdfDocumentOptions | null;
  messages: PagesMessages;
  onSelectPage: (pageNumber: number) => void;
}

const Thumbnail = memo(function Thumbnail({
  page,
  width,
  top,
  current,
  options,
  messages,
  onSelectPage,
}: ThumbnailProps) {
  const unit = slotSize({ width: page.width, height: page.height, rotation: page.rotation, scale: 1 });
  const scale = width / unit.width;
  const placement = { width: page.width, height: page.height, rotation: page.rotation, scale };
  const slot = slotSize(placement);
  return (
    <button
      type="button"
      className={current ? 'rd-thumbnail rd-thumbnail-current' : 'rd-thumbnail'}
      style={{ top, width }}
      aria-current={current ? 'page' : undefined}
      tabIndex={current ? 0 : -1}
      data-page-number={page.pageNumber}
      onClick={() => onSelectPage(page.pageNumber)}
    >
      <span className="rd-thumbnail-slot" aria-hidden="true" style={{ width: slot.width, height: slot.height }}>
        <span
          className="rd-page-frame"
          style={{ width: page.width * scale, height: page.height * scale, transform: frameTransform(placement) }}
        >
          <PageContent
            page={page}
            width={page.width * scale}
            height={page.height * scale}
            options={options}
            enabled
            messages={messages}
          />
        </span>
      </span>
      {/* The name comes from the content ("Page 12"); sighted readers see the number only. */}
      <span className="rd-visually-hidden">{messages.thumbnailLabel(page.pageNumber)}</span>
      <span className="rd-thumbnail-caption" aria-hidden="true">
        {page.pageNumber}
      </span>
    </button>
  );
});

/** A virtualised strip of page thumbnails; the current page is marked and kept in view. */
export function PageThumbnails({
  pages,
  currentPage,
  onSelectPage,
  thumbnailWidth = 120,
  overscan = 2,
  pdfAssets,
  className,
  ...rest
}: PageThumbnailsProps) {
  const messages = useMemo(() => resolveMessages(rest.messages), [rest.messages]);
  const options = usePdfDocumentOptions(pdfAssets);
  const layout = useMemo(() => thumbnailLayout(pages, thumbnailWidth), [pages, thumbnailWidth]);
  const scrollerRef = useRef<HTMLElement>(null);
  const [win, setWin] = useState(() => pageWindow(layout, 0, 600, overscan));

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = pageWindow(layout, scroller.scrollTop, scroller.clientHeight, overscan);
      setWin((prev) => (prev && next && prev.start === next.start && prev.end === next.end ? prev : next));
    };
    update();
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => update());
    observer?.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      observer?.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [layout, overscan]);

  // Keep the current page's thumbnail in view when the reader moves in the document.
  const currentIndex = pages.findIndex((p) => p.pageNumber === currentPage);
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || currentIndex < 0) return;
    const top = layout.tops[currentIndex] as number;
    const bottom = top + (layout.heights[currentIndex] as number);
    if (top < scroller.scrollTop) scroller.scrollTop = top - PADDING;
    else if (bottom > scroller.scrollTop + scroller.clientHeight)
      scroller.scrollTop = bottom - scroller.clientHeight + PADDING;
  }, [currentIndex, layout]);

  // Focus follows the current page when it was moved from the keyboard.
  const keyboardMove = useRef(false);
  useEffect(() => {
    if (!keyboardMove.current) return;
    keyboardMove.current = false;
    scrollerRef.current?.querySelector<HTMLButtonElement>(`[data-page-number="${currentPage}"]`)?.focus();
  });

  const onKeyDown = (event: KeyboardEvent) => {
    const step =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? -1
          : 0;
    const jump = event.key === 'Home' ? 0 : event.key === 'End' ? pages.length - 1 : null;
    const nextIndex = jump ?? (step ? currentIndex + step : null);
    if (nextIndex === null || nextIndex < 0 || nextIndex >= pages.length || nextIndex === currentIndex) return;
    event.preventDefault();
    keyboardMove.current = true;
    onSelectPage((pages[nextIndex] as PageInfo).pageNumber);
  };

  const mounted: number[] = [];
  if (win) for (let i = win.start; i <= Math.min(win.end, pages.length - 1); i++) mounted.push(i);
  // The current thumbnail stays mounted so the strip always has its Tab stop.
  if (currentIndex >= 0 && !mounted.includes(currentIndex)) mounted.push(currentIndex);

  return (
    <nav
      ref={scrollerRef}
      className={['rd-thumbnails', className].filter(Boolean).join(' ')}
      aria-label={messages.thumbnailsLabel}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys of the buttons inside bubble here */}
      <div
        className="rd-thumbnails-track"
        style={{ height: layout.totalHeight, width: thumbnailWidth + 2 * PADDING }}
        onKeyDown={onKeyDown}
      >
        {mounted.map((i) => {
          const page = pages[i] as PageInfo;
          return (
            <Thumbnail
              key={page.pageNumber}
              page={page}
              width={thumbnailWidth}
              top={layout.tops[i] as number}
              current={page.pageNumber === currentPage}
              options={options}
              messages={messages}
              onSelectPage={onSelectPage}
            />
          );
        })}
      </div>
    </nav>
  );
}
