// Time-limited file URLs (TranscriptData.urlResult, waveformUrlResult, SdTask/ResultUrl). A browser
// <audio> element or a download link cannot send a bearer token, so the URL itself is the
// permission: `/files/signed/<payload>.<mac>` where the payload names the blob, its tenant, how to
// serve it and when the URL expires, and the mac is an HMAC-SHA256 with a key kept in
// `server_secrets` — every replica signs and verifies alike, and nothing is stored per URL.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { ServerSecretsRepository } from '../../db/repositories/server-secrets.js';

export const SIGNED_FILES_PATH = '/files/signed';

/** How long a signed URL stays valid: long enough to play a long recording, short enough to leak little. */
export const SIGNED_URL_LIFETIME_MS = 60 * 60 * 1000;

const KEY_NAME = 'signed_file_url_key';

export interface SignedFile {
  /** Blob id (tenant-scoped through `tenantId`). */
  blobId: string;
  tenantId: string;
  /** Name offered to the browser (Content-Disposition). */
  fileName: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  /** Expiry, in milliseconds since the epoch. */
  expiresAt: number;
  /**
   * `'waveform-peaks'`: the blob is a WaveformPeaks document, which the URL also serves at a
   * coarser resolution on request (`?pairs=N`).
   */
  view?: 'waveform-peaks';
}

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The signing key, created by the first replica that needs it (an insert race is settled by re-reading). */
function signingKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = new ServerSecretsRepository(db)
      .getOrCreate<string>(KEY_NAME, () => randomBytes(32).toString('base64url'))
      .then((value) => Buffer.from(String(value), 'base64url'));
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

/** The token of a signed file (`<payload>.<mac>`, URL-safe). */
export async function signFileToken(db: Db, file: SignedFile): Promise<string> {
  const payload = Buffer.from(
    JSON.stringify([
      file.blobId,
      file.tenantId,
      file.fileName,
      file.contentType,
      file.disposition,
      file.expiresAt,
      // Only when set, so the tokens of plain files keep their shape.
      ...(file.view ? [file.view] : []),
    ]),
  ).toString('base64url');
  return `${payload}.${mac(await signingKey(db), payload).toString('base64url')}`;
}

/** An absolute URL of the file, valid for `lifetimeMs`. */
export async function signedFileUrl(
  db: Db,
  origin: string,
  file: Omit<SignedFile, 'expiresAt'>,
  lifetimeMs = SIGNED_URL_LIFETIME_MS,
  now = Date.now(),
): Promise<string> {
  const token = await signFileToken(db, { ...file, expiresAt: now + lifetimeMs });
  return `${origin}${SIGNED_FILES_PATH}/${token}`;
}

export type TokenCheck = { ok: true; file: SignedFile } | { ok: false; reason: 'invalid' | 'expired' };

/** Verifies a token: a changed byte anywhere makes it invalid; past its expiry it is expired. */
export async function readFileToken(db: Db, token: string, now = Date.now()): Promise<TokenCheck> {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined || token.length > 4096) return { ok: false, reason: 'invalid' };
  const expected = mac(await signingKey(db), payload);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return { ok: false, reason: 'invalid' };
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!Array.isArray(fields) || (fields.length !== 6 && fields.length !== 7)) return { ok: false, reason: 'invalid' };
  const [blobId, tenantId, fileName, contentType, disposition, expiresAt, view] = fields as [
    string,
    string,
    string,
    string,
    'inline' | 'attachment',
    number,
    unknown,
  ];
  if (view !== undefined && view !== 'waveform-peaks') return { ok: false, reason: 'invalid' };
  if (typeof expiresAt !== 'number' || expiresAt <= now) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    file: { blobId, tenantId, fileName, contentType, disposition, expiresAt, ...(view ? { view } : {}) },
  };
}
