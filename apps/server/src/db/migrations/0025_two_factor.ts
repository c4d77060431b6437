import { type Kysely, sql } from 'kysely';

// Two-factor sign-in (TOTP, RFC 6238). One row per account that began or turned it on: the key,
// sealed with the server's secret box (security/secret-box.ts) since codes are computed from it,
// `enabled_on` null until a first code confirms it, and the last time step a code was accepted for,
// so that a code seen once cannot be played again within its 30 seconds. Recovery codes are kept
// only as SHA-256 hashes (they are long random strings, so a plain hash is enough) and spent once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_two_factor')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('enabled_on', 'timestamptz')
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_on', 'timestamptz')
    .execute();
  await db.schema.createIndex('user_recovery_codes_user').on('user_recovery_codes').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_recovery_codes').execute();
  await db.schema.dropTable('user_two_factor').execute();
}
