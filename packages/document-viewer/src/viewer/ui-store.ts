/**
 * Per-viewer UI state that is not document data: selection, page, zoom, layers, the drawing
 * target and dialogs. A zustand vanilla store per mount, like the session, so two viewers on a
 * page never share a selection.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FitMode, PageBox, PageRotation } from '../pages/types.js';

/** What a drawn box or an OCR text selection is for. */
export type DrawTarget =
  | { kind: 'new'; category: string }
  | { kind: 'existing'; entityId: string; pageNumber: number; category: string };

export interface ViewerUiState {
  selectedId: string | null;
  currentPage: number;
  zoom: number;
  fit: FitMode;
  /** Rotation the reviewer added per page, on top of the page's own orientation. */
  rotations: Readonly<Record<number, PageRotation>>;
  ocrLayer: boolean;
  thumbnails: boolean;
  drawing: DrawTarget | null;
  selectingText: DrawTarget | null;
  /** A region placed with the keyboard before it is applied (drawn on its page as a draft box). */
  draftRegion: { pageNumber: number; box: PageBox; label: string } | null;
  helpOpen: boolean;
  confirmFinishOpen: boolean;
  /** A value just added by typing into an empty field: its row takes the focus (and the caret) when it mounts. */
  pendingFocus: string | null;
}

export interface ViewerUiActions {
  select(id: string | null): void;
  setPage(page: number): void;
  setZoom(zoom: number): void;
  zoomBy(factor: number): void;
  setFit(fit: FitMode): void;
  rotate(page: number): void;
  set(patch: Partial<ViewerUiState>): void;
}

export type ViewerUiStore = StoreApi<ViewerUiState & ViewerUiActions>;

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 5;

export function createViewerUiStore(initial: Partial<ViewerUiState> = {}): ViewerUiStore {
  return createStore<ViewerUiState & ViewerUiActions>()((set, get) => ({
    selectedId: null,
    currentPage: 1,
    zoom: 1,
    fit: 'width',
    rotations: {},
    ocrLayer: false,
    thumbnails: false,
    drawing: null,
    selectingText: null,
    draftRegion: null,
    helpOpen: false,
    confirmFinishOpen: false,
    pendingFocus: null,
    ...initial,
    select: (selectedId) => set({ selectedId }),
    setPage: (currentPage) => set({ currentPage }),
    setZoom: (zoom) => set({ zoom: Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)), fit: null }),
    zoomBy: (factor) => get().setZoom(Math.round(get().zoom * factor * 100) / 100),
    setFit: (fit) => set({ fit }),
    rotate: (page) => {
      const current = get().rotations[page] ?? 0;
      set({ rotations: { ...get().rotations, [page]: ((current + 90) % 360) as PageRotation } });
    },
    set: (patch) => set(patch),
  }));
}
