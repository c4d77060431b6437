// Account rules: checking a password at sign-in, password reset and change, e-mail confirmation
// links. Guessing is slowed by the sign-in throttle (security/sign-in-throttle.ts), not by locking
// accounts: a lock would let any stranger shut a real person out, and would tell which addresses exist.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { AccountTokensRepository } from '../db/repositories/account-tokens.js';
import { SignInGrantsRepository } from '../db/repositories/sign-in-grants.js';
import { UsersRepository } from '../db/repositories/users.js';
import type { Language } from '../formats/cultures.js';
import { hashPassword, passwordProblems, verifyPassword } from './passwords.js';

export type SignInResult = { ok: true; userId: string } | { ok: false };

/** A hash of the same cost as a real one, checked for unknown addresses. */
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA';

/** `language`: the culture of the sign-in page, remembered as the one mail to the user is written in. */
export async function signIn(db: Db, email: string, password: string, language?: Language): Promise<SignInResult> {
  const users = new UsersRepository(db);
  const user = await users.findByEmail(email);
  if (!user) {
    // Same work as a real check, so response time does not tell which addresses exist.
    await verifyPassword(password, DUMMY_HASH);
    return { ok: false };
  }
  if (!(await verifyPassword(password, user.password_hash))) return { ok: false };
  // A successful sign-in starts in the default tenant.
  await users.update(user.id, {
    failed_sign_ins: 0,
    locked_until: null,
    current_tenant_id: null,
    ...(language ? { language } : {}),
  });
  return { ok: true, userId: user.id };
}

export type AccountTokenPurpose = 'reset-password' | 'confirm-email' | 'change-email' | 'delete-account';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Creates a single-use code for an e-mail link; only its hash is stored. */
export async function issueAccountToken(
  db: Db,
  userId: string,
  purpose: AccountTokenPurpose,
  data: Record<string, unknown> = {},
  validMinutes = 60,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await new AccountTokensRepository(db).insert({
    tokenHash: hashToken(token),
    userId,
    purpose,
    data,
    expiresAt: new Date(Date.now() + validMinutes * 60_000),
  });
  return token;
}

/** Marks a valid code as used and returns its row, or undefined when it is unknown, used or expired. */
export async function redeemAccountToken(db: Db, token: string, purpose: AccountTokenPurpose, userId?: string) {
  if (userId !== undefined && !UUID.test(userId)) return undefined;
  return new AccountTokensRepository(db).redeem(hashToken(token), purpose, userId);
}

export async function peekAccountToken(db: Db, token: string, purpose: AccountTokenPurpose) {
  return new AccountTokensRepository(db).peek(hashToken(token), purpose);
}

/**
 * Sets a new password (already checked against the rules) and ends the user's other sessions: whoever
 * knew the old password loses the access it gave. `keepGrantId` is the sign-in the change came from.
 */
export async function setPassword(db: Db, userId: string, password: string, keepGrantId?: string): Promise<void> {
  await new UsersRepository(db).update(userId, {
    password_hash: await hashPassword(password),
    failed_sign_ins: 0,
    locked_until: null,
  });
  await new SignInGrantsRepository(db).endForUser(userId, keepGrantId);
}

/**
 * Redeems a reset link and sets the password: every other reset link of the user dies with it (an
 * older mail must not reset the new password), and every session ends. Undefined for a bad link.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<{ userId: string } | undefined> {
  const row = await redeemAccountToken(db, token, 'reset-password');
  if (!row) return undefined;
  await new AccountTokensRepository(db).useAll(row.user_id, 'reset-password');
  await setPassword(db, row.user_id, password);
  return { userId: row.user_id };
}

/** The confirmed new address; the sessions signed in under the old one end. */
export async function changeEmail(db: Db, userId: string, email: string): Promise<void> {
  await new UsersRepository(db).update(userId, { email, email_confirmed: true });
  await new SignInGrantsRepository(db).endForUser(userId);
}

export async function changePassword(
  db: Db,
  userId: string,
  oldPassword: string,
  newPassword: string,
  keepGrantId?: string,
): Promise<string[]> {
  const user = await new UsersRepository(db).findById(userId);
  if (!user || !(await verifyPassword(oldPassword, user.password_hash))) return ['Incorrect password.'];
  const problems = passwordProblems(newPassword);
  if (problems.length) return problems;
  await setPassword(db, userId, newPassword, keepGrantId);
  return [];
}
