import { type Kysely, sql } from 'kysely';

// Import channels.
//
// storage_connections: a tenant's connections to file-sharing sites (SharePoint through Microsoft
// Graph, or WebDAV), which workspaces' storage refers to by `name`. The client secret is stored
// encrypted (AES-256-GCM, security/secret-box.ts) and is never returned.
//
// mail_imports: mail received at a workspace's import address: who sent it, its subject and body (the context
// of the tasks made from its attachments), the tasks, and the raw message kept in storage until it
// expires (31 days, product-spec §9). When it expires the bytes go and the row stays as the record.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('storage_connections')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('secret_ciphertext', 'text', (c) => c.notNull())
    .addColumn('hostname', 'text', (c) => c.notNull())
    .addColumn('default_site', 'text')
    .addColumn('drive_id', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('storage_connections_tenant_name', ['tenant_id', 'name'])
    .execute();
  await db.schema
    .createTable('mail_imports')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('message_id', 'text')
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('sender_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('task_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('storage_key', 'text')
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('received_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_on', 'timestamptz', (c) => c.notNull())
    .addColumn('expired_on', 'timestamptz')
    .execute();
  // The scheduler looks only for messages whose bytes are still stored.
  await db.schema
    .createIndex('mail_imports_expiry')
    .on('mail_imports')
    .column('expires_on')
    .where(sql.ref('storage_key'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('mail_imports_tenant_workspace')
    .on('mail_imports')
    .columns(['tenant_id', 'workspace_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_imports').execute();
  await db.schema.dropTable('storage_connections').execute();
}
