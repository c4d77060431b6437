/**
 * What the editor tells a screen reader that no focus change says: the outcome of an action taken
 * by a shortcut or inside a dialog (playback started or paused, matches replaced, a speaker
 * renamed). Messages are translation keys with their values, so code without the translator (the
 * shortcut commands) can announce; `LiveAnnouncer` says them in one polite live region per editor.
 */
import { type LiveMessage, nextLiveMessage } from '@reviewdesk/ui';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EditorKey } from '../i18n/resources.js';

export interface Announcement {
  /** A key of the `transcript-editor` namespace, e.g. `announce.paused`. */
  key: EditorKey;
  values?: Record<string, string | number>;
}

export interface AnnouncerState {
  /** The last message, numbered, so the same message twice in a row is said twice. */
  last: LiveMessage<Announcement> | null;
  announce(key: EditorKey, values?: Record<string, string | number>): void;
}

export type EditorAnnouncer = StoreApi<AnnouncerState>;

export const createAnnouncer = (): EditorAnnouncer =>
  createStore<AnnouncerState>()((set) => ({
    last: null,
    announce: (key, values) => set((state) => ({ last: nextLiveMessage(state.last, { key, values }) })),
  }));
