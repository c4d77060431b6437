// Account rules: signing in with lock-out, password reset and e-mail confirmation links.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { UsersRepository } from '../db/repositories/users.js';
import { hashPassword, passwordProblems, verifyPassword } from './passwords.js';

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MINUTES = 15;

export type SignInResult = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'locked' };

export async function signIn(db: Db, email: string, password: string, now = new Date()): Promise<SignInResult> {
  const users = new UsersRepository(db);
  const user = await users.findByEmail(email);
  if (!user) {
    // Same work as a real check, so response time does not tell which addresses exist.
    await verifyPassword(password, 'scrypt$16384$8$AAAAAAAAAAAAAAAAAAAAAA==$AAAA');
    return { ok: false, reason: 'invalid' };
  }
  if (user.locked_until && new Date(user.locked_until) > now) return { ok: false, reason: 'locked' };
  if (!(await verifyPassword(password, user.password_hash))) {
    const lockUntil = new Date(now.getTime() + LOCKOUT_MINUTES * 60_000);
    const { locked } = await users.recordFailedSignIn(user.id, MAX_FAILED_SIGN_INS, lockUntil);
    return { ok: false, reason: locked ? 'locked' : 'invalid' };
  }
  // A successful sign-in starts in the default tenant and clears the failure count.
  await users.update(user.id, { failed_sign_ins: 0, locked_until: null, current_tenant_id: null });
  return { ok: true, userId: user.id };
}

export type AccountTokenPurpose = 'reset-password' | 'confirm-email' | 'change-email' | 'delete-account';

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
  await db
    .insertInto('account_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      purpose,
      data: JSON.stringify(data),
      expires_at: new Date(Date.now() + validMinutes * 60_000),
      used_at: null,
    })
    .execute();
  return token;
}

/** Marks a valid code as used and returns its row, or undefined when it is unknown, used or expired. */
export async function redeemAccountToken(db: Db, token: string, purpose: AccountTokenPurpose, userId?: string) {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returningAll()
    .executeTakeFirst();
  if (!row || (userId && row.user_id !== userId)) return undefined;
  return row;
}

export async function peekAccountToken(db: Db, token: string, purpose: AccountTokenPurpose) {
  return db
    .selectFrom('account_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Sets a new password (already checked against the rules) and lifts any lock-out. */
export async function setPassword(db: Db, userId: string, password: string): Promise<void> {
  await new UsersRepository(db).update(userId, {
    password_hash: await hashPassword(password),
    failed_sign_ins: 0,
    locked_until: null,
  });
}

export async function changePassword(
  db: Db,
  userId: string,
  oldPassword: string,
  newPassword: string,
): Promise<string[]> {
  const user = await new UsersRepository(db).findById(userId);
  if (!user || !(await verifyPassword(oldPassword, user.password_hash))) return ['Incorrect password.'];
  const problems = passwordProblems(newPassword);
  if (problems.length) return problems;
  await setPassword(db, userId, newPassword);
  return [];
}
