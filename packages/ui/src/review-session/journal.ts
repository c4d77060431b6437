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
  // No queue of our own: each operation creates its transaction as soon as the database is open
  // (at once, once it is), and IndexedDB runs read-write transactions on one store in the order
  // they were created — so an acknowledgement never overtakes the write it acknowledges, and a
  // read sees every write asked for before it. A queue that started a write only once the one
  // before had been answered lost the last edit when the page went away meanwhile (a reload right
  // after a large edit: its write waited for the previous one's answer, which came too late).
  // A read-modify-write reads and writes inside its one transaction, so nothing slips in between.

  return {
    read() {
      return database().then((open) => open.get(STORE, key) as Promise<JournalEntry<Unit> | undefined>);
    },
    write(units, how) {
      return database().then(async (open) => {
        const writing = open.transaction(STORE, 'readwrite');
        const current = (how?.whole
          ? undefined
          : ((await writing.store.get(key)) as JournalEntry<Unit> | undefined)) ?? {
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
        // A failed put fails the transaction: `done` reports it.
        writing.store.put(merged).catch(() => undefined);
        // Committed now, not once the page has heard back: a write made as the page goes away
        // (a reload, a closed tab) is kept even though the page is gone before the answer.
        writing.commit();
        await writing.done;
      });
    },
    acknowledge(keys) {
      return database().then(async (open) => {
        const writing = open.transaction(STORE, 'readwrite');
        const current = (await writing.store.get(key)) as JournalEntry<Unit> | undefined;
        if (current) {
          const pages = { ...current.pages };
          for (const unit of keys) delete pages[String(unit)];
          if (Object.keys(pages).length === 0) writing.store.delete(key).catch(() => undefined);
          else writing.store.put({ ...current, pages }).catch(() => undefined);
        }
        await writing.done;
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
