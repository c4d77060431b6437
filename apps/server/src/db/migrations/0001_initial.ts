import { type Kysely, sql } from 'kysely';

// Foundation tables: tenancy, accounts, roles, workspaces, batches, tasks and the provider's state.
// Every tenant-scoped table carries tenant_id and an index that starts with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('invitation_blocked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('order', 'integer', (c) => c.notNull())
    .addColumn('tenant_selectable', 'boolean', (c) => c.notNull())
    .addColumn('hidden', 'boolean', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('contact', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('email_confirmed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('failed_sign_ins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('current_tenant_id', 'uuid', (c) => c.references('tenants.id').onDelete('set null'))
    .addColumn('profile_picture', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_lower on users (lower(email))`.execute(db);

  await db.schema
    .createTable('tenant_memberships')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'uuid', (c) => c.notNull().references('roles.id'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('impersonate_role_id', 'uuid', (c) => c.references('roles.id'))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_owner', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('joined_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('tenant_memberships_pk', ['tenant_id', 'user_id'])
    .execute();
  await db.schema.createIndex('tenant_memberships_user').on('tenant_memberships').column('user_id').execute();

  await db.schema
    .createTable('ability_blacklist')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('ability', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ability_blacklist_pk', ['tenant_id', 'ability'])
    .execute();

  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('task_type', 'text', (c) => c.notNull())
    .addColumn('workspace_type', 'integer', (c) => c.notNull())
    .addColumn('template_type', 'integer', (c) => c.notNull())
    .addColumn('languages', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('configuration', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('soft_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('workspaces_tenant').on('workspaces').columns(['tenant_id', 'id']).execute();

  await db.schema
    .createTable('batches')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('is_open', 'boolean', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('batch_type', 'integer', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('batches_tenant_workspace')
    .on('batches')
    .columns(['tenant_id', 'workspace_id'])
    .execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('batch_id', 'uuid', (c) => c.references('batches.id').onDelete('set null'))
    .addColumn('sequential_by_workspace_id', 'integer', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('external_id', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('total_pages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('restart_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tasks_sequence', ['workspace_id', 'sequential_by_workspace_id'])
    .execute();
  await db.schema
    .createIndex('tasks_tenant_workspace_status')
    .on('tasks')
    .columns(['tenant_id', 'workspace_id', 'status'])
    .execute();

  await db.schema
    .createTable('task_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('task_events_tenant_task')
    .on('task_events')
    .columns(['tenant_id', 'task_id', 'id'])
    .execute();

  await db.schema
    .createTable('api_secrets')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .addColumn('expiration', 'timestamptz')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_payloads_grant').on('oidc_payloads').column('grant_id').execute();
  await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'account_tokens',
    'server_secrets',
    'oidc_payloads',
    'api_secrets',
    'task_events',
    'tasks',
    'batches',
    'workspaces',
    'ability_blacklist',
    'tenant_memberships',
    'users',
    'roles',
    'tenants',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
