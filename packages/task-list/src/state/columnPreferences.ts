/**
 * The columns a user chose, remembered per workspace on this device (localStorage by default).
 * A small per-instance zustand store: the key includes the workspace, so switching workspace
 * loads that workspace's choice. Stored data is validated; anything unexpected falls back to the
 * defaults instead of breaking the list.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

/** Columns shown when the user has chosen nothing yet. */
export const DEFAULT_VISIBLE_COLUMNS: readonly string[] = [
  'number',
  'displayName',
  'status',
  // Only in labelling-and-training workspaces; elsewhere the list has no such column.
  'labellingStatus',
  'batch',
  'createdOn',
  'assignees',
];

/** Where choices persist: any Storage-like object; null keeps them in memory. */
export type ColumnStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface ColumnPreferencesState {
  visible: readonly string[];
  setVisible(columnId: string, visible: boolean): void;
  reset(): void;
}

export type ColumnPreferencesStore = StoreApi<ColumnPreferencesState>;

/** The storage key of one workspace's choice. */
export function columnsKey(workspaceId: string, userId?: string | null): string {
  return `rd-task-list.columns.${userId ?? 'anonymous'}.${workspaceId}`;
}

function read(storage: ColumnStorage | null, key: string): readonly string[] {
  try {
    const raw = storage?.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed) && parsed.every((v) => typeof v === 'string')) return parsed;
  } catch {
    // Corrupt or inaccessible storage (private mode, quota): the defaults are a fine answer.
  }
  return DEFAULT_VISIBLE_COLUMNS;
}

export function createColumnPreferencesStore(options: {
  workspaceId: string;
  userId?: string | null;
  storage: ColumnStorage | null;
}): ColumnPreferencesStore {
  const key = columnsKey(options.workspaceId, options.userId);
  const persist = (visible: readonly string[]) => {
    try {
      options.storage?.setItem(key, JSON.stringify(visible));
    } catch {
      // Not persisted; the choice still applies for this visit.
    }
  };
  return createStore<ColumnPreferencesState>()((set, get) => ({
    visible: read(options.storage, key),
    setVisible: (columnId, visible) => {
      const current = get().visible.filter((id) => id !== columnId);
      const next = visible ? [...current, columnId] : current;
      persist(next);
      set({ visible: next });
    },
    reset: () => {
      persist(DEFAULT_VISIBLE_COLUMNS);
      set({ visible: DEFAULT_VISIBLE_COLUMNS });
    },
  }));
}
