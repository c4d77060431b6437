// Reads and writes of processing results (task_pages, task_media, task_integrations) and their
// blobs, always within one tenant: the scope cannot be built without the caller's tenant id and
// every query filters on it, so a task id of another tenant finds nothing.

import type { Db } from '../../db/database.js';
import type { BlobRow, TaskIntegrationRow, TaskMediaRow, TaskPageRow } from '../../db/schema.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { storeTenantBlob } from '../../storage/store-blob.js';

export class ResultsScope {
  constructor(
    private readonly db: Db,
    readonly tenantId: string,
  ) {
    if (!tenantId) throw new Error('A results scope needs the tenant id');
  }

  /** Every page of a task in page order. */
  pages(taskId: string): Promise<TaskPageRow[]> {
    return this.db
      .selectFrom('task_pages')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('task_id', '=', taskId)
      .orderBy('page_number')
      .execute();
  }

  page(taskId: string, pageNumber: number): Promise<TaskPageRow | undefined> {
    return this.db
      .selectFrom('task_pages')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('task_id', '=', taskId)
      .where('page_number', '=', pageNumber)
      .executeTakeFirst();
  }

  async pageCount(taskId: string): Promise<number> {
    const row = await this.db
      .selectFrom('task_pages')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenant_id', '=', this.tenantId)
      .where('task_id', '=', taskId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  media(taskId: string): Promise<TaskMediaRow | undefined> {
    return this.db
      .selectFrom('task_media')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('task_id', '=', taskId)
      .executeTakeFirst();
  }

  /** Integration records of a task, newest first. */
  integrations(taskId: string): Promise<TaskIntegrationRow[]> {
    return this.db
      .selectFrom('task_integrations')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('task_id', '=', taskId)
      .orderBy('created_on', 'desc')
      .orderBy('id')
      .execute();
  }

  blob(id: string): Promise<BlobRow | undefined> {
    return this.db
      .selectFrom('blobs')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Stores bytes as a new blob of the tenant and returns its id. */
  storeBlob(
    storage: BlobStorage,
    file: { fileName: string; contentType: string; bytes: Uint8Array },
    createdBy: string | null,
  ): Promise<string> {
    return storeTenantBlob(this.db, storage, this.tenantId, { ...file, createdBy });
  }
}
