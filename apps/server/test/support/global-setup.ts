// Starts one real PostgreSQL for the whole run (when one can be had) and hands its URL to the tests.
import type { TestProject } from 'vitest/node';
import { type Cluster, findPostgresBin, startThrowawayCluster } from './postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

let cluster: Cluster | undefined;

export async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL || null;
  const bin = url || process.env.TEST_POSTGRES === 'off' ? undefined : findPostgresBin();
  if (bin) {
    cluster = await startThrowawayCluster(bin);
    url = cluster.url;
  }
  project.provide('postgresUrl', url);
}

export async function teardown() {
  await cluster?.stop();
}
