/**
 * The typed events of one mounted instance (`mountTaskList`, `mountDocumentViewer`): hosts
 * subscribe with `on(event, handler)` and get an unsubscribe function back; the instance `emit`s.
 * One hub per mount, so two instances on a page never hear each other.
 */
export interface EventHub<Events extends object> {
  emit<E extends keyof Events>(event: E, payload: Events[E]): void;
  on<E extends keyof Events>(event: E, handler: (payload: Events[E]) => void): () => void;
  /** Whether anyone listens to the event (an instance may act differently when the host does). */
  has(event: keyof Events): boolean;
  /** Drops every handler (on destroy). */
  clear(): void;
}

export function createEventHub<Events extends object>(): EventHub<Events> {
  const handlers = new Map<keyof Events, Set<(payload: never) => void>>();
  return {
    emit(event, payload) {
      for (const handler of handlers.get(event) ?? []) (handler as (p: typeof payload) => void)(payload);
    },
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler as (payload: never) => void);
      handlers.set(event, set);
      return () => {
        set.delete(handler as (payload: never) => void);
      };
    },
    has: (event) => (handlers.get(event)?.size ?? 0) > 0,
    clear: () => handlers.clear(),
  };
}
