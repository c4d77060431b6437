// The database side of the processing stages, bound to the task's tenant (TenantRepository): a stage
// can only ever touch rows of the tenant whose task it holds. The files behind the blob rows are
// the stages' own business (pipeline/stages/task-store.ts).
import { type Insertable, sql, type Updateable } from 'kysely';
import type { BatchesTable, TaskRow, TasksTable, WorkspaceRow } from '../schema.js';
import { TasksRepository } from './tasks.js';
import { TenantRepository } from './tenant-repository.js';

export interface NewPage {
  pageNumber: number;
  width: number;
  height: number;
  unit: 'point' | 'pixel';
  rotation: number;
  imageBlobId: string;
}

export class ProcessingRepository extends TenantRepository {
  /** The task repository of the same tenant, on the same connection or transaction. */
  tasks(): TasksRepository {
    return new TasksRepository(this.db, this.tenantId);
  }

  task(id: string): Promise<TaskRow | undefined> {
    return this.rowById('tasks', id).selectAll().executeTakeFirst();
  }

  workspace(id: string): Promise<WorkspaceRow | undefined> {
    return this.rowById('workspaces', id).selectAll().executeTakeFirst();
  }

  /**
   * The workspace and its tenant's code in one query (what a stage reads first: the pipeline a
   * workspace runs depends on both); undefined when the workspace does not exist.
   */
  async workspaceAndTenantCode(id: string): Promise<{ row: WorkspaceRow; tenantCode: string | null } | undefined> {
    const row = await this.rowById('workspaces', id)
      .selectAll('workspaces')
      .select((eb) =>
        eb
          .selectFrom('tenants')
          .select('tenants.code')
          .where('tenants.id', '=', this.tenantId)
          .as('tenant_code_of_row'),
      )
      .executeTakeFirst();
    if (!row) return undefined;
    const { tenant_code_of_row: tenantCode, ...workspace } = row;
    return { row: workspace as WorkspaceRow, tenantCode: tenantCode ?? null };
  }

  /** The blob of the e-invoice XML kept with the task (null: none). */
  async eInvoiceBlobId(taskId: string): Promise<string | null> {
    const row = await this.rowById('tasks', taskId).select('einvoice_blob_id').executeTakeFirst();
    return row?.einvoice_blob_id ?? null;
  }

