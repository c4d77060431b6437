/**
 * The events of a task in the order they happened. The server lists them newest first (by their
 * insertion order), and events recorded in one transaction share a timestamp, so sorting by time
 * alone would show those in reverse: ties keep the server's order reversed, i.e. insertion order.
 */

/** The one field the order needs. */
export interface TimedEvent {
  createdOn: string;
}

/** A copy of `events` (as the server lists them, newest first), oldest first. */
export function inOrderOfHappening<T extends TimedEvent>(events: readonly T[]): T[] {
  const time = (event: T) => {
    const ms = Date.parse(event.createdOn);
    return Number.isNaN(ms) ? 0 : ms;
  };
  return [...events].reverse().sort((a, b) => time(a) - time(b));
}
