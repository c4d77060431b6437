// Exports kept behind expiring download links (migration 0026): recorded when a link is made,
// removed with their file by the scheduler once expired. The removal spans tenants and takes one
// link at a time under a row lock others skip, so schedulers side by side never take the same.
import { sql } from 'kysely';
import type { Executor } from './tenant-repository.js';
import { TenantRepository } from './tenant-repository.js';

export class ExportLinksRepository extends TenantRepository {
  async insert(link: { id: string; blobId: string; expiresOn: Date; createdBy: string | null }): Promise<void> {
    await this.db
      .insertInto('export_links')
      .values({
        id: link.id,
        tenant_id: this.tenantId,
        blob_id: link.blobId,
        expires_on: link.expiresOn,
        created_by: link.createdBy,
      })
      .execute();
  }
}

/**
 * Removes the next link expired by `now` together with its blob row; answers the link's id and the
 * storage key of the file to remove (null when the blob was already gone), or null when none is due.
 */
export async function expireNextExportLink(
  db: Executor,
  now: Date,
): Promise<{ linkId: string; storageKey: string | null } | null> {
  const result = await sql`
    with due as (
      select id, tenant_id, blob_id from export_links
      where expires_on <= ${now}
      order by expires_on, id
      for update skip locked
      limit 1
    ), gone as (
      delete from export_links l using due where l.id = due.id returning l.id, due.tenant_id, due.blob_id
    ), blob as (
      delete from blobs b using gone where b.id = gone.blob_id and b.tenant_id = gone.tenant_id
      returning b.storage_key
    )
    select gone.id as link_id, (select storage_key from blob) as storage_key from gone`.execute(db);
  const row = result.rows[0] as { link_id: string; storage_key: string | null } | undefined;
  return row ? { linkId: row.link_id, storageKey: row.storage_key } : null;
}
