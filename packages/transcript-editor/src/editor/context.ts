/** The per-editor context: the review session, the playback and the editor's root element. */
import { createContext, type RefObject, useContext } from 'react';
import { useStore } from 'zustand';
import type { Playback, PlaybackState } from '../player/playback.js';
import type { SessionActions, SessionState, TranscriptSession } from '../session/session.js';

export interface EditorContextValue {
  session: TranscriptSession;
  playback: Playback;
  /** Root element of this editor (scopes keyboard shortcuts and the word highlight). */
  root: RefObject<HTMLElement | null>;
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
