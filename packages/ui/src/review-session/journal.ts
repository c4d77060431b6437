/**
 * The device journal of a review session: edits not yet acknowledged by the server, kept in
 * IndexedDB per task and user, so a reload, a crash or a closed tab loses nothing. A session
 * writes a unit here with every edit and removes it when the server has saved it. Units are what
 * an editor saves with a version: a document's pages (keyed by page number), a transcript (one
 * unit). The database is opened per session and closed on dispose; nothing is module-global.
 *
 * The stored shape (`pages` of `{ baseVersion, result }`) and the database name predate the
 * transcript editor; they are kept so that journals already on reviewers' devices still restore.
 */
import { type IDBPDatabase, openDB } from 'idb';

/** One unit waiting for the server: its content and the server version it was edited from. */
export interface JournalUnit<Unit> {
  baseVersion: number | null;
  result: Unit;
  /**
   * What a save still in flight when this was written carried (on `baseVersion`). If the page went
   * away before its answer, the server may hold exactly this at `baseVersion + 1`: the reviewer's
   * own save, so the journaled content is re-based on it instead of shown as a conflict.
   */
  sent?: Unit;
}

export interface JournalEntry<Unit> {
  key: string;
  taskId: string;
  userId: string;
  updatedAt: string;
  /** Units by key (a page number for documents). */
  pages: Record<string, JournalUnit<Unit>>;
}

export interface Journal<Unit> {
  read(): Promise<JournalEntry<Unit> | undefined>;
  /**
   * Records (replaces) these units; other units already journaled stay. With `{ whole: true }` they
   * are the entry's only units (an editor with one unit): the entry is not read back first, which
   * for a large unit (a 40,000-word transcript) saves reading and copying it on every write.
   */
  write(units: Readonly<Record<string | number, JournalUnit<Unit>>>, how?: { whole?: boolean }): Promise<void>;
  /** Forgets units the server acknowledged; the entry disappears when none is left. */
  acknowledge(keys: ReadonlyArray<string | number>): Promise<void>;
  close(): void;
}

export const JOURNAL_DB = 'reviewdesk-document-viewer';
const STORE = 'journal';

/** The key of one reviewer's journal for one task. */
export const journalKey = (taskId: string, userId: string) => `${taskId}:${userId}`;

/** Opens the journal of a task for a user. Without IndexedDB (private modes, old hosts) it keeps nothing and says so. */
export function openJournal<Unit>(taskId: string, userId: string, dbName = JOURNAL_DB): Journal<Unit> {
  const key = journalKey(taskId, userId);
  let db: Promise<IDBPDatabase> | null = null;
  const database = () => {
    if (!globalThis.indexedDB) return Promise.reject(new Error('IndexedDB is not available'));
    db ??= openDB(dbName, 1, {
      upgrade(upgrading) {
        upgrading.createObjectStore(STORE, { keyPath: 'key' });
      },
    });
    return db;
  };
  // Writes are chained so an acknowledgement never overtakes the write it acknowledges.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    read() {
      // After the writes already queued, so a read sees every edit made before it.
      return serial(async () => (await (await database()).get(STORE, key)) as JournalEntry<Unit> | undefined);
    },
    write(units, how) {
      return serial(async () => {
        const store = await database();
        const current = (how?.whole
          ? undefined
          : ((await store.get(STORE, key)) as JournalEntry<Unit> | undefined)) ?? {
          key,
          taskId,
          userId,
          updatedAt: '',
          pages: {},
        };
        const merged: JournalEntry<Unit> = {
          ...current,
          updatedAt: new Date().toISOString(),
          pages: { ...current.pages },
        };
        for (const [unit, entry] of Object.entries(units)) merged.pages[unit] = entry;
        const writing = store.transaction(STORE, 'readwrite');
        // A failed put fails the transaction: `done` reports it.
        writing.store.put(merged).catch(() => undefined);
        // Committed now, not once the page has heard back: a write made as the page goes away
        // (a reload, a closed tab) is kept even though the page is gone before the answer.
        writing.commit();
        await writing.done;
      });
    },
    acknowledge(keys) {
      return serial(async () => {
        const store = await database();
        const current = (await store.get(STORE, key)) as JournalEntry<Unit> | undefined;
        if (!current) return;
        const pages = { ...current.pages };
        for (const unit of keys) delete pages[String(unit)];
        if (Object.keys(pages).length === 0) await store.delete(STORE, key);
        else await store.put(STORE, { ...current, pages });
      });
    },
    close() {
      void db?.then((open) => open.close()).catch(() => undefined);
      db = null;
    },
  };
}

/** JSON with object keys sorted: the server's store (jsonb) does not keep key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/**
 * Whether two values hold the same data, whatever the order of object keys: how a restored unit is
 * compared with what the server holds (a save that landed before its answer was lost).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
