/**
 * Rules of versioned autosave shared by every editor: what the save badge says, how long a failed
 * save waits before the next try, and how much of a save may go out while the page is going away.
 */

/** What the save badge shows. It never says `saved` while anything is unsent. */
export type SaveState = 'saved' | 'saving' | 'unsaved' | 'failed' | 'conflict';

/** Save state from the facts: a save in flight, then conflicts, then unsaved edits (failed if the last try failed). */
export function saveStateOf(facts: {
  saving: boolean;
  conflicts: number;
  unsaved: number;
  lastSaveFailed: boolean;
}): SaveState {
  if (facts.saving) return 'saving';
  if (facts.conflicts) return 'conflict';
  if (facts.unsaved) return facts.lastSaveFailed ? 'failed' : 'unsaved';
  return 'saved';
}

const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** Wait before retrying a failed save: doubling from 1 s per failed attempt in a row, at most 30 s. */
export function retryDelayOf(failedAttempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** failedAttempts);
}

/**
 * Browsers cap the bodies of all pending `keepalive` requests of a page at 64 kB together. A save
 * sent while the page goes away carries only the units that fit; the journal restores the rest.
 */
export const KEEPALIVE_BODY_LIMIT = 64 * 1024;

/**
 * The units of a save sent while the page goes away: in order, as many as fit in a keepalive body.
 * `bodyOf` builds the request body of a set of units.
 */
export function fitKeepalive<Key>(keys: readonly Key[], bodyOf: (keys: readonly Key[]) => unknown): Key[] {
  const encoder = new TextEncoder();
  const fitting: Key[] = [];
  for (const key of keys) {
    if (encoder.encode(JSON.stringify(bodyOf([...fitting, key]))).length > KEEPALIVE_BODY_LIMIT) break;
    fitting.push(key);
  }
  return fitting;
}
