// What makes a signed access token still good besides its signature and expiry: state in the
// database, so sign-out, revocation and a rotated API secret end API access on the next call, on
// every replica. User tokens name their grant (`gid`); client tokens carry a fingerprint of the
// secret they were issued for (`sv`).
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import { ApiSecretsRepository } from '../db/repositories/api-secrets.js';
import { SignInGrantsRepository } from '../db/repositories/sign-in-grants.js';

/** A short fingerprint of a stored (hashed) API secret: it changes when the secret is renewed. */
export function secretVersion(storedSecret: string): string {
  return createHash('sha256').update(storedSecret).digest('base64url').slice(0, 16);
}

/** The claims a client-credentials token gets: its tenant and the version of its secret. */
export async function clientTokenClaims(db: Db, clientId: string) {
  const row = await new ApiSecretsRepository(db).byClientId(clientId);
  return row ? { tenant_id: row.tenant_id, sv: secretVersion(row.client_secret) } : undefined;
}

export function userTokenStands(db: Db, grantId: unknown): Promise<boolean> {
  if (typeof grantId !== 'string' || !grantId) return Promise.resolve(false);
  return new SignInGrantsRepository(db).isActive(grantId);
}

/**
 * The secret still exists, belongs to that tenant and has not been renewed since. (An expired secret
 * is refused later, with 403, by the client session: the caller is known, its credential is not valid.)
 */
export async function clientTokenStands(db: Db, clientId: string, tenantId: string, version: unknown) {
  const row = await new ApiSecretsRepository(db).byClientId(clientId);
  if (!row || row.tenant_id !== tenantId) return false;
  return typeof version === 'string' && version === secretVersion(row.client_secret);
}
