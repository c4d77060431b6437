/**
 * Opening at a search hit (DocumentViewerProps.initialPage and initialWords): once the page's
 * recognised words are loaded, the line holding the matched words is drawn as a box and scrolled
 * into view — once; a page without those words stays opened at the page alone.
 */
import { useEffect, useRef } from 'react';
import { citationStoreOf, SEARCH_HIT_BOX_ID } from '../../docai/citation-store.js';
import type { ActionContext } from '../actions.js';
import { useSession } from '../context.js';
import { unitScale } from '../derived.js';
import { passageLine } from '../passage-line.js';

export function useMarkPassageOnOpen(ctx: ActionContext, page: number | null, words: string | null): void {
  const ocr = useSession((s) => (page === null ? undefined : s.ocr[page]));
  const done = useRef(false);
  useEffect(() => {
    if (done.current || page === null || !words || ocr === undefined) return;
    done.current = true;
    const line = passageLine(ocr, words);
    if (!line) return;
    const scale = unitScale(ocr);
    const { box } = line;
    citationStoreOf(ctx.ui)
      .getState()
      .show({
        id: SEARCH_HIT_BOX_ID,
        pageNumber: page,
        box: { left: box.left * scale, top: box.top * scale, width: box.width * scale, height: box.height * scale },
        label: line.text,
      });
    // After the pages drew the box: scroll it into view.
    requestAnimationFrame(() => ctx.pages.current?.scrollToBox(SEARCH_HIT_BOX_ID));
  }, [ctx, page, words, ocr]);
}
