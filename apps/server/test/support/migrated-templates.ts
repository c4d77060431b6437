// Every server test file opens a database of its own. Starting each from an empty cluster costs
// PGlite's initdb (1–2 s of WebAssembly) and the migrations every time, over a hundred times a run;
// instead the run migrates once — a PGlite dump and a PostgreSQL template database — and each file
// copies that.
import { readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrate, openDatabase } from '../../src/db/database.js';
import { PGliteDialect } from '../../src/db/pglite-dialect.js';
import type { Database } from '../../src/db/schema.js';
import { createDatabase } from './postgres-cluster.js';

/** The PostgreSQL database the run migrates once; test files are created from it. */
export const POSTGRES_TEMPLATE = 'reviewdesk_migrated_template';

/** Writes a dump of a migrated, empty embedded database to `file`. */
export async function writeMigratedPgliteDump(file: string): Promise<void> {
  const client = new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  await migrate(db);
  const dump = await client.dumpDataDir('none');
  await db.destroy();
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
}

export function readPgliteDump(file: string): Blob {
  return new Blob([readFileSync(file)]);
}

/** Creates and migrates the template database on a PostgreSQL server; false when it cannot. */
export async function createMigratedPostgresTemplate(serverUrl: string): Promise<boolean> {
  try {
    const url = await createDatabase(serverUrl, POSTGRES_TEMPLATE);
    const database = await openDatabase({ databaseUrl: url });
    await database.close();
    return true;
  } catch {
    // A TEST_DATABASE_URL without the right to create databases: files migrate their own.
    return false;
  }
}
