// Activation codes: the licence data a vendor sells, signed so that a server can check them offline.
// A code is `RDL1.<data>.<signature>` — the licence data as JSON in base64url, and the vendor's
// Ed25519 signature of `RDL1.<data>` (the prefix is signed too, so a signature cannot be replayed
// under another format). What a code may be refused for follows LicenseErrorCode of the contract.
import { type KeyObject, sign, verify } from 'node:crypto';
import { LicenseErrorCode } from '../../contract/generated/enums.js';

const PREFIX = 'RDL1';
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Longer than any real code; keeps a pasted file from being decoded. */
const MAX_CODE_LENGTH = 4096;

/** What a vendor grants with one code. */
export interface LicenceData {
  /** The vendor's identifier of the licence: a code activates once, anywhere. */
  licenseId: string;
  /** Credits granted. */
  volume: number;
  /** When the licence ends (ISO date-time); null for no end. */
  expirationDate: string | null;
  /** The only tenant that may activate it; null or absent for any. */
  tenantId?: string | null;
  /** Where to buy or extend it. */
  storeUrl?: string | null;
  issuedOn?: string;
}

/** Why a code is refused, with its LicenseErrorCode. */
export class ActivationRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ActivationRefusal';
  }
}

const refuse = (code: number, message: string) => new ActivationRefusal(code, message);

/** Signs licence data with the vendor's private key (the issuing command and the tests). */
export function issueActivationCode(privateKey: KeyObject, data: LicenceData): string {
  const body = `${PREFIX}.${Buffer.from(JSON.stringify(data)).toString('base64url')}`;
  return `${body}.${sign(null, Buffer.from(body), privateKey).toString('base64url')}`;
}

/**
 * The licence data of a code signed by `vendorKey`, checked for shape and for expiry at `now`.
 * Throws an ActivationRefusal: malformed or forged (InvalidActivationCode), signed data that is not
 * JSON (FeatureDataNotDeserializable), a missing licence id (FeatureDataPropertyNullOrWhitespace),
 * impossible values (InvalidActivationData), an end in the past (Expires).
 */
export function readActivationCode(code: string, vendorKey: KeyObject, now = new Date()): LicenceData {
  const trimmed = code.trim();
  const parts = trimmed.split('.');
  const [prefix, data, signature] = parts;
  if (
    trimmed.length > MAX_CODE_LENGTH ||
    parts.length !== 3 ||
    prefix !== PREFIX ||
    !data ||
    !signature ||
    !BASE64URL.test(data) ||
    !BASE64URL.test(signature)
  ) {
    throw refuse(LicenseErrorCode.InvalidActivationCode, 'This is not a Reviewdesk activation code.');
  }
  const signatureBytes = Buffer.from(signature, 'base64url');
  if (signatureBytes.length !== 64 || !verify(null, Buffer.from(`${prefix}.${data}`), vendorKey, signatureBytes)) {
    throw refuse(
      LicenseErrorCode.InvalidActivationCode,
      'This activation code was not issued by the licence vendor (its signature does not match).',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw refuse(LicenseErrorCode.FeatureDataNotDeserializable, 'The licence data of this code cannot be read.');
  }
  return checkLicenceData(parsed as Record<string, unknown>, now);
}

function checkLicenceData(raw: Record<string, unknown>, now: Date): LicenceData {
  const { licenseId, volume, expirationDate, tenantId, storeUrl, issuedOn } = raw;
  if (typeof licenseId !== 'string' || licenseId.trim() === '') {
    throw refuse(LicenseErrorCode.FeatureDataPropertyNullOrWhitespace, 'The licence data names no licence id.');
  }
  const bad = (why: string) => refuse(LicenseErrorCode.InvalidActivationData, `The licence data is invalid: ${why}.`);
  if (licenseId.length > 200 || licenseId.trim().toUpperCase() === 'TRIAL') throw bad('the licence id is not usable');
  if (typeof volume !== 'number' || !Number.isFinite(volume) || volume <= 0) throw bad('the volume is not positive');
  if (expirationDate !== null && (typeof expirationDate !== 'string' || Number.isNaN(Date.parse(expirationDate)))) {
    throw bad('the expiration date is not a date');
  }
  if (tenantId !== undefined && tenantId !== null && (typeof tenantId !== 'string' || !UUID.test(tenantId))) {
    throw bad('the tenant is not a tenant id');
  }
  if (storeUrl !== undefined && storeUrl !== null && (typeof storeUrl !== 'string' || !isHttpUrl(storeUrl))) {
    throw bad('the store address is not a web address');
  }
  if (expirationDate !== null && Date.parse(expirationDate) <= now.getTime()) {
    throw refuse(
      LicenseErrorCode.Expires,
      `This licence expired on ${new Date(expirationDate).toISOString().slice(0, 10)}; ask the vendor for a new code.`,
    );
  }
  return {
    licenseId: licenseId.trim(),
    volume,
    expirationDate: expirationDate === null ? null : new Date(expirationDate).toISOString(),
    tenantId: typeof tenantId === 'string' ? tenantId.toLowerCase() : null,
    storeUrl: typeof storeUrl === 'string' ? storeUrl : null,
    ...(typeof issuedOn === 'string' ? { issuedOn } : {}),
  };
}

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}
