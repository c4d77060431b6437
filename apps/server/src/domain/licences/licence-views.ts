// What the licence calls answer (product-spec §3 "License", "Usage item"): the tenant's licence in
// force, the licences it ever held and the credits each processed task took, the lists one
// continuation page at a time.
import { createHash } from 'node:crypto';
import type { components } from '../../contract/generated/schema.js';
import type { Db } from '../../db/database.js';
import { LicencesRepository } from '../../db/repositories/licences.js';
import type { LicenceRow, LicenseUsageRow } from '../../db/schema.js';
import { continueFrom, signToken } from '../continuation-tokens.js';
import { invalid, notFound } from '../errors.js';

type License = components['schemas']['License'];
type LicenseRecord = components['schemas']['LicenseRecord'];
type LicenseUsageItem = components['schemas']['LicenseUsageItem'];
type VolumeHistoryRequest = components['schemas']['LicenseVolumeHistoryRequest'];

const HISTORY_PAGE_SIZE = 50;
const USAGE_PAGE_SIZE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());
const isExpired = (row: LicenceRow, now: Date) =>
  row.expiration_date !== null && new Date(row.expiration_date).getTime() <= now.getTime();
const isRunning = (row: LicenceRow, now: Date) => new Date(row.activation_date) <= now && !isExpired(row, now);

export function toLicense(row: LicenceRow, now = new Date()): License {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    isTrial: row.is_trial,
    volume: row.volume,
    currentVolume: row.current_volume,
    expired: isExpired(row, now),
    activationDate: iso(row.activation_date),
    expirationDate: iso(row.expiration_date),
    storeUrl: row.store_url,
  };
}

function toLicenseRecord(row: LicenceRow, now: Date): LicenseRecord {
  const data = row.licence_data && Object.keys(row.licence_data).length > 0 ? JSON.stringify(row.licence_data) : null;
  return { ...toLicense(row, now), licenseId: row.licence_key, activationCode: row.activation_code, licenseData: data };
}

function toUsageItem(row: LicenseUsageRow): LicenseUsageItem {
  return {
    licenseId: row.licence_id,
    taskType: row.task_type as LicenseUsageItem['taskType'],
    currentVolume: row.current_volume,
    totalVolume: row.total_volume,
    totalPages: row.total_pages,
    creditsSpent: row.credits_spent,
    creditsCost: row.credits_cost,
    creditsMappingId: row.credits_mapping_id,
    status: row.status as LicenseUsageItem['status'],
    documentName: row.document_name,
    processDate: new Date(row.process_date).toISOString(),
  };
}

/**
 * License_Get: the licence imports draw from now (running, soonest to end, with credits left — the
 * order spending follows), else a running one without credits, else the one that ended last.
 */
export async function currentLicence(db: Db, tenantId: string, now = new Date()): Promise<License> {
  const all = await new LicencesRepository(db, tenantId).list();
  const running = all.filter((row) => isRunning(row, now));
  const ended = all
    .filter((row) => isExpired(row, now))
    .sort((a, b) => new Date(b.expiration_date ?? 0).getTime() - new Date(a.expiration_date ?? 0).getTime());
  const current = running.find((row) => row.current_volume > 0) ?? running[0] ?? ended[0];
  if (!current) throw notFound('This tenant has no licence yet; activate one with an activation code.');
  return toLicense(current, now);
}

/** The tenant's own scope for a list's tokens: a token of one list or tenant continues no other. */
const scopeOf = (...parts: unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);

/** License_GetLicenseHistory: every licence the tenant held, newest activation first. */
export async function licenceHistory(db: Db, tenantId: string, token: string | null | undefined, now = new Date()) {
  const scope = scopeOf(tenantId, 'licence-history');
  const after = await continueFrom(db, token, scope, 2);
  const rows = await new LicencesRepository(db, tenantId).historyPage(after, HISTORY_PAGE_SIZE + 1);
  return page(db, scope, rows, HISTORY_PAGE_SIZE, (row) => toLicenseRecord(row, now));
}

/** License_GetLicenseVolumeHistory: the credits each processed task took, newest first. */
export async function usageHistory(
  db: Db,
  tenantId: string,
  request: VolumeHistoryRequest,
  token: string | null | undefined,
) {
  const from = request.fromDate ? new Date(request.fromDate) : undefined;
  const to = request.toDate ? new Date(request.toDate) : undefined;
  if (from && to && from > to) throw invalid('fromDate must not be after toDate.');
  const licenceId = request.licenseId ?? undefined;
  if (licenceId !== undefined && !UUID.test(licenceId)) {
    throw invalid('licenseId must be the id of one of the tenant’s licences.');
  }
  const size = request.pageSize ?? USAGE_PAGE_SIZE;
  const filter = { from, to, licenceId: licenceId?.toLowerCase() };
  const scope = scopeOf(tenantId, 'licence-usage', from?.toISOString(), to?.toISOString(), filter.licenceId);
  const after = await continueFrom(db, token, scope, 2);
  const rows = await new LicencesRepository(db, tenantId).usagePage(filter, after, size + 1);
  return page(db, scope, rows, size, toUsageItem);
}

/** One page of `size` rows out of `size + 1` read, and the token of the next when there is one. */
async function page<Row extends { keyset: string[] }, Item>(
  db: Db,
  scope: string,
  rows: Row[],
  size: number,
  toItem: (row: Row) => Item,
) {
  const items = rows.slice(0, size);
  const last = items[items.length - 1];
  const continuationToken = rows.length > size && last ? await signToken(db, { scope, after: last.keyset }) : null;
  return { items: items.map(toItem), continuationToken };
}
