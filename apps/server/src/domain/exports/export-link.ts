// Export to a link (SdTask/BulkExportLink): the exported file is kept as a blob of the tenant and
// answered as a signed download address that works without a sign-in for 1 to 168 hours
// (product-spec §5); past that the address answers 410 and the scheduler removes the file.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { ExportLinksRepository, expireNextExportLink } from '../../db/repositories/export-links.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { storeTenantBlob } from '../../storage/store-blob.js';
import { invalid } from '../errors.js';
import { signedFileUrl } from '../results/signed-urls.js';

/** How long an export link works, in hours (product-spec §5). */
export const EXPORT_LINK_HOURS = { min: 1, max: 168 } as const;

export function checkLinkHours(hours: number): void {
  if (!(Number.isInteger(hours) && hours >= EXPORT_LINK_HOURS.min && hours <= EXPORT_LINK_HOURS.max)) {
    throw invalid(`An export link works for ${EXPORT_LINK_HOURS.min} to ${EXPORT_LINK_HOURS.max} hours.`);
  }
}

export interface LinkedFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** Keeps the file and answers its download link, valid for `hours`. */
export async function exportToLink(
  deps: { db: Db; storage: BlobStorage; origin: string },
  owner: { tenantId: string; userId: string | null },
  file: LinkedFile,
  hours: number,
  now = new Date(),
) {
  checkLinkHours(hours);
  const blobId = await storeTenantBlob(deps.db, deps.storage, owner.tenantId, file);
  const expiresOn = new Date(now.getTime() + hours * 3600_000);
  await new ExportLinksRepository(deps.db, owner.tenantId).insert({
    id: randomUUID(),
    blobId,
    expiresOn,
    createdBy: owner.userId,
  });
  const url = await signedFileUrl(
    deps.db,
    deps.origin,
    {
      blobId,
      tenantId: owner.tenantId,
      fileName: file.fileName,
      contentType: file.contentType,
      disposition: 'attachment',
    },
    hours * 3600_000,
    now.getTime(),
  );
  return { url, fileName: file.fileName, expiresOn: expiresOn.toISOString() };
}

/** Removes the files of links expired by `now` (at most `limit`); resolves to the links' ids. */
export async function removeExpiredExportLinks(
  db: Db,
  storage: BlobStorage,
  now: Date,
  limit = 100,
): Promise<string[]> {
  const removed: string[] = [];
  while (removed.length < limit) {
    const next = await expireNextExportLink(db, now);
    if (!next) break;
    if (next.storageKey) await storage.remove(next.storageKey);
    removed.push(next.linkId);
  }
  return removed;
}
