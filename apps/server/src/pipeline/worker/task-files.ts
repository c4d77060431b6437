// Removing the bytes of a task's files once the transaction that detached their rows
// (db/repositories/task-files.ts) committed.
import type { BlobStorage } from '../../storage/blob-storage.js';

/** Removes the bytes of detached files; a failure is logged and leaves an orphan, never an error for the task. */
export async function removeStored(storage: BlobStorage, keys: string[], log: (m: string, e?: unknown) => void) {
  for (const key of keys) {
    try {
      await storage.remove(key);
    } catch (error) {
      log(`could not remove stored file ${key}`, error);
    }
  }
}
