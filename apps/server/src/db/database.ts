// Opens the database: a real PostgreSQL server when a URL is given, embedded PGlite otherwise.
// Both speak the same SQL, so the migrations, repositories and tests are shared.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import pg from 'pg';
import * as initial from './migrations/0001_initial.js';
import * as workspaces0003 from './migrations/0003_workspaces.js';
import * as tasks0004 from './migrations/0004_tasks.js';
import * as processing0005 from './migrations/0005_processing.js';
import * as licences0006 from './migrations/0006_licences.js';
import * as exports0008 from './migrations/0008_exports.js';
import * as workers0009 from './migrations/0009_workers.js';
import * as mediaSplit0010 from './migrations/0010_media_split.js';
import * as rateLimits0011 from './migrations/0011_rate_limits.js';
import * as eInvoiceXml0012 from './migrations/0012_einvoice_xml.js';
import * as accountSettings0013 from './migrations/0013_account_settings.js';
import * as importChannels0014 from './migrations/0014_import_channels.js';
import * as textSearch0016 from './migrations/0016_text_search.js';
import * as templates0017 from './migrations/0017_templates.js';
import * as translations0019 from './migrations/0019_translations.js';
import * as taskShares0020 from './migrations/0020_task_shares.js';
import * as summaries0021 from './migrations/0021_summaries.js';
import * as pipelineSettings0022 from './migrations/0022_pipeline_settings.js';
import * as workQueuedSignal0024 from './migrations/0024_work_queued_signal.js';
import * as twoFactor0025 from './migrations/0025_two_factor.js';
import * as segmentRenders0026 from './migrations/0026_segment_renders.js';
import * as pageOcrJson0027 from './migrations/0027_page_ocr_json.js';
import { type Notifications, pgliteNotifications, postgresNotifications } from './notifications.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY on this database (workers wake on new work with it). */
  notifications: Notifications;
  close(): Promise<void>;
}

// Migrations are imported, not read from a folder, so they work the same from source and in tests.
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0003_workspaces': workspaces0003,
  '0004_tasks': tasks0004,
  '0005_processing': processing0005,
  '0006_licences': licences0006,
  '0008_exports': exports0008,
  '0009_workers': workers0009,
  '0010_media_split': mediaSplit0010,
  '0011_rate_limits': rateLimits0011,
  '0012_einvoice_xml': eInvoiceXml0012,
  '0013_account_settings': accountSettings0013,
  '0014_import_channels': importChannels0014,
  '0016_text_search': textSearch0016,
  '0017_templates': templates0017,
  '0019_translations': translations0019,
  '0020_task_shares': taskShares0020,
  '0021_summaries': summaries0021,
  '0022_pipeline_settings': pipelineSettings0022,
  '0024_work_queued_signal': workQueuedSignal0024,
  '0025_two_factor': twoFactor0025,
  '0026_segment_renders': segmentRenders0026,
  '0027_page_ocr_json': pageOcrJson0027,
};
const provider: MigrationProvider = { getMigrations: async () => migrations };

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; omitted = in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * An in-memory embedded database starts from this dump (PGlite's dumpDataDir) instead of an
   * empty cluster: a migrated dump opens in a fraction of the time initdb and the migrations take,
   * which the test suites pay once per file.
   */
  pgliteDump?: Blob | undefined;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  let db: Db;
  let kind: DatabaseHandle['kind'];
  let notifications: Notifications;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    kind = 'postgres';
    notifications = postgresNotifications(options.databaseUrl);
  } else {
    if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
    const client = options.pgliteDir
      ? new PGlite(options.pgliteDir)
      : new PGlite(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {});
    await client.waitReady;
    db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    kind = 'pglite';
    notifications = pgliteNotifications(client, db);
  }
  await migrate(db);
  return { db, kind, notifications, close: () => db.destroy() };
}

export async function migrate(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export function pgliteDirOf(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/** True when the database answers a trivial query (HealthCheck). */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
