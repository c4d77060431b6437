// Reads and writes of processing results (task_pages, task_media, task_integrations) and their
// blobs, always within one tenant (TenantRepository): a task id of another tenant finds nothing.

import { sql } from 'kysely';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { storeTenantBlob } from '../../storage/store-blob.js';
import type { BlobRow, TaskIntegrationRow, TaskMediaRow, TaskPageRow, WorkspaceRow } from '../schema.js';
import { TenantRepository } from './tenant-repository.js';

export class ResultsScope extends TenantRepository {
  /** Every page of a task in page order. */
  pages(taskId: string): Promise<TaskPageRow[]> {
    return this.rowsOfTask('task_pages', taskId).selectAll().orderBy('page_number').execute();
  }

  page(taskId: string, pageNumber: number): Promise<TaskPageRow | undefined> {
    return this.rowsOfTask('task_pages', taskId).selectAll().where('page_number', '=', pageNumber).executeTakeFirst();
  }

  async pageCount(taskId: string): Promise<number> {
    const row = await this.rowsOfTask('task_pages', taskId)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  media(taskId: string): Promise<TaskMediaRow | undefined> {
    return this.rowsOfTask('task_media', taskId).selectAll().executeTakeFirst();
  }

  /** Integration records of a task, newest first. */
  integrations(taskId: string): Promise<TaskIntegrationRow[]> {
    return this.rowsOfTask('task_integrations', taskId)
      .selectAll()
      .orderBy('created_on', 'desc')
      .orderBy('id')
      .execute();
  }

  /** Records a delivery attempt of a task's result (IntegrationStatus Queued when it starts). */
  async addIntegration(values: {
    id: string;
    taskId: string;
    status: number;
    integrationType: string;
    attempts: number;
    queuedBy: string | null;
    createdOn: Date;
  }): Promise<void> {
    await this.db
      .insertInto('task_integrations')
      .values({
        id: values.id,
        tenant_id: this.tenantId,
        task_id: values.taskId,
        status: values.status,
        integration_type: values.integrationType,
        attempts: values.attempts,
        queued_by: values.queuedBy,
        created_on: values.createdOn,
      })
      .execute();
  }

  /** Closes a delivery attempt with its outcome. */
  async finishIntegration(
    id: string,
    outcome: { status: number; message: string; resultBlobId?: string; finishedOn: Date },
  ): Promise<void> {
    await this.updateRows('task_integrations')
      .set({
        status: outcome.status,
        ...(outcome.resultBlobId === undefined ? {} : { result_blob_id: outcome.resultBlobId }),
        finished_on: outcome.finishedOn,
        message: outcome.message,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Who moved the task to `status` last and when (its newest StatusChanged event to it). */
  newestStatusChangeTo(taskId: string, status: number) {
    return this.rowsOfTask('task_events', taskId)
      .select(['user_id', 'created_on'])
      .where(sql<string>`payload->>'to'`, '=', String(status))
      .orderBy('created_on', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The workspace of a task: its task type and configuration decide what an export may be. */
  workspace(id: string): Promise<WorkspaceRow | undefined> {
    return this.rowById('workspaces', id).selectAll().executeTakeFirst();
  }

  blob(id: string): Promise<BlobRow | undefined> {
    return this.rowById('blobs', id).selectAll().executeTakeFirst();
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
