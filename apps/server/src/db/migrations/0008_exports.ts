import { type Kysely, sql } from 'kysely';

// Who queued a task's delivery (IntegrationRecord.queuedBy / queuedByUserName): the person whose
// finished review sent the task to QueuedForExport. 0005 keeps the record without it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table task_integrations add column if not exists queued_by uuid references users(id) on delete set null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('task_integrations').dropColumn('queued_by').execute();
}
