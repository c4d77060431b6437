/** The handle every `mount*` of the package returns, whichever entry it comes from. */
import type { AdminPanelsEventMap } from './events';

/** What every `mount*` returns. */
export interface AdminPanelHandle<Options> {
  /** Merges new options over the current ones and re-renders. */
  update(options: Partial<Options>): void;
  /** Subscribes to an event; returns the unsubscribe. */
  on<E extends keyof AdminPanelsEventMap>(event: E, handler: (payload: AdminPanelsEventMap[E]) => void): () => void;
  /** Unmounts and releases everything this mount created. */
  destroy(): void;
}
