/**
 * Opening at a given page (DocumentViewerProps.initialPage, e.g. the page of a search hit): once,
 * as soon as the pages are laid out; a page past the end opens the last one.
 */
import { useEffect, useRef } from 'react';
import type { ActionContext } from '../actions.js';

export function useOpenAtPage(ctx: ActionContext, page: number | null, pageCount: number): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || page === null || pageCount === 0 || !ctx.pages.current) return;
    done.current = true;
    ctx.pages.current.scrollToPage(Math.min(Math.max(1, Math.round(page)), pageCount));
  }, [ctx, page, pageCount]);
}
