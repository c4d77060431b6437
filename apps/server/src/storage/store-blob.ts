// Bytes made by the server (page files, waveforms, export results) stored as a blob of a tenant:
// written under a fresh key, then recorded in `blobs`. A failed write leaves neither behind; a blob
// no longer wanted is removed the same way round (its row, then its bytes).
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../db/database.js';
import { ProcessingRepository } from '../db/repositories/processing.js';
import { type BlobValues, TasksRepository } from '../db/repositories/tasks.js';
import { type BlobStorage, newStorageKey } from './blob-storage.js';

export interface NewBlob {
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
  createdBy?: string | null;
}

/** A blob whose bytes are stored, with the row that records it (TasksRepository.insertBlobs). */
export type WrittenBlob = BlobValues;

/**
 * Stores the bytes under a fresh key and answers the blob's row, not yet recorded: a caller storing
 * many (a document's page files) records them in one statement, and removes the bytes of any it
 * does not record.
 */
export async function writeBlobBytes(storage: BlobStorage, blob: NewBlob): Promise<WrittenBlob> {
  const key = newStorageKey();
  const { error } = await storage.append(key, Readable.from([Buffer.from(blob.bytes)]));
  if (error !== undefined) {
    await storage.remove(key);
    throw error;
  }
  return {
    id: randomUUID(),
    storageKey: key,
    fileName: blob.fileName,
    contentType: blob.contentType,
    size: blob.bytes.byteLength,
    sha256: createHash('sha256').update(blob.bytes).digest('hex'),
    createdBy: blob.createdBy ?? null,
  };
}

/** Stores the bytes and returns the new blob's id. */
export async function storeTenantBlob(db: Db, storage: BlobStorage, tenantId: string, blob: NewBlob): Promise<string> {
  const written = await writeBlobBytes(storage, blob);
  await new TasksRepository(db, tenantId).insertBlob(written);
  return written.id;
}

/** Removes blobs of a tenant: their rows, then their bytes. */
export async function removeTenantBlobs(
  db: Db,
  storage: BlobStorage,
  tenantId: string,
  blobIds: readonly string[],
): Promise<void> {
  for (const key of await new ProcessingRepository(db, tenantId).deleteBlobs(blobIds)) {
    await storage.remove(key);
  }
}
