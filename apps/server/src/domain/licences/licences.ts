// Licences of a tenant (product-spec §3 "License", "Usage item"): a task may only be processed
// while the tenant holds a licence that is active and not expired (else PreProcessingLicenseExpired
// 37) with enough volume left (else PreProcessingInsufficientVolume 36). The credits of a task are
// its units (pages, or started minutes of a recording) × the workspace's creditsMultiplierPerUnit
// (1 when the workspace has none). They are taken in one conditional UPDATE, so two workers
// spending the last credits at once cannot both succeed, and each spending writes a usage row.
import type { Db } from '../../db/database.js';
import { LicencesRepository } from '../../db/repositories/licences.js';
import type { LicenceRow } from '../../db/schema.js';
import { TASK_STATUS as S } from '../tasks/flags.js';

/** Trial licences are named TRIAL (product-spec §9). */
export const TRIAL_LICENCE_KEY = 'TRIAL';

export interface CreditsNeeded {
  units: number;
  unitName: 'page' | 'minute';
  creditsPerUnit: number;
  credits: number;
}

/**
 * No licence covers the task. `status` is the failure status of product-spec §4 the task moves
 * to; the pipeline records it with the message.
 */
export class LicenceRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly payload: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'LicenceRefusal';
  }
}

export function creditsFor(units: number, unitName: 'page' | 'minute', multiplier: unknown): CreditsNeeded {
  const creditsPerUnit =
    typeof multiplier === 'number' && Number.isFinite(multiplier) && multiplier >= 0 ? multiplier : 1;
  return { units, unitName, creditsPerUnit, credits: Math.round(units * creditsPerUnit * 1000) / 1000 };
}

const plural = (count: number, unit: string) => `${count.toLocaleString('en-US')} ${unit}${count === 1 ? '' : 's'}`;
const day = (date: Date) => date.toISOString().slice(0, 10);

const isActive = (licence: LicenceRow, now: Date) =>
  new Date(licence.activation_date) <= now &&
  (licence.expiration_date === null || new Date(licence.expiration_date) > now);

/**
 * Refuses the task when no licence covers it. Called before the expensive work (page files,
 * waveform) so a refused task costs nothing; `spendCredits` checks again atomically at the end.
 */
export async function checkLicence(db: Db, tenantId: string, needed: CreditsNeeded, now = new Date()) {
  const all = await new LicencesRepository(db, tenantId).list();
  const active = all.filter((licence) => isActive(licence, now));
  if (active.length === 0) {
    const lastExpired = all
      .map((licence) => licence.expiration_date)
      .filter((date): date is Date => date !== null)
      .sort((a, b) => new Date(b).getTime() - new Date(a).getTime())[0];
    throw new LicenceRefusal(
      S.PreProcessingLicenseExpired,
      lastExpired
        ? `The tenant's licence expired on ${day(new Date(lastExpired))}; activate a new licence to process files.`
        : 'The tenant has no licence; activate a licence to process files.',
    );
  }
  if (!active.some((licence) => licence.current_volume >= needed.credits)) {
    const left = Math.max(...active.map((licence) => licence.current_volume));
    throw new LicenceRefusal(
      S.PreProcessingInsufficientVolume,
      `The file needs ${plural(needed.credits, 'credit')} (${plural(needed.units, needed.unitName)} × ${needed.creditsPerUnit}) but the licence has ${plural(left, 'credit')} left; extend the licence or import a shorter file.`,
      { creditsNeeded: needed.credits, creditsLeft: left },
    );
  }
}

export interface UsageRecord {
  taskId: string;
  taskType: string;
  documentName: string;
  totalPages: number | null;
  status: number;
}

/**
 * Takes the credits off the first active licence that has enough, and records the usage. Runs in
 * the caller's transaction, so the pages of the task and its usage are stored together or not at
 * all. Throws the same refusals as `checkLicence` when another task spent the volume meanwhile.
 */
export async function spendCredits(db: Db, tenantId: string, needed: CreditsNeeded, usage: UsageRecord) {
  const licences = new LicencesRepository(db, tenantId);
  const spent = await licences.spend(needed.credits);
  if (!spent) {
    await checkLicence(db, tenantId, needed);
    throw new LicenceRefusal(S.PreProcessingUnknownLicenseError, 'The licence could not be charged; try again.');
  }
  await licences.recordUsage({
    licenceId: spent.id,
    taskId: usage.taskId,
    taskType: usage.taskType,
    documentName: usage.documentName,
    totalPages: usage.totalPages,
    creditsSpent: needed.credits,
    creditsPerUnit: needed.creditsPerUnit,
    currentVolume: spent.current_volume,
    totalVolume: spent.volume,
    status: usage.status,
  });
  return { licenceId: spent.id, currentVolume: spent.current_volume };
}
