// Starts one real PostgreSQL for the whole run (when one can be had) and hands its URL to the tests,
// and builds the folder monitor the server offers for download once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildFolderMonitor } from './folder-monitor-build.js';
import { createMigratedPostgresTemplate, POSTGRES_TEMPLATE, writeMigratedPgliteDump } from './migrated-templates.js';
import { type Cluster, findPostgresBin, startThrowawayCluster } from './postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
    /** The PostgreSQL template database migrated for this run (null: each file migrates its own). */
    postgresTemplate: string | null;
    /** A dump of a migrated embedded database (see migrated-templates.ts). */
    pgliteDumpFile: string;
    /** The folder monitor built for this run (what `pnpm run build` leaves in tools/folder-monitor/dist). */
    folderMonitorFile: string;
  }
}

let built: string | undefined;

let cluster: Cluster | undefined;

export async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL || null;
  const bin = url || process.env.TEST_POSTGRES === 'off' ? undefined : findPostgresBin();
  if (bin) {
    cluster = await startThrowawayCluster(bin);
    url = cluster.url;
  }
  project.provide('postgresUrl', url);
  project.provide('postgresTemplate', url && (await createMigratedPostgresTemplate(url)) ? POSTGRES_TEMPLATE : null);
  built = mkdtempSync(join(tmpdir(), 'reviewdesk-folder-monitor-'));
  const pgliteDumpFile = join(built, 'migrated-pglite.tar');
  await writeMigratedPgliteDump(pgliteDumpFile);
  project.provide('pgliteDumpFile', pgliteDumpFile);
  const folderMonitorFile = join(built, 'folder-monitor.mjs');
  buildFolderMonitor(folderMonitorFile);
  project.provide('folderMonitorFile', folderMonitorFile);
}

export async function teardown() {
  await cluster?.stop();
  if (built) rmSync(built, { recursive: true, force: true });
}
