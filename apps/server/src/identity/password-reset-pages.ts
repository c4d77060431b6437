// Forgot password (a link by e-mail, the same answer whether or not the address has an account) and
// the reset page the link opens.
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { UsersRepository } from '../db/repositories/users.js';
import { issueAccountToken, peekAccountToken, resetPassword } from '../domain/accounts.js';
import { brokenPasswordRules, type PasswordRule } from '../domain/passwords.js';
import type { Mailer } from '../mail/mailer.js';
import { escapeHtml } from './html.js';
import { message, page } from './layout.js';
import { appLink, type Form, hidden, messagePage, type PageContext, pageContext, sendPage } from './page-kit.js';
import type { PageTexts } from './texts.js';

export const FORGOT_PASSWORD_PATH = '/Identity/Account/ForgotPassword';
export const RESET_PASSWORD_PATH = '/Identity/Account/ResetPassword';

export interface PasswordResetPagesOptions {
  db: Db;
  mailer: Mailer;
  config: ServerConfig;
}

const RULE_TEXTS: Readonly<Record<PasswordRule, keyof PageTexts>> = {
  tooShort: 'passwordTooShort',
  needsLower: 'passwordNeedsLower',
  needsUpper: 'passwordNeedsUpper',
  needsDigit: 'passwordNeedsDigit',
};

function forgotForm(context: PageContext, notice?: string) {
  const { language, t } = context;
  return page({
    language,
    title: t.forgotTitle,
    switchHref: context.switchHref,
    body: `${message('notice', notice)}<p>${escapeHtml(t.forgotIntro)}</p>
<form method="post" action="${FORGOT_PASSWORD_PATH}">
  ${hidden('lang', language)}
  <label for="email">${escapeHtml(t.email)}</label>
  <input id="email" name="email" type="email" autocomplete="email" required autofocus>
  <button type="submit">${escapeHtml(t.sendLink)}</button>
</form>`,
  });
}

/**
 * Whether a set-password link came with an invitation (src/domain/users/invitations.ts): a newcomer
 * chooses their first password, they do not change one. Undefined for a link that no longer works.
 */
async function linkKind(db: Db, token: string): Promise<'invitation' | 'reset' | undefined> {
  const row = token ? await peekAccountToken(db, token, 'reset-password') : undefined;
  if (!row) return undefined;
  return row.data && typeof row.data === 'object' && 'invitation' in row.data ? 'invitation' : 'reset';
}

function resetForm(context: PageContext, token: string, kind: 'invitation' | 'reset', error?: string) {
  const { language, t } = context;
  return page({
    language,
    title: kind === 'invitation' ? t.welcomeTitle : t.resetTitle,
    switchHref: context.switchHref,
    body: `${message('error', error)}
<form method="post" action="${RESET_PASSWORD_PATH}">
  ${hidden('token', token)}${hidden('lang', language)}
  <label for="password">${escapeHtml(t.newPassword)}</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required autofocus>
  <label for="confirm">${escapeHtml(t.confirmPassword)}</label>
  <input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
  <button type="submit">${escapeHtml(t.savePassword)}</button>
</form>`,
  });
}

export async function passwordResetPages(app: FastifyInstance, options: PasswordResetPagesOptions): Promise<void> {
  const { db, mailer, config } = options;
  const users = new UsersRepository(db);
  const invalidLink = (context: PageContext) =>
    messagePage(context, context.t.linkInvalidTitle, 'error', context.t.linkInvalid, appLink(config, context.t));

  app.get(FORGOT_PASSWORD_PATH, async (request, reply) =>
    sendPage(reply, forgotForm(pageContext(request, reply, config))),
  );

  app.post(FORGOT_PASSWORD_PATH, async (request, reply) => {
    const context = pageContext(request, reply, config);
    const { language, t } = context;
    const email = ((request.body ?? {}) as Form).email ?? '';
    const user = email ? await users.findByEmail(email) : undefined;
    if (user) {
      const token = await issueAccountToken(db, user.id, 'reset-password');
      const link = `${config.origin}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}&lang=${language}`;
      await mailer.send({
        to: user.email,
        subject: t.resetMailSubject,
        text: `${t.resetMailBody}\n\n${link}\n`,
        html: `<p>${escapeHtml(t.resetMailBody)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      });
    }
    // The same answer whether or not the address exists, so the page cannot be used to probe accounts.
    return sendPage(reply, forgotForm(context, t.forgotSent));
  });

  app.get(RESET_PASSWORD_PATH, async (request, reply) => {
    const context = pageContext(request, reply, config);
    const token = String((request.query as Record<string, unknown>).token ?? '');
    const kind = await linkKind(db, token);
    if (!kind) return sendPage(reply, invalidLink(context), 400);
    return sendPage(reply, resetForm(context, token, kind));
  });

  app.post(RESET_PASSWORD_PATH, async (request, reply) => {
    const context = pageContext(request, reply, config);
    const { t } = context;
    const form = (request.body ?? {}) as Form;
    const token = form.token ?? '';
    const password = form.password ?? '';
    const kind = await linkKind(db, token);
    if (!kind) return sendPage(reply, invalidLink(context), 400);
    if (password !== (form.confirm ?? '')) {
      return sendPage(reply, resetForm(context, token, kind, t.passwordsDiffer), 400);
    }
    const broken = brokenPasswordRules(password);
    if (broken.length) {
      return sendPage(reply, resetForm(context, token, kind, broken.map((rule) => t[RULE_TEXTS[rule]]).join(' ')), 400);
    }
    if (!(await resetPassword(db, token, password))) return sendPage(reply, invalidLink(context), 400);
    const [title, done] = kind === 'invitation' ? [t.welcomeTitle, t.welcomeDone] : [t.resetTitle, t.resetDone];
    return sendPage(reply, messagePage(context, title, 'notice', done, appLink(config, t)));
  });
}
