import { type Kysely, sql } from 'kysely';

// What the scheduler records about a task it found stuck (Task.lastStuckStatus and its date in the
// contract; the mappers already send these columns when present), and an index for its look-up of
// claims whose lease ran out (only the few claimed rows are indexed).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('last_stuck_status', 'integer')
    .addColumn('last_stuck_status_modified_on', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('tasks_claimed_lease')
    .on('tasks')
    .column('lease_until')
    .where(sql.ref('claimed_by'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tasks_claimed_lease').execute();
  await db.schema
    .alterTable('tasks')
    .dropColumn('last_stuck_status')
    .dropColumn('last_stuck_status_modified_on')
    .execute();
}
