// Licences of a tenant (product-spec §3 "License", "Usage item"): a task may only be processed
// while the tenant holds a licence that is active and not expired (else PreProcessingLicenseExpired
// 37) with enough volume left (else PreProcessingInsufficientVolume 36). The credits of a task are
// its units (pages, or started minutes of a recording) × the workspace's creditsMultiplierPerUnit
// (1 when the workspace has none). They are taken in one conditional UPDATE, so two workers
// spending the last credits at once cannot both succeed, and each spending writes a usage row.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { LicenceRow } from '../../db/schema.js';
import { DEMO_TENANTS, demoId } from '../../domain/demo-data.js';
import { TASK_STATUS as S } from '../../domain/tasks/flags.js';
import { TaskFailure } from '../worker/stage.js';

/** Trial licences are named TRIAL (product-spec §9). */
export const TRIAL_LICENCE_KEY = 'TRIAL';

export interface CreditsNeeded {
  units: number;
  unitName: 'page' | 'minute';
  creditsPerUnit: number;
  credits: number;
}

export function creditsFor(units: number, unitName: 'page' | 'minute', multiplier: unknown): CreditsNeeded {
  const creditsPerUnit =
    typeof multiplier === 'number' && Number.isFinite(multiplier) && multiplier >= 0 ? multiplier : 1;
  return { units, unitName, creditsPerUnit, credits: Math.round(units * creditsPerUnit * 1000) / 1000 };
}

const plural = (count: number, unit: string) => `${count.toLocaleString('en-US')} ${unit}${count === 1 ? '' : 's'}`;
const day = (date: Date) => date.toISOString().slice(0, 10);

function licences(db: Db, tenantId: string): Promise<LicenceRow[]> {
  return db
    .selectFrom('licences')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('expiration_date', 'asc')
    .orderBy('activation_date', 'asc')
    .execute();
}

const isActive = (licence: LicenceRow, now: Date) =>
  new Date(licence.activation_date) <= now &&
  (licence.expiration_date === null || new Date(licence.expiration_date) > now);

/**
 * Refuses the task when no licence covers it. Called before the expensive work (page files,
 * waveform) so a refused task costs nothing; `spendCredits` checks again atomically at the end.
 */
export async function checkLicence(db: Db, tenantId: string, needed: CreditsNeeded, now = new Date()) {
  const all = await licences(db, tenantId);
  const active = all.filter((licence) => isActive(licence, now));
  if (active.length === 0) {
    const lastExpired = all
      .map((licence) => licence.expiration_date)
      .filter((date): date is Date => date !== null)
      .sort((a, b) => new Date(b).getTime() - new Date(a).getTime())[0];
    throw new TaskFailure(
      S.PreProcessingLicenseExpired,
      lastExpired
        ? `The tenant's licence expired on ${day(new Date(lastExpired))}; activate a new licence to process files.`
        : 'The tenant has no licence; activate a licence to process files.',
    );
  }
  if (!active.some((licence) => licence.current_volume >= needed.credits)) {
    const left = Math.max(...active.map((licence) => licence.current_volume));
    throw new TaskFailure(
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
 * all. Throws the same TaskFailures as `checkLicence` when another task spent the volume meanwhile.
 */
export async function spendCredits(db: Db, tenantId: string, needed: CreditsNeeded, usage: UsageRecord) {
  const spent = await db
    .updateTable('licences')
    .set({ current_volume: sql`current_volume - ${needed.credits}` })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('licences')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('current_volume', '>=', needed.credits)
        .where('activation_date', '<=', sql<Date>`now()`)
        .where((w) => w.or([w('expiration_date', 'is', null), w('expiration_date', '>', sql<Date>`now()`)]))
        .orderBy('expiration_date', 'asc')
        .limit(1),
    )
    .where('tenant_id', '=', tenantId)
    .where('current_volume', '>=', needed.credits)
    .returning(['id', 'current_volume', 'volume'])
    .executeTakeFirst();
  if (!spent) {
    await checkLicence(db, tenantId, needed);
    throw new TaskFailure(S.PreProcessingUnknownLicenseError, 'The licence could not be charged; try again.');
  }
  await db
    .insertInto('license_usage')
    .values({
      id: randomUUID(),
      tenant_id: tenantId,
      licence_id: spent.id,
      task_id: usage.taskId,
      task_type: usage.taskType,
      document_name: usage.documentName,
      total_pages: usage.totalPages,
      credits_spent: needed.credits,
      credits_cost: needed.creditsPerUnit,
      credits_mapping_id: null,
      current_volume: spent.current_volume,
      total_volume: spent.volume,
      status: usage.status,
    })
    .execute();
  return { licenceId: spent.id, currentVolume: spent.current_volume };
}

/** Demo tenants get a trial licence with a generous volume for a year, so the demo processes files. */
export async function seedDemoLicences(db: Db, now = new Date()): Promise<void> {
  const expires = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
  for (const tenant of DEMO_TENANTS) {
    await db
      .insertInto('licences')
      .values({
        id: demoId(`licence:${tenant.code}`),
        tenant_id: demoId(`tenant:${tenant.code}`),
        licence_key: TRIAL_LICENCE_KEY,
        is_trial: true,
        volume: 100_000,
        current_volume: 100_000,
        activation_date: now,
        expiration_date: expires,
        activation_code: null,
        store_url: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
