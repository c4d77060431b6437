import { type Kysely, sql } from 'kysely';

// Full-text search over every task's text, in PostgreSQL itself (the same SQL on PGlite and on a
// server). A task's text is cut into entries a person can land on — a page's recognised text, the
// field values of a page, a transcript paragraph — each kept with the text-search configuration of
// its language (english, portuguese, german, french, spanish; simple for any other), so a word is
// stemmed the way its language stems it. The tsvector is a generated column: it can never drift
// from the text it was made from. Every indexing run leaves a log entry (Index/logs) and the
// task's index status (product-spec §4: WaitingForFirstIndex 50 … Indexed 400). The home view's
// bookmarks live here too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('index_status', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('index_id', 'text')
    .addColumn('index_service_name', 'text')
    .addColumn('last_indexed_on', 'timestamptz')
    .execute();

  await db.schema
    .createTable('task_text_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull())
    .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    // page | fields | transcript
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('page_number', 'integer')
    .addColumn('start_time_seconds', 'double precision')
    // Order of the entry within its task (paragraph index for transcripts, page order otherwise).
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('speaker_name', 'text')
    .addColumn('config', sql`regconfig`, (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('document', sql`tsvector`, (c) => c.generatedAlwaysAs(sql`to_tsvector(config, body)`).stored())
    .execute();
  await sql`create index task_text_entries_document on task_text_entries using gin (document)`.execute(db);
  await db.schema
    .createIndex('task_text_entries_task')
    .on('task_text_entries')
    .columns(['tenant_id', 'task_id', 'position'])
    .execute();

  await db.schema
    .createTable('index_logs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull())
    .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('index_id', 'text')
    .addColumn('index_service_name', 'text')
    .addColumn('index_status', 'integer', (c) => c.notNull())
    .addColumn('log_message', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('index_logs_task')
    .on('index_logs')
    .columns(['tenant_id', 'task_id', 'created_on'])
    .execute();

  // The pages a person bookmarked (Bookmarks calls), per tenant: the suggestions are the app's
  // routes, numbered in domain/bookmarks.ts; a row is a bookmarked one.
  await db.schema
    .createTable('user_bookmarks')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bookmark_id', 'integer', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_bookmarks_pk', ['tenant_id', 'user_id', 'bookmark_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_bookmarks').execute();
  await db.schema.dropTable('index_logs').execute();
  await db.schema.dropTable('task_text_entries').execute();
  await db.schema
    .alterTable('tasks')
    .dropColumn('index_status')
    .dropColumn('index_id')
    .dropColumn('index_service_name')
    .dropColumn('last_indexed_on')
    .execute();
}
