import { type Kysely, sql } from 'kysely';

// Processing results and the worker's claim on a task. The task status is the queue: a worker
// claims a row with `FOR UPDATE SKIP LOCKED`, stamps `claimed_by` and a lease, and renews the lease
// while it works; a task whose lease ran out belongs to a worker that died and is requeued.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('status_changed_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'timestamptz')
    // pdf | image | audio | video, from the file's bytes (pre-processing)
    .addColumn('file_kind', 'text')
    .addColumn('media_duration_ms', 'integer')
    // Increases with every saved review change (Document/SaveDocumentChanges, SaveTranscriptChanges).
    .addColumn('document_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('average_confidence', 'real')
    .addColumn('credits_spent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('processing_started_on', 'timestamptz')
    .addColumn('processing_finished_on', 'timestamptz')
    // A part of a split task: its source and the source's pages it covers (1-based, inclusive).
    .addColumn('split_source_id', 'uuid', (c) => c.references('tasks.id').onDelete('set null'))
    .addColumn('split_first_page', 'integer')
    .addColumn('split_last_page', 'integer')
    .execute();
  await db.schema.createIndex('tasks_status_queue').on('tasks').columns(['status', 'priority', 'created_on']).execute();

  // One row per page of a document task: its rendered image, its OCR layer and its document result.
  await db.schema
    .createTable('task_pages')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('page_number', 'integer', (c) => c.notNull())
    .addColumn('width', 'real', (c) => c.notNull())
    .addColumn('height', 'real', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('rotation', 'integer', (c) => c.notNull().defaultTo(0))
    // The page as Document/PageDocument serves it: a one-page PDF (PDF sources) or an image.
    .addColumn('image_blob_id', 'uuid', (c) => c.references('blobs.id').onDelete('set null'))
    // DocumentResult of the page (entities, tables) as the contract shapes it.
    .addColumn('document', 'jsonb', (c) => c.notNull())
    // OcrPageResult of the page, null until recognised.
    .addColumn('ocr', 'jsonb')
    // Per-page save version: the viewer sends the version it edited; a stale one is a conflict.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('modified_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('modified_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('task_pages_pk', ['task_id', 'page_number'])
    .execute();
  await db.schema.createIndex('task_pages_tenant').on('task_pages').columns(['tenant_id', 'task_id']).execute();

  // The media side of an audio or video task: waveform peaks and the transcript.
  await db.schema
    .createTable('task_media')
    .addColumn('task_id', 'uuid', (c) => c.primaryKey().references('tasks.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('info', 'jsonb', (c) => c.notNull())
    .addColumn('waveform_blob_id', 'uuid', (c) => c.references('blobs.id').onDelete('set null'))
    // Transcript of the contract (items, speakers), null until recognised.
    .addColumn('transcript', 'jsonb')
    .addColumn('engine', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('modified_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('modified_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('task_media_tenant').on('task_media').columns(['tenant_id', 'task_id']).execute();

  // Delivery of a reviewed result to the workspace's integration (IntegrationStatus: Never 1, Queued 2, Successful 3, Failed 4).
  await db.schema
    .createTable('task_integrations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('integration_type', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('result_blob_id', 'uuid', (c) => c.references('blobs.id').onDelete('set null'))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_on', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('task_integrations_tenant_task')
    .on('task_integrations')
    .columns(['tenant_id', 'task_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_integrations').execute();
  await db.schema.dropTable('task_media').execute();
  await db.schema.dropTable('task_pages').execute();
  await db.schema.dropIndex('tasks_status_queue').execute();
  for (const column of [
    'status_changed_on',
    'claimed_by',
    'lease_until',
    'file_kind',
    'media_duration_ms',
    'document_version',
    'average_confidence',
    'credits_spent',
    'last_error',
    'processing_started_on',
    'processing_finished_on',
    'split_source_id',
    'split_first_page',
    'split_last_page',
  ]) {
    await db.schema.alterTable('tasks').dropColumn(column).execute();
  }
}