  async updateTask(id: string, changes: Updateable<TasksTable>): Promise<void> {
    await this.updateRows('tasks').set(changes).where('id', '=', id).execute();
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

  /** A batch of the tenant (the one holding the parts of a split task). */
  async insertBatch(batch: Omit<Insertable<BatchesTable>, 'tenant_id'>): Promise<void> {
    await this.db
      .insertInto('batches')
      .values({ ...batch, tenant_id: this.tenantId })
      .execute();
  }

  // --- blobs ---

  async blobKey(
    blobId: string,
  ): Promise<{ key: string; fileName: string; size: number; contentType: string } | undefined> {
    const row = await this.rowById('blobs', blobId)
      .select(['storage_key', 'file_name', 'size', 'content_type'])
      .executeTakeFirst();
    return row
      ? { key: row.storage_key, fileName: row.file_name, size: Number(row.size), contentType: row.content_type }
      : undefined;
  }

  /** Deletes blob rows; returns the storage keys whose bytes are to go too. */
  async deleteBlobs(blobIds: readonly string[]): Promise<string[]> {
    if (blobIds.length === 0) return [];
    const rows = await this.deleteRows('blobs')
      .where('id', 'in', [...blobIds])
      .returning('storage_key')
      .execute();
    return rows.map((row) => row.storage_key);
  }

  // --- pages and media ---

  pages(taskId: string) {
    return this.rowsOfTask('task_pages', taskId).selectAll().orderBy('page_number').execute();
  }

  /**
   * Forgets what an earlier run of the task produced, in one statement: its pages and media are
   * deleted, its e-invoice XML and translation unset (the task row is left alone when it has
   * neither: a first run writes no new version of it). Returns the ids of the blobs they referred to
   * (the page files, the waveform, the e-invoice XML), whose rows and bytes are the caller's to remove.
   */
  async detachResults(taskId: string): Promise<string[]> {
    const { rows } = await sql<{ blob_id: string | null }>`with
        earlier as (select einvoice_blob_id from tasks where tenant_id = ${this.tenantId} and id = ${taskId}),
        task as (update tasks set einvoice_blob_id = null, translation = null
          where tenant_id = ${this.tenantId} and id = ${taskId}
            and (einvoice_blob_id is not null or translation is not null)),
        pages as (delete from task_pages where tenant_id = ${this.tenantId} and task_id = ${taskId}
          returning image_blob_id as blob_id),
        media as (delete from task_media where tenant_id = ${this.tenantId} and task_id = ${taskId}
          returning waveform_blob_id as blob_id)
      select einvoice_blob_id as blob_id from earlier
      union all select blob_id from pages
      union all select blob_id from media`.execute(this.db);
    return rows.map((row) => row.blob_id).filter((id): id is string => id !== null);
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
    await this.updateRows('task_pages')
      .set({ ocr: JSON.stringify(ocr), ...geometry, modified_on: new Date() })
      .where('task_id', '=', taskId)
      .where('page_number', '=', pageNumber)
      .execute();
  }

  /**
   * The OCR results of many pages in one statement (per page: the stored result, already JSON, and
   * the page's geometry as recognised). Each page's JSON goes to the database as its own parameter,
   * the text the pipeline threads made: the json column keeps it as given, where packing the pages
   * into one jsonb document had the database parse every page into jsonb twice over (the
   * recordset, then the column) on the worker's main thread when the database is embedded.
   */
  async setPagesOcr(
    taskId: string,
    pages: ReadonlyArray<{
      pageNumber: number;
      /** The page's OcrPageResult in its stored form, as JSON text. */
      storedOcr: string;
      width: number;
      height: number;
      unit: string;
      rotation: number;
    }>,
  ): Promise<void> {
    if (pages.length === 0) return;
    // Six parameters a page: 50 pages a window stay far below PostgreSQL's 65535.
    const values = pages.map(
      (page) =>
        sql`(${page.pageNumber}::int, ${page.storedOcr}::json, ${page.width}::real, ${page.height}::real, ${page.unit}::text, ${page.rotation}::int)`,
    );
    await sql`update task_pages as p
      set ocr = v.ocr, width = v.width, height = v.height, unit = v.unit, rotation = v.rotation, modified_on = now()
      from (values ${sql.join(values)}) as v(page_number, ocr, width, height, unit, rotation)
      where p.tenant_id = ${this.tenantId} and p.task_id = ${taskId} and p.page_number = v.page_number`.execute(
      this.db,
    );
  }

  /** The DocumentResult of many pages in one statement (see setPagesOcr). */
  async setPagesDocument(taskId: string, pages: ReadonlyArray<{ pageNumber: number; document: object }>) {
    if (pages.length === 0) return;
    const rows = pages.map((page) => ({ page_number: page.pageNumber, document: page.document }));
    await sql`update task_pages as p
      set document = v.document, modified_on = now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(page_number int, document jsonb)
      where p.tenant_id = ${this.tenantId} and p.task_id = ${taskId} and p.page_number = v.page_number`.execute(
      this.db,
    );
  }

  /**
   * The pages of a task with where their page files are stored, in page order (one query for all).
   * Their recognised words are left out (a 2,000-page task's would be hundreds of megabytes): read
   * them a window at a time with pagesOcr.
   */
  pagesWithFiles(taskId: string) {
    return this.db
      .selectFrom('task_pages as p')
      .leftJoin('blobs as b', (join) =>
        join.onRef('b.id', '=', 'p.image_blob_id').onRef('b.tenant_id', '=', 'p.tenant_id'),
      )
      .select(['p.page_number', 'p.width', 'p.height', 'p.unit', 'p.rotation', 'p.image_blob_id'])
      .select(['b.storage_key', 'b.content_type'])
      .where('p.tenant_id', '=', this.tenantId)
      .where('p.task_id', '=', taskId)
      .orderBy('p.page_number')
      .execute();
  }

  /** The stored OCR of a task's pages first..last (all of them without a range), in page order. */
  pagesOcr(taskId: string, range?: { first: number; last: number }) {
    let query = this.db
      .selectFrom('task_pages')
      .select(['page_number', 'ocr'])
      .where('tenant_id', '=', this.tenantId)
      .where('task_id', '=', taskId);
    if (range) query = query.where('page_number', '>=', range.first).where('page_number', '<=', range.last);
    return query.orderBy('page_number').execute();
  }

  /**
   * The stored OCR of a task's pages first..last as the JSON text it was written as (no parse on
   * this thread: the pipeline's threads read it), in page order; null for a page not recognised.
   */
  pagesOcrText(taskId: string, range: { first: number; last: number }) {
    return this.db
      .selectFrom('task_pages')
      .select(['page_number', sql<string | null>`ocr::text`.as('ocr')])
      .where('tenant_id', '=', this.tenantId)
      .where('task_id', '=', taskId)
      .where('page_number', '>=', range.first)
      .where('page_number', '<=', range.last)
      .orderBy('page_number')
      .execute();
  }

  /** The page's text in the target language of a Translation task. */
  async setPageTranslation(taskId: string, pageNumber: number, text: string): Promise<void> {
    await this.updateRows('task_pages')
      .set({ translated_text: text, modified_on: new Date() })
      .where('task_id', '=', taskId)
      .where('page_number', '=', pageNumber)
      .execute();
  }

  async setPageDocument(taskId: string, pageNumber: number, document: object): Promise<void> {
    await this.updateRows('task_pages')
      .set({ document: JSON.stringify(document), modified_on: new Date() })
      .where('task_id', '=', taskId)
      .where('page_number', '=', pageNumber)
      .execute();
  }

  media(taskId: string) {
    return this.rowsOfTask('task_media', taskId).selectAll().executeTakeFirst();
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
    await this.updateRows('task_media')
      .set({ transcript: JSON.stringify(transcript), engine, modified_on: new Date() })
      .where('task_id', '=', taskId)
      .execute();
  }

  /** Child tasks already made from a split source (a restarted split does not make them twice). */
  async splitChildren(sourceId: string): Promise<TaskRow[]> {
    return this.rows('tasks')
      .selectAll()
      .where('split_source_id', '=', sourceId)
      .where(sql<boolean>`status not in (19, 20)`)
      .orderBy('split_first_page')
      .orderBy('offset_start')
      .execute();
  }
}
