// The account's e-mail address: confirming it, and moving to a new one. Both go through a link
// mailed to the address concerned, with a single-use code (accounts.ts stores only its hash): only
// whoever reads that mailbox can confirm it. A new address takes effect when its link is opened,
// and then every session signed in under the old one ends.
import type { Db } from '../../db/database.js';
import { UsersRepository } from '../../db/repositories/users.js';
import type { Language } from '../../formats/cultures.js';
import { changeEmailMail, verificationMail } from '../../mail/account-mails.js';
import { changeEmail, issueAccountToken, redeemAccountToken } from '../accounts.js';
import type { Services } from '../services.js';
import type { Session } from '../session.js';

/** How long an address link works. */
export const EMAIL_LINK_HOURS = 24;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const link = (origin: string, path: string, params: Record<string, string>) =>
  `${origin}${path}?${new URLSearchParams(params).toString()}`;

/** User/SendVerificationEmail: a new confirmation link for the caller's current address. */
export async function sendVerification(services: Services, session: Session, language: Language): Promise<string[]> {
  const { user } = session;
  if (user.email_confirmed) return ['Your e-mail address is already confirmed.'];
  const code = await issueAccountToken(
    services.db,
    user.id,
    'confirm-email',
    { email: user.email },
    EMAIL_LINK_HOURS * 60,
  );
  const url = link(services.config.origin, '/confirm/email', { userId: user.id, code, lang: language });
  await services.mailer.send(
    verificationMail({ to: user.email, name: user.name, link: url, validHours: EMAIL_LINK_HOURS, language }),
  );
  return [];
}

/**
 * Redeems a confirmation code of `userId`. The code names the address it was sent to: after an
 * address change, an older link confirms nothing.
 */
export async function confirmEmail(db: Db, userId: string, code: string): Promise<boolean> {
  const row = await redeemAccountToken(db, code, 'confirm-email', userId);
  if (!row) return false;
  const users = new UsersRepository(db);
  const user = await users.findById(row.user_id);
  const sentTo = (row.data as { email?: string } | null)?.email;
  if (!user || (sentTo && sentTo.toLowerCase() !== user.email.toLowerCase())) return false;
  await users.update(row.user_id, { email_confirmed: true });
  return true;
}

/** User/ChangeEmail: mails a link to the new address; nothing changes until it is opened. */
export async function requestEmailChange(
  services: Services,
  session: Session,
  email: string,
  language: Language,
): Promise<string[]> {
  const next = email.trim();
  if (!EMAIL_SHAPE.test(next)) return ['This is not an e-mail address.'];
  if (next.toLowerCase() === session.user.email.toLowerCase()) return ['This is already your e-mail address.'];
  if (await new UsersRepository(services.db).findByEmail(next)) return ['This e-mail address is already in use.'];
  const { user } = session;
  const code = await issueAccountToken(services.db, user.id, 'change-email', { email: next }, EMAIL_LINK_HOURS * 60);
  const url = link(services.config.origin, '/confirm/change-email', {
    userId: user.id,
    email: next,
    code,
    lang: language,
  });
  await services.mailer.send(
    changeEmailMail({ to: next, name: user.name, link: url, validHours: EMAIL_LINK_HOURS, language }),
  );
  return [];
}

export type EmailChangeOutcome = 'changed' | 'invalid' | 'taken';

/**
 * Redeems a change code: the account moves to the address the code was issued for (and `email`,
 * when given, must be that address). 'taken' when someone else took the address meanwhile.
 */
export async function confirmEmailChange(
  db: Db,
  userId: string,
  code: string,
  email?: string | null,
): Promise<EmailChangeOutcome> {
  const row = await redeemAccountToken(db, code, 'change-email', userId);
  const next = (row?.data as { email?: string } | undefined)?.email;
  if (!row || !next || (email && email.trim().toLowerCase() !== next.toLowerCase())) return 'invalid';
  const holder = await new UsersRepository(db).findByEmail(next);
  if (holder && holder.id !== row.user_id) return 'taken';
  try {
    await changeEmail(db, row.user_id, next);
  } catch (error) {
    // The unique index on lower(email) decides a race with another account taking the address.
    if ((error as { code?: string }).code === '23505') return 'taken';
    throw error;
  }
  return 'changed';
}
