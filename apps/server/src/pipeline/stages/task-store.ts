// What a processing stage reads and writes: the rows of the task's tenant (ProcessingRepository in
// db/) and the files behind its blobs, kept together so a stage removes a row's bytes with the row.
import { ProcessingRepository } from '../../db/repositories/processing.js';
import type { Executor } from '../../db/repositories/tenant-repository.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { storeTenantBlob, type WrittenBlob, writeBlobBytes } from '../../storage/store-blob.js';

export type { NewPage } from '../../db/repositories/processing.js';

export class StageStore extends ProcessingRepository {
  /** Where the store runs (the connection or its transaction); licence checks and credits join it. */
  declare readonly db: Executor;

  constructor(
    db: Executor,
    readonly storage: BlobStorage,
    tenantId: string,
  ) {
    super(db, tenantId);
  }

  /**
   * The whole object of a blob (documents are bounded by the workspace's maximum file size), as a
   * plain Uint8Array: pdf.js refuses Node Buffers.
   */
  async readBlob(blobId: string): Promise<Uint8Array> {
    const blob = await this.blobKey(blobId);
    if (!blob) throw new Error(`The blob ${blobId} does not exist.`);
    return this.readStored(blob.key);
  }

  /** The bytes under a storage key already looked up (e.g. by pagesWithFiles), as readBlob gives them. */
  async readStored(storageKey: string): Promise<Uint8Array> {
    const joined = await this.storage.readAll(storageKey);
    return new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
  }

  /** Stores bytes under a generated key and records the blob; returns its id. */
  storeBlob(bytes: Uint8Array, fileName: string, contentType: string): Promise<string> {
    return storeTenantBlob(this.db, this.storage, this.tenantId, { bytes, fileName, contentType });
  }

  /**
   * Stores bytes under a generated key for a blob recorded later with others (recordBlobs): one
   * statement for a document's page files instead of one a page.
   */
  writeBlob(bytes: Uint8Array, fileName: string, contentType: string): Promise<WrittenBlob> {
    return writeBlobBytes(this.storage, { bytes, fileName, contentType });
  }

  /** Records blobs written by writeBlob (in the caller's transaction, with the rows that refer to them). */
  recordBlobs(blobs: readonly WrittenBlob[]): Promise<void> {
    return this.tasks().insertBlobs(blobs);
  }

  /** Removes blobs written by writeBlob, recorded or not: their rows if any, and their bytes. */
  async discardBlobs(blobs: readonly WrittenBlob[]): Promise<void> {
    await this.deleteBlobs(blobs.map((blob) => blob.id));
    for (const blob of blobs) await this.storage.remove(blob.storageKey);
  }

  /** Removes blobs and their bytes (results of an earlier run, or of a run that failed half-way). */
  async removeBlobs(blobIds: readonly string[]): Promise<void> {
    for (const key of await this.deleteBlobs(blobIds)) await this.storage.remove(key);
  }

  /** Forgets the pages, media, e-invoice XML and translation of an earlier run (reprocessing) with their files. */
  async clearResults(taskId: string): Promise<void> {
    await this.removeBlobs(await this.detachResults(taskId));
  }

  /**
   * Keeps the e-invoice XML the task's fields were read from (null: the task carries none), in
   * place of one an earlier run kept.
   */
  async setEInvoiceXml(taskId: string, xml: { bytes: Uint8Array; fileName: string } | null): Promise<void> {
    const before = await this.eInvoiceBlobId(taskId);
    const blobId = xml ? await this.storeBlob(xml.bytes, xml.fileName, 'application/xml') : null;
    await this.updateTask(taskId, { einvoice_blob_id: blobId });
    if (before) await this.removeBlobs([before]);
  }
}
