/**
 * The passage DocAI cited that the reader opened, shown as a box on its page. One store per viewer
 * mount (keyed by the mount's UI store), so two viewers on a page never show each other's citation.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { OverlayBox, PageBox } from '../pages/types.js';
import type { ViewerUiStore } from '../viewer/ui-store.js';

export const CITATION_BOX_ID = 'docai:citation';

export interface CitationState {
  citation: { pageNumber: number; box: PageBox; label: string } | null;
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
    id: CITATION_BOX_ID,
    pageNumber: citation.pageNumber,
    box: citation.box,
    kind: 'draft',
    fill: '#ffd60033',
    stroke: '#b38f00',
    label: citation.label,
  };
}
