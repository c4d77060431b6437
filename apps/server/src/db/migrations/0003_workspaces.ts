import { type Kysely, sql } from 'kysely';

// Workspace membership and default assignments. Everything else a workspace holds (fields,
// advanced settings, predefined texts, languages, hooks …) lives in `workspaces.configuration`,
// which the domain module src/domain/workspaces/configuration.ts reads with its defaults.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Who may work in a workspace. Super-users (Developer, Administrator) reach every workspace of
  // their tenant without a row; everybody else needs an active row here.
  await db.schema
    .createTable('workspace_members')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('added_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('joined_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('workspace_members_tenant_user')
    .on('workspace_members')
    .columns(['tenant_id', 'user_id'])
    .execute();

  // Default assignment of new tasks (SdWorkspace/DefaultAssignments): one row per workspace at most.
  await db.schema
    .createTable('workspace_default_assignments')
    .addColumn('workspace_id', 'uuid', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('is_enabled', 'boolean', (c) => c.notNull())
    .addColumn('order_type', 'integer', (c) => c.notNull())
    .addColumn('user_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('modified_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('modified_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('workspace_default_assignments_tenant')
    .on('workspace_default_assignments')
    .columns(['tenant_id', 'workspace_id'])
    .execute();

  // Before this migration every member of a tenant reached every workspace of it: keep that for
  // existing databases (a fresh database has no rows yet; the demo seeding adds its own).
  await sql`
    insert into workspace_members (tenant_id, workspace_id, user_id, status)
    select w.tenant_id, w.id, m.user_id, 10
    from workspaces w join tenant_memberships m on m.tenant_id = w.tenant_id
    on conflict do nothing
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workspace_default_assignments').execute();
  await db.schema.dropTable('workspace_members').execute();
}
