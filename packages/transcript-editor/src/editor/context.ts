/** The per-editor context: the review session, the playback, the editor's root element and its panels. */
import { createContext, type RefObject, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Playback, PlaybackState } from '../player/playback.js';
import type { WaveformHandle } from '../player/Waveform.js';
import type { EditorSearch, SearchActions, SearchState } from '../search/search-store.js';
import type { SessionActions, SessionState, TranscriptSession } from '../session/session.js';
import type { InsertTarget } from '../texts/insert-target.js';
import type { EditorAnnouncer } from './announcer.js';

/** What the paragraph list lets the rest of the editor do with its (virtualised) rows. */
export interface ParagraphListHandle {
  /**
   * Scrolls paragraph `index` into view and, once its row is in the page, focuses the element
   * `focus` picks in it (rows out of view do not exist until scrolled to).
   */
  reveal(index: number, focus?: (row: HTMLElement) => HTMLElement | null): void;
}

/** Which of the editor's overlays are open. */
export interface PanelsState {
  help: boolean;
  search: boolean;
  speakers: boolean;
  /** The predefined-texts picker is open to insert at this place. */
  texts: InsertTarget | null;
  /** Counts requests to put the focus in the search box (Control+F again while it is open). */
  searchFocus: number;
  /** The DocAI panel (questions about the recording). */
  docai: boolean;
  /** The dialog sharing a segment of the recording. */
  share: boolean;
  /** The export dialog. */
  export: boolean;
}

export type EditorPanels = StoreApi<PanelsState>;

export const createPanels = (): EditorPanels =>
  createStore<PanelsState>()(() => ({
    help: false,
    search: false,
    speakers: false,
    texts: null,
    searchFocus: 0,
    docai: false,
    share: false,
    export: false,
  }));

export interface EditorContextValue {
  session: TranscriptSession;
  playback: Playback;
  /** Root element of this editor (scopes keyboard shortcuts and the word highlight). */
  root: RefObject<HTMLElement | null>;
  /** Set by the paragraph list while it is shown. */
  list: RefObject<ParagraphListHandle | null>;
  /** Set by the waveform once it is drawn (its zoom). */
  waveform: RefObject<WaveformHandle | null>;
  panels: EditorPanels;
  search: EditorSearch;
  /** Says the outcome of an action to a screen reader (LiveAnnouncer). */
  announcer: EditorAnnouncer;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('Transcript editor components must be rendered inside <TranscriptEditor>.');
  return value;
}

/** Reads a slice of the session; re-renders only when that slice changes. */
export function useSession<T>(selector: (state: SessionState & SessionActions) => T): T {
  return useStore(useEditor().session, selector);
}

/** Reads a slice of what the player controls show (never the time: see Playback.onTick). */
export function usePlayback<T>(selector: (state: PlaybackState) => T): T {
  return useStore(useEditor().playback.store, selector);
}

/** Reads which overlays are open. */
export function usePanels<T>(selector: (state: PanelsState) => T): T {
  return useStore(useEditor().panels, selector);
}

/** Reads a slice of the search (query, matches, the current one). */
export function useSearch<T>(selector: (state: SearchState & SearchActions) => T): T {
  return useStore(useEditor().search, selector);
}
