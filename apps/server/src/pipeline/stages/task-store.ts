// The database side of the processing stages, bound to the task's tenant: every query filters on
// `tenant_id`, like the repositories of the API (TenantScope, TasksRepository), so a stage can only
// ever touch rows of the tenant whose task it holds.

import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { TaskRow, TasksTable, WorkspaceRow } from '../../db/schema.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { storeTenantBlob } from '../../storage/store-blob.js';

export interface NewPage {
  pageNumber: number;
  width: number;
  height: number;
  unit: 'point' | 'pixel';
  rotation: number;
  imageBlobId: string;
}

export class StageStore {
  constructor(
    readonly db: Db,
    readonly storage: BlobStorage,
    readonly tenantId: string,
  ) {
    if (!tenantId) throw new Error('A stage store needs the tenant id');
  }

  /** Runs `work` in one transaction with a store bound to it (same tenant, same storage). */
  transaction<T>(work: (store: StageStore) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .execute((trx) => work(new StageStore(trx as unknown as Db, this.storage, this.tenantId)));
  }

  task(id: string): Promise<TaskRow | undefined> {
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  workspace(id: string): Promise<WorkspaceRow | undefined> {
    return this.db
      .selectFrom('workspaces')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  tenantCode(): Promise<string | null> {
    return this.db
      .selectFrom('tenants')
      .select('code')
      .where('id', '=', this.tenantId)
      .executeTakeFirst()
      .then((row) => row?.code ?? null);
  }

  async updateTask(id: string, changes: Updateable<TasksTable>): Promise<void> {
    await this.db
      .updateTable('tasks')
      .set(changes)
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', id)
      .execute();
  }

  async addEvent(taskId: string, eventType: string, description: string, payload: Record<string, unknown> = {}) {
    await this.db
      .insertInto('task_events')
      .values({
        tenant_id: this.tenantId,
        task_id: taskId,
        event_type: eventType,
        description,
        payload: JSON.stringify(payload),
        event_source: 'Pipeline',
      })
      .execute();
  }

  // --- blobs ---

  async blobKey(
    blobId: string,
  ): Promise<{ key: string; fileName: string; size: number; contentType: string } | undefined> {
    const row = await this.db
      .selectFrom('blobs')
      .select(['storage_key', 'file_name', 'size', 'content_type'])
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', blobId)
      .executeTakeFirst();
    return row
      ? { key: row.storage_key, fileName: row.file_name, size: Number(row.size), contentType: row.content_type }
      : undefined;
  }

  /**
   * The whole object of a blob (documents are bounded by the workspace's maximum file size), as a
   * plain Uint8Array: pdf.js refuses Node Buffers.
   */
  async readBlob(blobId: string): Promise<Uint8Array> {
    const blob = await this.blobKey(blobId);
    if (!blob) throw new Error(`The blob ${blobId} does not exist.`);
    const chunks: Buffer[] = [];
    for await (const chunk of this.storage.read(blob.key)) chunks.push(chunk as Buffer);
    const joined = Buffer.concat(chunks);
    return new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
  }

  /** Stores bytes under a generated key and records the blob; returns its id. */
  storeBlob(bytes: Uint8Array, fileName: string, contentType: string): Promise<string> {
    return storeTenantBlob(this.db, this.storage, this.tenantId, { bytes, fileName, contentType });
  }

  /** Removes blobs and their bytes (results of an earlier run, or of a run that failed half-way). */
  async removeBlobs(blobIds: readonly string[]): Promise<void> {
    if (blobIds.length === 0) return;
    const rows = await this.db
      .deleteFrom('blobs')
      .where('tenant_id', '=', this.tenantId)
      .where('id', 'in', [...blobIds])
      .returning('storage_key')
      .execute();
    for (const row of rows) await this.storage.remove(row.storage_key);
  }

  // --- pages and media ---

  pages(taskId: string) {
    return this.db
      .selectFrom('task_pages')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('task_id', '=', taskId)
      .orderBy('page_number')
      .execute();
  }

  /** Forgets the pages, media and e-invoice XML of an earlier run (reprocessing) together with their files. */
  async clearResults(taskId: string): Promise<void> {
    await this.setEInvoiceXml(taskId, null);
    const pages = await this.db
      .deleteFrom('task_pages')
      .where('tenant_id', '=', this.tenantId)
      .where('task_id', '=', taskId)
      .returning('image_blob_id')
      .execute();
    const media = await this.db
      .deleteFrom('task_media')
      .where('tenant_id', '=', this.tenantId)
      .where('task_id', '=', taskId)
      .returning('waveform_blob_id')
      .execute();
    const ids = [...pages.map((p) => p.image_blob_id), ...media.map((m) => m.waveform_blob_id)].filter(
      (id): id is string => id !== null,
    );
    await this.removeBlobs(ids);
  }

  /**
   * Keeps the e-invoice XML the task's fields were read from (null: the task carries none), in
   * place of one an earlier run kept.
   */
  async setEInvoiceXml(taskId: string, xml: { bytes: Uint8Array; fileName: string } | null): Promise<void> {
    const before = await this.db
      .selectFrom('tasks')
      .select('einvoice_blob_id')
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', taskId)
      .executeTakeFirst();
    const blobId = xml ? await this.storeBlob(xml.bytes, xml.fileName, 'application/xml') : null;
    await this.updateTask(taskId, { einvoice_blob_id: blobId });
    if (before?.einvoice_blob_id) await this.removeBlobs([before.einvoice_blob_id]);
  }

  async insertPages(taskId: string, pages: readonly NewPage[]): Promise<void> {
    // Chunks keep each statement well under PostgreSQL's 65535 bind parameters (2,000 pages × 9).
    for (let start = 0; start < pages.length; start += 500) {
      await this.db
        .insertInto('task_pages')
        .values(
          pages.slice(start, start + 500).map((page) => ({
            tenant_id: this.tenantId,
            task_id: taskId,
            page_number: page.pageNumber,
            width: page.width,
            height: page.height,
            unit: page.unit,
            rotation: page.rotation,
            image_blob_id: page.imageBlobId,
            document: JSON.stringify({ entities: [], tables: [] }),
          })),
        )
        .execute();
    }
  }

  async setPageOcr(
    taskId: string,
    pageNumber: number,
    ocr: object,
    geometry: { width: number; height: number; unit: string; rotation: number },
  ): Promise<void> {
    await this.db
      .updateTable('task_pages')
      .set({ ocr: JSON.stringify(ocr), ...geometry, modified_on: new Date() })
      .where('tenant_id', '=', this.tenantId)
      .where('task_id', '=', taskId)
      .where('page_number', '=', pageNumber)
      .execute();
  }

  async setPageDocument(taskId: string, pageNumber: number, document: object): Promise<void> {
    await this.db
      .updateTable('task_pages')
      .set({ document: JSON.stringify(document), modified_on: new Date() })
      .where('tenant_id', '=', this.tenantId)
      .where('task_id', '=', taskId)
      .where('page_number', '=', pageNumber)
      .execute();
  }

  media(taskId: string) {
    return this.db
      .selectFrom('task_media')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('task_id', '=', taskId)
      .executeTakeFirst();
  }

  async insertMedia(taskId: string, values: { durationMs: number; info: object; waveformBlobId: string }) {
    await this.db
      .insertInto('task_media')
      .values({
        task_id: taskId,
        tenant_id: this.tenantId,
        duration_ms: values.durationMs,
        info: JSON.stringify(values.info),
        waveform_blob_id: values.waveformBlobId,
      })
      .execute();
  }

  async setTranscript(taskId: string, transcript: object, engine: string): Promise<void> {
    await this.db
      .updateTable('task_media')
      .set({ transcript: JSON.stringify(transcript), engine, modified_on: new Date() })
      .where('tenant_id', '=', this.tenantId)
      .where('task_id', '=', taskId)
      .execute();
  }

  /** Child tasks already made from a split source (a restarted split does not make them twice). */
  async splitChildren(sourceId: string): Promise<TaskRow[]> {
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('split_source_id', '=', sourceId)
      .where(sql<boolean>`status not in (19, 20)`)
      .orderBy('split_first_page')
      .orderBy('offset_start')
      .execute();
  }
}
