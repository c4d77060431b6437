/** A per-provider queue of transient notices (toasts), as a zustand vanilla store. */
import { createStore, type StoreApi } from 'zustand/vanilla';

/** Visual and semantic tone; warnings and errors are announced assertively. */
export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

/** A notice to show. */
export interface NoticeInput {
  tone?: NoticeTone;
  title?: string;
  message: string;
  /** Milliseconds until it disappears by itself; omit to keep it until dismissed. */
  durationMs?: number;
}

/** A queued notice. */
export interface NoticeItem extends NoticeInput {
  id: string;
  tone: NoticeTone;
}

/** State and actions of a notice queue. */
export interface NoticeState {
  items: NoticeItem[];
  /** Queues a notice and returns its id. */
  show: (notice: NoticeInput) => string;
  dismiss: (id: string) => void;
}

/** A per-instance notice queue. */
export type NoticeStore = StoreApi<NoticeState>;

/** Creates an empty notice queue. */
export function createNoticeStore(): NoticeStore {
  let next = 0; // per store, so ids never depend on another instance
  return createStore<NoticeState>()((set) => ({
    items: [],
    show: (notice) => {
      next += 1;
      const id = `rd-notice-${next}`;
      set((state) => ({ items: [...state.items, { tone: 'info', ...notice, id }] }));
      return id;
    },
    dismiss: (id) => set((state) => ({ items: state.items.filter((item) => item.id !== id) })),
  }));
}
