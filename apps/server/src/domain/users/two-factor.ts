// Two-factor sign-in with time-based codes (TOTP, RFC 6238: SHA-1, 6 digits, 30 s — what every
// authenticator app reads from the otpauth URI). Begun with a new key shown once as a QR code,
// turned on by a first code from the app, which also hands out ten recovery codes shown once and
// stored hashed. A code is accepted one step early or late (clock drift) and never twice; a
// recovery code works once. Turning it off takes a code, a recovery code or the password.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../../db/database.js';
import { TwoFactorRepository } from '../../db/repositories/two-factor.js';
import { UsersRepository } from '../../db/repositories/users.js';
import { decryptSecret, encryptSecret } from '../../security/secret-box.js';
import { invalid } from '../errors.js';
import { verifyPassword } from '../passwords.js';
import type { Session } from '../session.js';

const ISSUER = 'Reviewdesk';
const PERIOD_SECONDS = 30;
/** Steps accepted either side of now: a phone's clock a little off still works. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
  qrCodeSvg: string;
}

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

const currentStep = (now = Date.now()) => Math.floor(now / 1000 / PERIOD_SECONDS);

/** Spaces and dashes people type or copy are not part of a code; recovery codes ignore case. */
const normalized = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const hashOf = (code: string) => createHash('sha256').update(normalized(code)).digest('hex');

/** Ten random characters of base32 (50 bits), shown as two groups of five. */
function newRecoveryCode(): string {
  const text = new Secret({ buffer: randomBytes(10).buffer }).base32.slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

export async function twoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const repo = new TwoFactorRepository(db);
  const row = await repo.find(userId);
  const enabled = Boolean(row?.enabled_on);
  return { enabled, recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(userId) : 0 };
}

/** Whether the account's sign-in asks for a second factor. */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  return Boolean((await new TwoFactorRepository(db).find(userId))?.enabled_on);
}

export async function beginTwoFactor(db: Db, session: Session): Promise<TwoFactorSetup> {
  if (await hasTwoFactor(db, session.user.id)) throw invalid('Two-factor authentication is already on.');
  const secret = new Secret({ size: 20 }).base32;
  await new TwoFactorRepository(db).begin(session.user.id, await encryptSecret(db, secret));
  const otpauthUri = totpOf(secret, session.user.email).toString();
  // Drawn here, so the key never goes to a third-party QR service and the client needs no library.
  const qrCodeSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrCodeSvg };
}

/** Checks a 6-digit code against the key and spends its step; false for a wrong or replayed code. */
async function acceptCode(db: Db, userId: string, sealed: string, code: string, enable = false): Promise<boolean> {
  const token = normalized(code);
  if (!/^\d{6}$/.test(token)) return false;
  const secret = await decryptSecret(db, sealed);
  const delta = totpOf(secret, '').validate({ token, window: WINDOW });
  if (delta === null) return false;
  return new TwoFactorRepository(db).useStep(userId, currentStep() + delta, enable);
}

/** Turns two-factor sign-in on with a first code; answers the recovery codes, shown this once. */
export async function confirmTwoFactor(
  db: Db,
  session: Session,
  code: string,
): Promise<{ errors: string[]; recoveryCodes: string[] }> {
  const repo = new TwoFactorRepository(db);
  const row = await repo.find(session.user.id);
  if (!row) throw invalid('Begin two-factor authentication first.');
  if (row.enabled_on) throw invalid('Two-factor authentication is already on.');
  if (!(await acceptCode(db, session.user.id, row.secret_sealed, code, true)))
    return { errors: ['The code is not right. Type the code your app shows now.'], recoveryCodes: [] };
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(session.user.id, recoveryCodes.map(hashOf));
  return { errors: [], recoveryCodes };
}

/** Turns it off, with a code from the app, a recovery code or the account's password. */
export async function disableTwoFactor(
  db: Db,
  session: Session,
  proof: { code?: string | null; password?: string | null },
): Promise<string[]> {
  const repo = new TwoFactorRepository(db);
  const row = await repo.find(session.user.id);
  if (!row?.enabled_on) throw invalid('Two-factor authentication is not on.');
  let proven = false;
  if (proof.code) proven = (await verifySecondFactor(db, session.user.id, proof.code)) === 'ok';
  if (!proven && proof.password) {
    const user = await new UsersRepository(db).findById(session.user.id);
    proven = await verifyPassword(proof.password, user?.password_hash ?? null);
  }
  if (!proven) return ['The code or the password is not right.'];
  await repo.remove(session.user.id);
  return [];
}

/** The second step of a sign-in: a code from the app, or a recovery code (spent). */
export async function verifySecondFactor(db: Db, userId: string, code: string): Promise<'ok' | 'wrong'> {
  const repo = new TwoFactorRepository(db);
  const row = await repo.find(userId);
  if (!row?.enabled_on) return 'wrong';
  if (await acceptCode(db, userId, row.secret_sealed, code)) return 'ok';
  // Not six digits, or a wrong code: perhaps a recovery code.
  if (normalized(code).length === 10 && (await repo.spendRecoveryCode(userId, hashOf(code)))) return 'ok';
  return 'wrong';
}
