// Tenant API secrets: OAuth clients of the client-credentials grant that act for one tenant
// (Tenant/Secrets, Secrets/Create, Secrets/Update). The secret is shown once, when it is made;
// the database keeps only its SHA-256 (a 256-bit random secret needs no slow hash), so a leaked
// table gives no working credential. The provider compares with `apiSecretMatches`.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.js';
import { ApiSecretsRepository } from '../db/repositories/api-secrets.js';
import type { TenantScope } from '../db/repositories/tenant-scope.js';
import { invalid } from './errors.js';

const HASH_PREFIX = 'sha256$';

/** Shown for a credential created without an end (only possible by hand in the database). */
const NEVER = '9999-12-31T23:59:59.999Z';

export interface ApiCredential {
  clientId: string;
  clientSecret: string | null;
  expiration: string;
  expired: boolean;
}

export function hashApiSecret(secret: string): string {
  return HASH_PREFIX + createHash('sha256').update(secret, 'utf8').digest('base64url');
}

/**
 * Whether the presented secret is the stored one. Stored values are hashes; a value without the
 * hash prefix is a plain secret inserted by hand (older rows, fixtures) and is compared as it is.
 */
export function apiSecretMatches(presented: string | undefined, stored: string | undefined): boolean {
  if (!presented || !stored) return false;
  const expected = Buffer.from(stored, 'utf8');
  const actual = Buffer.from(stored.startsWith(HASH_PREFIX) ? hashApiSecret(presented) : presented, 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const newClientId = () => `rd-${randomBytes(9).toString('base64url')}`;
const newSecret = () => randomBytes(32).toString('base64url');

function view(
  row: { client_id: string; expiration: Date | string | null },
  secret: string | null,
  now: Date,
): ApiCredential {
  const expiration = row.expiration ? new Date(row.expiration) : null;
  return {
    clientId: row.client_id,
    clientSecret: secret,
    expiration: expiration ? expiration.toISOString() : NEVER,
    expired: expiration ? expiration.getTime() <= now.getTime() : false,
  };
}

/** `expiration` of Create and Update: a date-time in the future. */
export function parseExpiration(value: unknown, now = new Date()): Date {
  const date = new Date(String(value ?? ''));
  if (value === undefined || value === null || value === '')
    throw invalid("The parameter 'expiration' must be defined.");
  if (Number.isNaN(date.getTime())) throw invalid("The parameter 'expiration' must be an ISO date-time.");
  if (date.getTime() <= now.getTime()) throw invalid("The parameter 'expiration' must be in the future.");
  return date;
}

/** The credentials of the scope's tenant, newest first, without their secrets. */
export async function listApiSecrets(db: Db, scope: TenantScope, now = new Date()): Promise<ApiCredential[]> {
  const rows = await new ApiSecretsRepository(db).listForTenant(scope.tenantId);
  return rows.map((r) => view(r, null, now));
}

/** A new credential for the scope's tenant; the answer is the only time the secret is seen. */
export async function createApiSecret(
  db: Db,
  scope: TenantScope,
  expiration: Date,
  now = new Date(),
): Promise<ApiCredential> {
  const clientId = newClientId();
  const secret = newSecret();
  await new ApiSecretsRepository(db).insert(scope.tenantId, clientId, hashApiSecret(secret), expiration);
  return view({ client_id: clientId, expiration }, secret, now);
}

/**
 * Renews the tenant's newest credential: a new secret (the old one stops working at once) valid
 * until `expiration`. The client id stays, so integrations only swap the secret. Undefined when the
 * tenant has no credential yet.
 */
export async function renewApiSecret(
  db: Db,
  scope: TenantScope,
  expiration: Date,
  now = new Date(),
): Promise<ApiCredential | undefined> {
  const secrets = new ApiSecretsRepository(db);
  const [current] = await secrets.listForTenant(scope.tenantId);
  if (!current) return undefined;
  const secret = newSecret();
  await secrets.replaceSecret(scope.tenantId, current.client_id, hashApiSecret(secret), expiration);
  return view({ client_id: current.client_id, expiration }, secret, now);
}
