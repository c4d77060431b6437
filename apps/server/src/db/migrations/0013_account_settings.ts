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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_external_logins').execute();
  await db.schema.alterTable('users').dropColumn('tours_seen').dropColumn('language').execute();
  await db.schema.dropIndex('licences_activated_once').execute();
}
