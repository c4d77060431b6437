import { type Kysely, sql } from 'kysely';

// Shares of a task (product-spec §3 "Share record"): a task sent to people by e-mail (shareType
// Task 10) and a media segment rendered for a public page (MediaSegment 20). A share keeps what was
// asked (`input_config`), where its rendered output lives (`output_config`), its status (Generating
// 10, Failed 20, Success 30, Expired 40) and, for segments, when it stops working. `request_id`
// ties a segment share to the render events that report on it. A public segment page is found by
// `access_key`, a random secret of its own, never by the share's id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('task_shares')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull())
    .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('request_id', 'text')
    .addColumn('access_key', 'text', (c) => c.unique())
    .addColumn('share_type', 'integer', (c) => c.notNull())
    .addColumn('share_status', 'integer', (c) => c.notNull())
    .addColumn('input_config', 'jsonb')
    .addColumn('output_config', 'jsonb')
    .addColumn('error_message', 'text')
    .addColumn('expires_on', 'timestamptz')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid')
    .addColumn('modified_on', 'timestamptz')
    .addColumn('modified_by', 'text')
    .execute();
  await db.schema
    .createIndex('task_shares_task')
    .on('task_shares')
    .columns(['tenant_id', 'task_id', 'created_on'])
    .execute();
  await db.schema.createIndex('task_shares_request').on('task_shares').column('request_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_shares').execute();
}
