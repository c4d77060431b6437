/**
 * What the editor tells a screen reader that no focus change says: the outcome of an action taken
 * by a shortcut or inside a dialog (playback started or paused, matches replaced, a speaker
 * renamed). Messages are translation keys with their values, so code without the translator (the
 * shortcut commands) can announce; `LiveAnnouncer` says them in one polite live region per editor.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EditorKey } from '../i18n/resources.js';

export interface Announcement {
  /** A key of the `transcript-editor` namespace, e.g. `announce.paused`. */
  key: EditorKey;
  values?: Record<string, string | number>;
  /** Counts announcements, so the same message twice in a row is said twice. */
  serial: number;
}

export interface AnnouncerState {
  last: Announcement | null;
  announce(key: EditorKey, values?: Record<string, string | number>): void;
}

export type EditorAnnouncer = StoreApi<AnnouncerState>;

export const createAnnouncer = (): EditorAnnouncer =>
  createStore<AnnouncerState>()((set, get) => ({
    last: null,
    announce: (key, values) => set({ last: { key, values, serial: (get().last?.serial ?? 0) + 1 } }),
  }));
