// Scroll position and size of the pages viewport, published once per animation frame. Pages
// read it imperatively (overlay culling) so scrolling does not re-render React trees.
import { createStore } from 'zustand/vanilla';

export interface ViewportState {
  scrollTop: number;
  scrollLeft: number;
  width: number;
  height: number;
}

export function createViewportStore() {
  return createStore<ViewportState>()(() => ({ scrollTop: 0, scrollLeft: 0, width: 0, height: 0 }));
}

export type ViewportStore = ReturnType<typeof createViewportStore>;
