import { type Kysely, sql } from 'kysely';

// Templates of labelling-and-training workspaces: the fields people label (template_fields), the
// custom models trained from the labelled tasks, one row per version (custom_models), the audit
// trail of each model (custom_model_events), and where each task of such a workspace stands in
// labelling (tasks.labelling_status: ToClassify 10, ToClassifyWithNewFields 20, Classified 30).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('template_fields')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('category_key', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'uuid')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('template_fields_workspace_key')
    .on('template_fields')
    .columns(['workspace_id', 'category_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('custom_models')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('model_name', 'text', (c) => c.notNull())
    .addColumn('template_type', 'integer', (c) => c.notNull())
    .addColumn('version_number', 'integer', (c) => c.notNull())
    .addColumn('training_status', 'integer', (c) => c.notNull())
    .addColumn('service_name', 'text')
    .addColumn('average_confidence', 'double precision')
    .addColumn('training_duration_minutes', 'double precision')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_reason', 'text')
    .addColumn('task_ids', 'jsonb', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('model', 'jsonb')
    .addColumn('created_by', 'uuid')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status_changed_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('custom_models_workspace_version')
    .on('custom_models')
    .columns(['workspace_id', 'template_type', 'version_number'])
    .unique()
    .execute();

  await db.schema
    .createTable('custom_model_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('model_id', 'uuid', (c) => c.notNull().references('custom_models.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('event_source', 'text')
    // Id of a worker's progress event, so a re-sent event is applied once.
    .addColumn('external_id', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('custom_model_events_external')
    .on('custom_model_events')
    .columns(['model_id', 'external_id'])
    .unique()
    .where(sql.ref('external_id'), 'is not', null)
    .execute();

  await db.schema.alterTable('tasks').addColumn('labelling_status', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('labelling_status').execute();
  await db.schema.dropTable('custom_model_events').execute();
  await db.schema.dropTable('custom_models').execute();
  await db.schema.dropTable('template_fields').execute();
}
