import { type Kysely, sql } from 'kysely';

// What an administrator and each user set up for themselves: activated licences, and the settings
// of accounts and workspaces that the account, licence and notification calls keep.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A vendor's licence activates once, in one tenant: the unique index is what makes a second
  // activation of the same code fail even when two arrive at the same moment. Trial licences all
  // carry the name TRIAL and are left out.
  await db.schema
    .createIndex('licences_activated_once')
    .on('licences')
    .column('licence_key')
    .unique()
    .where(sql.ref('is_trial'), '=', false)
    .execute();

  // The guided tours the user has seen (UserTips), one flag per tour; and the language the user
  // last signed in with, which the mail sent to them (notifications) is written in.
  await db.schema
    .alterTable('users')
    .addColumn('tours_seen', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('language', 'text')
    .execute();

  // Sign-ins through an external identity provider linked to the account (ExternalLogin). The
  // account keeps at least one way in: a password or another login (User/RemoveLogin checks).
  await db.schema
    .createTable('user_external_logins')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('login_provider', 'text', (c) => c.notNull())
    .addColumn('provider_key', 'text', (c) => c.notNull())
    .addColumn('provider_display_name', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_external_logins_pk', ['login_provider', 'provider_key'])
    .execute();
  await db.schema.createIndex('user_external_logins_user').on('user_external_logins').column('user_id').execute();

  // Who a workspace notifies of its tasks (NotificationConfig): per event, per channel, the creator,
  // the reviewers and further addresses; `language` is that of mail to addresses without an account.
  await db.schema
    .createTable('workspace_notification_configs')
    .addColumn('workspace_id', 'uuid', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('events', 'jsonb', (c) => c.notNull())
    .addColumn('modified_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('modified_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Status changes from before the workspace was configured notify nobody.
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The notifications owed for status changes. The status change itself is the trigger (its task
  // event commits with it, so a rolled-back change notifies nobody); a row here, keyed by that event,
  // is claimed by one process only and says whether and when the mail went out.
  await db.schema
    .createTable('notification_deliveries')
    .addColumn('event_id', 'bigint', (c) => c.primaryKey().references('task_events.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('event', 'integer', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_on', 'timestamptz')
    .addColumn('recipients', 'integer')
    .addColumn('last_error', 'text')
    .execute();
  await sql`create index notification_deliveries_due on notification_deliveries (next_attempt_at) where sent_on is null`.execute(
    db,
  );
  // The status changes the notifier looks through (every event that records one carries its
  // `from` and `to` statuses), by time.
  await sql`create index task_events_status_changes on task_events (created_on) where payload ? 'to'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index task_events_status_changes`.execute(db);
  await db.schema.dropTable('notification_deliveries').execute();
  await db.schema.dropTable('workspace_notification_configs').execute();
  await db.schema.dropTable('user_external_logins').execute();
  await db.schema.alterTable('users').dropColumn('tours_seen').dropColumn('language').execute();
  await db.schema.dropIndex('licences_activated_once').execute();
}
