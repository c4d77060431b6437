// Resumable uploads (tus) of a tenant: created, advanced as bytes arrive, removed when ended.
// Reading one and handing it to a task are the task repository's (TasksRepository.upload,
// claimUpload), since a task is made from it.
import { type Insertable, sql } from 'kysely';
import type { Db } from '../database.js';
import type { UploadsTable } from '../schema.js';

export class UploadsRepository {
  constructor(
    private readonly db: Db,
    readonly tenantId: string,
  ) {
    if (!tenantId) throw new Error('Uploads need the tenant id');
  }

  insert(upload: Omit<Insertable<UploadsTable>, 'tenant_id'>) {
    return this.db
      .insertInto('uploads')
      .values({ ...upload, tenant_id: this.tenantId })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Records how many bytes are stored; `completed` when the last one arrived. */
  async recordOffset(id: string, offset: number, completed: boolean): Promise<void> {
    await this.db
      .updateTable('uploads')
      .set({ upload_offset: offset, ...(completed ? { completed_on: new Date() } : {}) })
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', id)
      .execute();
  }

  /**
   * Takes the upload for writing for `ms` (one writer at a time across every API replica); false
   * while another writer's lease runs. The database's clock decides, so replicas need not agree.
   */
  async takeForWriting(id: string, writer: string, ms: number): Promise<boolean> {
    const row = await this.db
      .updateTable('uploads')
      .set({ writing_by: writer, writing_until: sql<Date>`now() + make_interval(secs => ${ms / 1000})` })
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', id)
      .where((eb) => eb.or([eb('writing_until', 'is', null), eb('writing_until', '<', sql<Date>`now()`)]))
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Extends the writer's lease; false when it lost the upload. */
  async renewWriting(id: string, writer: string, ms: number): Promise<boolean> {
    const row = await this.db
      .updateTable('uploads')
      .set({ writing_until: sql<Date>`now() + make_interval(secs => ${ms / 1000})` })
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', id)
      .where('writing_by', '=', writer)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Lets go of the upload (only the writer holding it can). */
  async releaseWriting(id: string, writer: string): Promise<void> {
    await this.db
      .updateTable('uploads')
      .set({ writing_by: null, writing_until: null })
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', id)
      .where('writing_by', '=', writer)
      .execute();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('uploads').where('tenant_id', '=', this.tenantId).where('id', '=', id).execute();
  }
}
