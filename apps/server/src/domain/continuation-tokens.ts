// Continuation tokens of the lists paged by keyset (the task archive, the licence history and usage):
// the token carries what it continues and the sort values of the last row handed out, signed with
// a key every replica shares, so a client can neither read another list through it nor forge a
// position. Rows added or removed meanwhile neither repeat nor shift the following pages.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.js';
import { ServerSecretsRepository } from '../db/repositories/server-secrets.js';
import { invalid } from './errors.js';

const TOKEN_KEY_NAME = 'list_continuation_key';
const keyCache = new WeakMap<Db, Promise<Buffer>>();

/** HMAC key shared by every replica (server_secrets), created by the first process that needs it. */
function tokenKey(db: Db): Promise<Buffer> {
  let cached = keyCache.get(db);
  if (!cached) {
    cached = (async () => {
      const value = await new ServerSecretsRepository(db).getOrCreate(TOKEN_KEY_NAME, () =>
        randomBytes(32).toString('base64url'),
      );
      return Buffer.from(String(value), 'base64url');
    })();
    cached.catch(() => keyCache.delete(db));
    keyCache.set(db, cached);
  }
  return cached;
}

export interface TokenBody {
  /** What the token continues (tenant, list, a digest of its filter and sort). */
  scope: string;
  /** Sort values of the last row handed out (as PostgreSQL text, so nothing is rounded). */
  after: string[];
}

/** `<payload>.<mac>`: opaque to clients, any change to it is detected. */
export async function signToken(db: Db, body: TokenBody): Promise<string> {
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  const mac = createHmac('sha256', await tokenKey(db))
    .update(payload)
    .digest('base64url');
  return `${payload}.${mac}`;
}

export async function readToken(db: Db, token: string): Promise<TokenBody> {
  const badToken = () => invalid('The continuationToken is not valid for this list.');
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined || token.length > 4096) throw badToken();
  const expected = createHmac('sha256', await tokenKey(db))
    .update(payload)
    .digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badToken();
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenBody;
    if (typeof body.scope !== 'string' || !Array.isArray(body.after)) throw badToken();
    return body;
  } catch {
    throw badToken();
  }
}

/**
 * The position a request continues from: null for the first page, else the sort values of the
 * token, which must come from the same list (`scope`) and carry `width` values.
 */
export async function continueFrom(
  db: Db,
  token: string | null | undefined,
  scope: string,
  width: number,
): Promise<string[] | null> {
  if (!token) return null;
  const body = await readToken(db, token);
  if (body.scope !== scope || body.after.length !== width) {
    throw invalid('The continuationToken belongs to another list or filter.');
  }
  return body.after;
}
