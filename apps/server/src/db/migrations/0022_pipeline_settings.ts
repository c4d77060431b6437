import { type Kysely, sql } from 'kysely';

// Queue redirects of pipeline steps: while a row exists, the tasks of that workspace waiting for
// the stage that runs the step are claimed only by workers reading `queue_name` (WORKER_QUEUES).
// `queued_status` is the stage's waiting status, so a claim filters by the task's own status.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('step_queue_redirects')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('pipeline_id', 'uuid', (c) => c.notNull())
    .addColumn('step_id', 'text', (c) => c.notNull())
    .addColumn('queued_status', 'integer', (c) => c.notNull())
    .addColumn('queue_name', 'text', (c) => c.notNull())
    .addColumn('modified_by', 'uuid')
    .addColumn('modified_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('step_queue_redirects_pk', ['workspace_id', 'step_id'])
    .execute();
  await db.schema
    .createIndex('step_queue_redirects_claim')
    .on('step_queue_redirects')
    .columns(['workspace_id', 'queued_status'])
    .execute();
  await db.schema
    .createIndex('step_queue_redirects_pipeline')
    .on('step_queue_redirects')
    .columns(['tenant_id', 'pipeline_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('step_queue_redirects').execute();
}
