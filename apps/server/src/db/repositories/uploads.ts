// Resumable uploads (tus) of a tenant: created, advanced as bytes arrive, removed when ended.
// Reading one and handing it to a task are the task repository's (TasksRepository.upload,
// claimUpload), since a task is made from it.
import type { Insertable } from 'kysely';
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

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('uploads').where('tenant_id', '=', this.tenantId).where('id', '=', id).execute();
  }
}
