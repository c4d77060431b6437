// The licence rules (domain/licences) as pre-processing uses them: a refusal becomes the
// TaskFailure that moves the task to the refusal's status with its reason.
import type { Db } from '../../db/database.js';
import * as rules from '../../domain/licences/licences.js';
import { TaskFailure } from '../worker/stage.js';

export { type CreditsNeeded, creditsFor, type UsageRecord } from '../../domain/licences/licences.js';

async function asTaskFailure<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof rules.LicenceRefusal) throw new TaskFailure(error.status, error.message, error.payload);
    throw error;
  }
}

/** See domain/licences `checkLicence`; a refusal fails the task. */
export const checkLicence = (db: Db, tenantId: string, needed: rules.CreditsNeeded, now?: Date) =>
  asTaskFailure(rules.checkLicence(db, tenantId, needed, now));

/** See domain/licences `spendCredits`; a refusal fails the task. */
export const spendCredits = (db: Db, tenantId: string, needed: rules.CreditsNeeded, usage: rules.UsageRecord) =>
  asTaskFailure(rules.spendCredits(db, tenantId, needed, usage));
