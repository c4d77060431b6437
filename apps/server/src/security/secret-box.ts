// Secrets the server must read back are stored encrypted (AES-256-GCM): connection secrets, which
// it sends to the site, and two-factor keys, which it computes codes from. So
// unlike API secrets (kept as hashes) they cannot be one-way. The key is CONNECTOR_SECRET_KEY
// (32 bytes, base64) when the operator keeps it outside the database — then a copy of the database
// alone reveals nothing — and otherwise a random key the server keeps in server_secrets, shared by
// every replica. Stored form: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { ServerSecretsRepository } from '../db/repositories/server-secrets.js';

const KEY_NAME = 'connector-secret-key';

async function keyOf(db: Db): Promise<Buffer> {
  const configured = process.env.CONNECTOR_SECRET_KEY;
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new Error('CONNECTOR_SECRET_KEY must be 32 bytes in base64.');
    return key;
  }
  const stored = await new ServerSecretsRepository(db).getOrCreate(KEY_NAME, () => randomBytes(32).toString('base64'));
  return Buffer.from(stored, 'base64');
}

export async function encryptSecret(db: Db, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(db), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export async function decryptSecret(db: Db, sealed: string): Promise<string> {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown secret format.');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(db), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
