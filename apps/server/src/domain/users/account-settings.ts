// What a user sets up for their own account: the default tenant, the guided tours seen, the ways
// to sign in (password, external logins). Every rule here is about the caller's own account.
import type { components } from '../../contract/generated/schema.js';
import type { Db } from '../../db/database.js';
import { ExternalLoginsRepository } from '../../db/repositories/external-logins.js';
import { MembershipsRepository } from '../../db/repositories/memberships.js';
import { UsersRepository } from '../../db/repositories/users.js';
import { setPassword } from '../accounts.js';
import { forbidden, notFound } from '../errors.js';
import { passwordProblems } from '../passwords.js';
import { type Session, USER_STATUS } from '../session.js';

type UserTips = components['schemas']['UserTips'];
type ExternalLogins = components['schemas']['ExternalLogins'];

/** The tours the product knows; other names in stored data are ignored. */
const TOURS = ['taskListSeen', 'taskViewerSeen'] as const;

/** User/UpdateCurrentUserDefaultTenant: the tenant the user starts in at sign-in. */
export async function setDefaultTenant(db: Db, session: Session, tenantId: string) {
  const changed = await new MembershipsRepository(db).setDefault(session.user.id, tenantId, USER_STATUS.Active);
  if (!changed) throw notFound('You are not an active member of this tenant.');
  return { succeeded: true, errors: [], result: true };
}

export function toursSeen(session: Session): UserTips {
  const stored = session.user.tours_seen ?? {};
  return {
    userId: session.user.id,
    taskListSeen: stored.taskListSeen === true,
    taskViewerSeen: stored.taskViewerSeen === true,
  };
}

/** User/UpdateToursSeen: only for the caller's own account. */
export async function updateToursSeen(db: Db, session: Session, tips: UserTips): Promise<void> {
  if (tips.userId.toLowerCase() !== session.user.id.toLowerCase()) {
    throw forbidden('You can only record the tours you have seen yourself.');
  }
  const tours = Object.fromEntries(TOURS.map((tour) => [tour, tips[tour] === true]));
  await new UsersRepository(db).setToursSeen(session.user.id, tours);
}

/**
 * The external logins of the account. One may be removed only while the account keeps another way
 * in — its password or another login — so nobody locks themselves out.
 */
export async function externalLogins(db: Db, session: Session): Promise<ExternalLogins> {
  const rows = await new ExternalLoginsRepository(db).list(session.user.id);
  return {
    currentLogins: rows.map((row) => ({
      loginProvider: row.login_provider,
      providerKey: row.provider_key,
      providerDisplayName: row.provider_display_name,
    })),
    canRemoveLogin: session.user.password_hash !== null || rows.length > 1,
  };
}

export async function removeExternalLogin(db: Db, session: Session, provider: string, key: string) {
  const { currentLogins, canRemoveLogin } = await externalLogins(db, session);
  if (!currentLogins.some((login) => login.loginProvider === provider && login.providerKey === key)) {
    return ['This login is not linked to your account.'];
  }
  if (!canRemoveLogin) return ['This is the only way to sign in to your account; add a password first.'];
  await new ExternalLoginsRepository(db).remove(session.user.id, provider, key);
  return [];
}

/** User/AddPassword: only for an account without one (User/ChangePassword changes an existing one). */
export async function addPassword(db: Db, session: Session, password: string) {
  if (session.user.password_hash !== null) return ['Your account already has a password; change it instead.'];
  const problems = passwordProblems(password);
  if (problems.length) return problems;
  await setPassword(db, session.user.id, password, session.grantId);
  return [];
}
