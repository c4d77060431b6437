import { type Kysely, sql } from 'kysely';

// Summaries of transcript and video tasks and the DocAI assistant's conversations.
// - task_summaries: the latest summary of a task (a new request replaces it), its state
//   (Processing 0 … Uploaded 6, product-spec §4), the style, length and frames asked for, how it was
//   made (extractive, or a language model), the key frames of a video as blobs, and the credits it
//   cost. A summarising worker claims rows in Processing with a lease, as the task workers do.
// - chat_threads / chat_messages: one thread per person and task, its questions and the answers with
//   the passages they cite.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('task_summaries')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull())
    .addColumn('task_id', 'uuid', (c) => c.notNull().unique().references('tasks.id').onDelete('cascade'))
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('summary_style', 'integer', (c) => c.notNull())
    .addColumn('summary_length', 'integer', (c) => c.notNull())
    .addColumn('included_frames', 'integer', (c) => c.notNull())
    .addColumn('method', 'text')
    .addColumn('model_name', 'text')
    .addColumn('summary', 'text')
    .addColumn('disclaimer', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('key_frames', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('credits_spent', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_by', 'uuid')
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('task_summaries_state').on('task_summaries').columns(['state', 'created_on']).execute();

  await db.schema
    .createTable('chat_threads')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull())
    .addColumn('task_id', 'uuid', (c) => c.references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('thread_id', 'uuid', (c) => c.notNull().references('chat_threads.id').onDelete('cascade'))
    .addColumn('role', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('method', 'text')
    .addColumn('references', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chat_messages_thread').on('chat_messages').columns(['thread_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_threads').execute();
  await db.schema.dropTable('task_summaries').execute();
}
