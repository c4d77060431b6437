// Demo tenants get a trial licence, so the files imported in the demo are processed (the
// pipeline's pre-processing checks the licence).
import type { Db } from '../../db/database.js';
import { LicencesRepository } from '../../db/repositories/licences.js';
import { DEMO_TENANTS, demoId } from '../demo-data.js';
import { TRIAL_LICENCE_KEY } from './licences.js';

/** A generous volume for a year per demo tenant. Idempotent. */
export async function seedDemoLicences(db: Db, now = new Date()): Promise<void> {
  const expires = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
  for (const tenant of DEMO_TENANTS) {
    await new LicencesRepository(db, demoId(`tenant:${tenant.code}`)).insertIfMissing({
      id: demoId(`licence:${tenant.code}`),
      licence_key: TRIAL_LICENCE_KEY,
      is_trial: true,
      volume: 100_000,
      current_volume: 100_000,
      activation_date: now,
      expiration_date: expires,
      activation_code: null,
      store_url: null,
    });
  }
}
