/**
 * The passage the reader opened — one DocAI cited, or the line of a search hit the viewer was
 * opened at — shown as a box on its page. One store per viewer mount (keyed by the mount's UI
 * store), so two viewers on a page never show each other's passage.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { OverlayBox, PageBox } from '../pages/types.js';
import type { ViewerUiStore } from '../viewer/ui-store.js';

export const CITATION_BOX_ID = 'docai:citation';
/** The box of the search hit the viewer was opened at (DocumentViewerProps.initialWords). */
export const SEARCH_HIT_BOX_ID = 'search:hit';

export interface CitationState {
  citation: { pageNumber: number; box: PageBox; label: string; id?: string } | null;
  show(citation: CitationState['citation']): void;
}

const stores = new WeakMap<ViewerUiStore, StoreApi<CitationState>>();

export function citationStoreOf(ui: ViewerUiStore): StoreApi<CitationState> {
  let store = stores.get(ui);
  if (!store) {
    store = createStore<CitationState>((set) => ({ citation: null, show: (citation) => set({ citation }) }));
    stores.set(ui, store);
  }
  return store;
}

/** The overlay box of the open citation (drawn like a draft box, in the highlight colour). */
export function citationOverlay(citation: CitationState['citation']): OverlayBox | null {
  if (!citation) return null;
  return {
    id: citation.id ?? CITATION_BOX_ID,
    pageNumber: citation.pageNumber,
    box: citation.box,
    kind: 'draft',
    fill: '#ffd60033',
    stroke: '#b38f00',
    label: citation.label,
  };
}
