/**
 * The device journal: edits not yet acknowledged by the server, kept in IndexedDB per task and
 * user, so a reload or a crash loses nothing. The session writes a page here before it sends it
 * and removes it when the server has saved it. The database is opened per session and closed on
 * dispose; nothing is module-global.
 */
import { type IDBPDatabase, openDB } from 'idb';
import type { DocumentResult } from './types.js';

/** One page waiting for the server: its result and the server version it was edited from. */
export interface JournalPage {
  baseVersion: number | null;
  result: DocumentResult;
}

export interface JournalEntry {
  key: string;
  taskId: string;
  userId: string;
  updatedAt: string;
  pages: Record<string, JournalPage>;
}

export interface Journal {
  read(): Promise<JournalEntry | undefined>;
  /** Records (replaces) these pages; other pages already journaled stay. */
  write(pages: Readonly<Record<number, JournalPage>>): Promise<void>;
  /** Forgets pages the server acknowledged; the entry disappears when none is left. */
  acknowledge(pageNumbers: readonly number[]): Promise<void>;
  close(): void;
}

export const JOURNAL_DB = 'reviewdesk-document-viewer';
const STORE = 'journal';

/** The key of one reviewer's journal for one task. */
export const journalKey = (taskId: string, userId: string) => `${taskId}:${userId}`;

/** Opens the journal of a task for a user. Without IndexedDB (private modes, old hosts) it keeps nothing and says so. */
export function openJournal(taskId: string, userId: string, dbName = JOURNAL_DB): Journal {
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
    async read() {
      return (await (await database()).get(STORE, key)) as JournalEntry | undefined;
    },
    write(pages) {
      return serial(async () => {
        const store = await database();
        const current = ((await store.get(STORE, key)) as JournalEntry | undefined) ?? {
          key,
          taskId,
          userId,
          updatedAt: '',
          pages: {},
        };
        const merged: JournalEntry = { ...current, updatedAt: new Date().toISOString(), pages: { ...current.pages } };
        for (const [page, entry] of Object.entries(pages)) merged.pages[page] = entry;
        await store.put(STORE, merged);
      });
    },
    acknowledge(pageNumbers) {
      return serial(async () => {
        const store = await database();
        const current = (await store.get(STORE, key)) as JournalEntry | undefined;
        if (!current) return;
        const pages = { ...current.pages };
        for (const page of pageNumbers) delete pages[String(page)];
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
