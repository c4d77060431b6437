// License_Activate: a tenant administrator pastes the code the vendor sold; the server checks the
// vendor's signature offline (activation-codes.ts), stores the licence once, and from then on the
// pre-processing of imports takes its credits from it (licences.ts). A bought licence ends the
// tenant's trial, so the credits shown and the credits spent are the bought ones.
import type { KeyObject } from 'node:crypto';
import { LicenseErrorCode } from '../../contract/generated/enums.js';
import type { components } from '../../contract/generated/schema.js';
import type { Db } from '../../db/database.js';
import { LicencesRepository } from '../../db/repositories/licences.js';
import { inTransaction } from '../../db/repositories/tenant-repository.js';
import { ActivationRefusal, readActivationCode } from './activation-codes.js';
import { toLicense } from './licence-views.js';

type ResultOfLicense = components['schemas']['ResultOfLicense'];

const refused = (error: ActivationRefusal): ResultOfLicense => ({
  succeeded: false,
  errors: [{ code: error.code, message: error.message }],
});

/**
 * Activates `code` for the tenant. Refusals are answers, not errors (the contract's result wrapper
 * with a LicenseErrorCode); nothing is stored for them.
 */
export async function activateLicence(
  db: Db,
  tenantId: string,
  code: string,
  vendorKey: KeyObject | undefined,
  now = new Date(),
): Promise<ResultOfLicense> {
  if (!vendorKey) {
    return refused(
      new ActivationRefusal(
        LicenseErrorCode.CustomError,
        'This server has no licence vendor key configured (LICENCE_PUBLIC_KEY), so it cannot check activation codes.',
      ),
    );
  }
  let data: ReturnType<typeof readActivationCode>;
  try {
    data = readActivationCode(code, vendorKey, now);
  } catch (error) {
    if (error instanceof ActivationRefusal) return refused(error);
    throw error;
  }
  if (data.tenantId && data.tenantId !== tenantId.toLowerCase()) {
    return refused(
      new ActivationRefusal(
        LicenseErrorCode.InvalidActivationData,
        'This activation code was issued for another tenant.',
      ),
    );
  }
  const stored = await inTransaction(db, async (trx) => {
    const licences = new LicencesRepository(trx, tenantId);
    const row = await licences.activate({
      id: crypto.randomUUID(),
      licence_key: data.licenseId,
      activation_code: code.trim(),
      volume: data.volume,
      current_volume: data.volume,
      activation_date: now,
      expiration_date: data.expirationDate,
      store_url: data.storeUrl ?? null,
      licence_data: JSON.stringify(data),
    });
    if (row) await licences.endTrials(now);
    return row;
  });
  if (!stored) {
    return refused(
      new ActivationRefusal(LicenseErrorCode.ActivationCodeAlreadyUsed, 'This activation code has already been used.'),
    );
  }
  return { succeeded: true, errors: [], result: toLicense(stored, now) };
}
