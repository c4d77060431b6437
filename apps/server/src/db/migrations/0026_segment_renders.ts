import { type Kysely, sql } from 'kysely';

// Media segments are cut by worker processes, not by the API process that recorded the share: a
// share in Generating is a queued render. A worker claims it with a lease (claimed_by,
// lease_until), as the task workers and the summariser do, so a render whose process stopped is
// taken again once the lease runs out; render_attempts stops a segment that kills its worker
// every time. The scheduler's expiry sweep reads shares by status and date.
//
// export_links: an export kept behind an expiring download link (SdTask/BulkExportLink, 1 to 168
// hours); the scheduler removes the file once the link has expired.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('blob_id', 'uuid', (c) => c.notNull())
    .addColumn('expires_on', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'uuid')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('export_links_expiry').on('export_links').column('expires_on').execute();

  await db.schema
    .alterTable('task_shares')
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('render_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('task_shares_status_expiry')
    .on('task_shares')
    .columns(['share_type', 'share_status', 'expires_on'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_links').execute();
  await db.schema.dropIndex('task_shares_status_expiry').execute();
  await db.schema
    .alterTable('task_shares')
    .dropColumn('claimed_by')
    .dropColumn('lease_until')
    .dropColumn('render_attempts')
    .execute();
}
