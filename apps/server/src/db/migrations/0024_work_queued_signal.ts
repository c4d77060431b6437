import { type Kysely, sql } from 'kysely';

// Workers wake on new work instead of polling: whenever a task enters one of the processing
// queues (inserted queued, or its status changed to a queued one), the same transaction sends a
// notification on `reviewdesk_work` whose payload is the queued status. PostgreSQL delivers it
// only when that transaction commits (never on a rollback) and folds identical ones within it, so
// an import of 500 files wakes the listeners once. A trigger, rather than a NOTIFY beside each
// write, so that every path that queues a task (import, reprocessing, a stage's next status, the
// scheduler's requeue) is covered. The statuses are the queues of product-spec §4:
// 30 pre-processing, 40 recognition, 50 post-processing, 90 export.
//
// Uploads get a writer's lease (`writing_by`, `writing_until`): one PATCH at a time writes an upload,
// whichever API replica it reaches; the lease runs out by itself when that replica dies mid-chunk.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('writing_by', 'text')
    .addColumn('writing_until', 'timestamptz')
    .execute();
  await sql`
    create function reviewdesk_notify_work_queued() returns trigger language plpgsql as $$
    begin
      perform pg_notify('reviewdesk_work', new.status::text);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger tasks_work_queued
    after insert or update of status on tasks
    for each row
    when (new.status in (30, 40, 50, 90) and new.deleted_on is null)
    execute function reviewdesk_notify_work_queued()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists tasks_work_queued on tasks`.execute(db);
  await sql`drop function if exists reviewdesk_notify_work_queued()`.execute(db);
  await db.schema.alterTable('uploads').dropColumn('writing_by').dropColumn('writing_until').execute();
}
