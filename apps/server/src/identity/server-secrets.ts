// Signing keys and cookie keys live in the database so every replica signs and verifies alike and
// tokens survive a restart. The first process to start creates them; the others read them.
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/database.js';
import { ServerSecretsRepository } from '../db/repositories/server-secrets.js';

const getOrCreate = <T>(db: Db, name: string, create: () => Promise<T>) =>
  new ServerSecretsRepository(db).getOrCreate(name, create);

export async function signingKeys(db: Db): Promise<JWK[]> {
  return getOrCreate(db, 'oidc_signing_keys', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const jwk = await exportJWK(privateKey);
    return [{ ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') }];
  });
}

export async function cookieKeys(db: Db): Promise<string[]> {
  return getOrCreate(db, 'oidc_cookie_keys', async () => [randomBytes(32).toString('base64url')]);
}
