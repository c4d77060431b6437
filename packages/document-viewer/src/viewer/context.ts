/** The per-viewer context: the session and UI stores, the engine handle and derived data hooks. */
import { createContext, type RefObject, useContext } from 'react';
import { useStore } from 'zustand';
import type { DocumentPagesHandle } from '../pages/types.js';
import type { ReviewSession, SessionActions, SessionState } from '../session/session.js';
import type { ViewerUiActions, ViewerUiState, ViewerUiStore } from './ui-store.js';

export interface ViewerContextValue {
  session: ReviewSession;
  ui: ViewerUiStore;
  pages: RefObject<DocumentPagesHandle | null>;
  /** Root element of this viewer (scopes keyboard shortcuts and focus moves). */
  root: RefObject<HTMLElement | null>;
  /** Autoscroll to a field's box when it is selected in the panel (device preference). */
  autoscroll: boolean;
}

export const ViewerContext = createContext<ViewerContextValue | null>(null);

export function useViewer(): ViewerContextValue {
  const value = useContext(ViewerContext);
  if (!value) throw new Error('Viewer components must be rendered inside <DocumentViewer>.');
  return value;
}

/** Reads a slice of the session; re-renders only when that slice changes. */
export function useSession<T>(selector: (state: SessionState & SessionActions) => T): T {
  return useStore(useViewer().session, selector);
}

/** Reads a slice of the viewer's UI state. */
export function useUi<T>(selector: (state: ViewerUiState & ViewerUiActions) => T): T {
  return useStore(useViewer().ui, selector);
}
