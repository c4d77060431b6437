import { type Kysely, sql } from 'kysely';

// Licences of a tenant and the volume each processed task used (product-spec §3 "License" and
// "Usage item"). Pre-processing refuses a task without a valid licence (PreProcessingLicenseExpired
// 37) or without enough volume left (PreProcessingInsufficientVolume 36); otherwise it takes the
// task's credits off `current_volume` in one conditional UPDATE and writes one usage row.
// Volumes are credits (pages or minutes × the workspace's multiplier), so they may be fractional.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('licences')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    // The licence server's identifier (LicenseRecord.licenseId); TRIAL for trial licences.
    .addColumn('licence_key', 'text', (c) => c.notNull())
    .addColumn('activation_code', 'text')
    .addColumn('is_trial', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('volume', 'double precision', (c) => c.notNull())
    // Volume still available; never below 0 (checked by the UPDATE that spends it and here).
    .addColumn('current_volume', 'double precision', (c) => c.notNull().check(sql`current_volume >= 0`))
    .addColumn('activation_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expiration_date', 'timestamptz')
    .addColumn('store_url', 'text')
    .addColumn('licence_data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('licences_tenant').on('licences').columns(['tenant_id', 'activation_date']).execute();

  await db.schema
    .createTable('license_usage')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('licence_id', 'uuid', (c) => c.notNull().references('licences.id').onDelete('cascade'))
    .addColumn('task_id', 'uuid', (c) => c.references('tasks.id').onDelete('set null'))
    .addColumn('task_type', 'text')
    .addColumn('document_name', 'text')
    .addColumn('total_pages', 'integer')
    .addColumn('credits_spent', 'double precision', (c) => c.notNull())
    // Credits per unit (page or minute) applied.
    .addColumn('credits_cost', 'double precision', (c) => c.notNull())
    .addColumn('credits_mapping_id', 'text')
    // The licence's volumes right after this task took its credits.
    .addColumn('current_volume', 'double precision', (c) => c.notNull())
    .addColumn('total_volume', 'double precision', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('process_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('license_usage_tenant_date')
    .on('license_usage')
    .columns(['tenant_id', 'process_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('license_usage').execute();
  await db.schema.dropTable('licences').execute();
}
