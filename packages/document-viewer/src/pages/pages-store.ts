// Per-mount UI state of the page engine that changes at pointer speed (hover, keyboard focus,
// which pages finished painting). Kept in a vanilla zustand store so a hover re-renders only the
// highlight of one page, never the page list or the 5,000-box canvas.
import { createStore } from 'zustand/vanilla';

export interface PagesUiState {
  /** Mirror of the host's selectedBoxId: pages subscribe to it, so a selection re-renders no page. */
  selectedBoxId: string | null;
  hoveredBoxId: string | null;
  /** Box whose hidden list button has keyboard focus (drawn with a focus ring on the page). */
  focusedBoxId: string | null;
  /** Pages whose content has painted; overscan pages wait for the visible ones. */
  painted: ReadonlySet<number>;
  setHovered(id: string | null): void;
  setFocused(id: string | null): void;
  markPainted(pageNumber: number): void;
}

export function createPagesStore() {
  return createStore<PagesUiState>()((set, get) => ({
    selectedBoxId: null,
    hoveredBoxId: null,
    focusedBoxId: null,
    painted: new Set<number>(),
    setHovered: (id) => {
      if (get().hoveredBoxId !== id) set({ hoveredBoxId: id });
    },
    setFocused: (id) => {
      if (get().focusedBoxId !== id) set({ focusedBoxId: id });
    },
    markPainted: (pageNumber) => {
      const painted = get().painted;
      if (painted.has(pageNumber)) return;
      const next = new Set(painted);
      next.add(pageNumber);
      set({ painted: next });
    },
  }));
}

export type PagesStore = ReturnType<typeof createPagesStore>;
