/**
 * A zustand vanilla store per provider holding one user's preferences, persisted to
 * localStorage under a key that includes the user id (two people sharing a device keep
 * their own settings). Created per mount, never module-global.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { DEFAULT_PREFERENCES, MAX_RECENT_WORKSPACES, type Preferences, sanitizePreferences } from './defaults';

/** State and actions of a preferences store. */
export interface PreferencesState extends Preferences {
  /** Merges a partial change and persists it. */
  setPreferences: (patch: Partial<Preferences>) => void;
  /** Moves a workspace to the front of `lastWorkspaceIds`. */
  rememberWorkspace: (workspaceId: string) => void;
  /** Back to the spec's defaults (and persists that). */
  resetPreferences: () => void;
}

/** A per-instance preferences store. */
export type PreferencesStore = StoreApi<PreferencesState>;

/** The minimal part of the Web Storage API the store uses (lets tests and hosts swap it). */
export type PreferencesStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Options of {@link createPreferencesStore}. */
export interface CreatePreferencesStoreOptions {
  /** Whose preferences these are; anonymous visitors share one slot. @default 'anonymous' */
  userId?: string | null;
  /** Where to persist; `null` keeps preferences in memory only. @default globalThis.localStorage */
  storage?: PreferencesStorage | null;
}

/** The storage key for a user: `reviewdesk:preferences:<userId>`. */
export const preferencesKey = (userId?: string | null) => `reviewdesk:preferences:${userId || 'anonymous'}`;

function defaultStorage(): PreferencesStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // access throws in sandboxed iframes with storage blocked
  }
}

function read(storage: PreferencesStorage | null, key: string): Preferences {
  try {
    const raw = storage?.getItem(key);
    return raw ? sanitizePreferences(JSON.parse(raw)) : sanitizePreferences(DEFAULT_PREFERENCES);
  } catch {
    return sanitizePreferences(DEFAULT_PREFERENCES);
  }
}

function pick(state: PreferencesState): Preferences {
  const { setPreferences: _s, rememberWorkspace: _r, resetPreferences: _x, ...prefs } = state;
  return prefs;
}

/**
 * Creates a preferences store loaded from storage.
 * @example
 * const store = createPreferencesStore({ userId: 'u-1' });
 * store.getState().setPreferences({ skin: 'dark' });
 */
export function createPreferencesStore(options: CreatePreferencesStoreOptions = {}): PreferencesStore {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const key = preferencesKey(options.userId);

  const store = createStore<PreferencesState>()((set) => ({
    ...read(storage, key),
    setPreferences: (patch) => set(sanitizePreferences({ ...pick(store.getState()), ...patch })),
    rememberWorkspace: (workspaceId) =>
      set((state) => ({
        lastWorkspaceIds: [workspaceId, ...state.lastWorkspaceIds.filter((id) => id !== workspaceId)].slice(
          0,
          MAX_RECENT_WORKSPACES,
        ),
      })),
    resetPreferences: () => set(sanitizePreferences(DEFAULT_PREFERENCES)),
  }));

  store.subscribe((state) => {
    try {
      storage?.setItem(key, JSON.stringify(pick(state)));
    } catch {
      // Quota exceeded or storage blocked: preferences still work for this session.
    }
  });
  return store;
}
