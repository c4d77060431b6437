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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('licences_activated_once').execute();
}
