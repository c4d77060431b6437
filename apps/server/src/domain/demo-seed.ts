// The whole demo seeding in one call: the tenants, people, workspaces and batches (demo-data.ts),
// then every member of a tenant joins every workspace of it (workspaces/members.ts). Kept apart
// from both so neither imports the other. Idempotent: only missing rows are added.
import type { Db } from '../db/database.js';
import { seedDemoData } from './demo-data.js';
// A trial licence per demo tenant, so imported demo files are processed (pipeline pre-processing checks it).
import { seedDemoLicences } from './licences/demo-licences.js';
import { seedDemoWorkspaceMembers } from './workspaces/members.js';

export async function seedDemo(db: Db): Promise<void> {
  await seedDemoData(db);
  await seedDemoWorkspaceMembers(db);
  await seedDemoLicences(db);
}
