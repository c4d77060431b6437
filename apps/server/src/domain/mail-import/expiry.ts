// Stored mail expires: the raw message of an import is removed from blob storage 31 days after it
// arrived (MAIL_STORAGE_DAYS); the record of who sent what, and the tasks, stay. Run by the
// scheduler in every process that has one; each message is taken under a row lock that others
// skip, and its bytes are removed only after the row says so.
import type { Db } from '../../db/database.js';
import { expireNextMail } from '../../db/repositories/mail-imports.js';
import type { BlobStorage } from '../../storage/blob-storage.js';

/** Removes the stored messages that expired by `now` (at most `limit` per run); resolves to their storage keys. */
export async function removeExpiredMail(db: Db, storage: BlobStorage, now: Date, limit = 100): Promise<string[]> {
  const removed: string[] = [];
  while (removed.length < limit) {
    const key = await expireNextMail(db, now);
    if (!key) break;
    await storage.remove(key);
    removed.push(key);
  }
  return removed;
}
