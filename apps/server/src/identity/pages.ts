// Server-rendered identity pages: the sign-in page the provider's interactions land on, forgot and
// reset password, and the public confirmation links (/confirm/email, /confirm/change-email,
// /confirm/delete) that arrive by e-mail.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { UsersRepository } from '../db/repositories/users.js';
import { issueAccountToken, peekAccountToken, redeemAccountToken, setPassword, signIn } from '../domain/accounts.js';
import { passwordProblems } from '../domain/passwords.js';
import type { Mailer } from '../mail/mailer.js';
import { escapeHtml } from './html.js';
import { message, page } from './layout.js';
import { LOGIN_PATH, WEB_CLIENT_ID } from './provider.js';
import { type PageLanguage, type PageTexts, pickLanguage, textsFor } from './texts.js';

export const FORGOT_PASSWORD_PATH = '/Identity/Account/ForgotPassword';
export const RESET_PASSWORD_PATH = '/Identity/Account/ResetPassword';

interface PagesOptions {
  provider: Provider;
  db: Db;
  mailer: Mailer;
  config: ServerConfig;
}

type Form = Record<string, string>;

function languageOf(request: FastifyRequest): { language: PageLanguage; t: PageTexts } {
  const query = request.query as Record<string, unknown>;
  const body = (request.body ?? {}) as Form;
  const language = pickLanguage(query.lang ?? body.lang, request.headers['accept-language']);
  return { language, t: textsFor(language) };
}

function html(reply: FastifyReply, markup: string, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(markup);
}

const hidden = (name: string, value: string | undefined) =>
  value ? `<input type="hidden" name="${name}" value="${escapeHtml(value)}">` : '';

export async function identityPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const { provider, db, mailer, config } = options;
  const users = new UsersRepository(db);

  // HTML forms post urlencoded bodies; parsed here only, the API takes JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  function loginForm(language: PageLanguage, t: PageTexts, uid: string, email = '', error?: string) {
    return page(
      language,
      t.signInTitle,
      `${message('error', error)}
<form method="post" action="${LOGIN_PATH}?uid=${encodeURIComponent(uid)}&amp;lang=${language}">
  ${hidden('uid', uid)}${hidden('lang', language)}
  <label for="email">${t.email}</label>
  <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(email)}">
  <label for="password">${t.password}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">${t.signIn}</button>
</form>
<p class="links"><a href="${FORGOT_PASSWORD_PATH}?lang=${language}">${t.forgotLink}</a></p>`,
    );
  }

  /** The first-party app needs no consent screen: the grant is given on the user's behalf. */
  async function grantConsent(request: FastifyRequest, reply: FastifyReply) {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    const { prompt, params, session } = details;
    if (params.client_id !== WEB_CLIENT_ID || !session) return null;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: session.accountId, clientId: WEB_CLIENT_ID });
    if (!grant) return null;
    const missing = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    return provider.interactionResult(
      request.raw,
      reply.raw,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  app.get(LOGIN_PATH, async (request, reply) => {
    const { language, t } = languageOf(request);
    const uid = (request.query as Record<string, string | undefined>).uid;
    // Opened directly (a bookmark): let the app start a proper sign-in.
    if (!uid) return reply.redirect(`${config.origin}/authentication/login`);
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid !== uid)
        return html(reply, page(language, t.signInTitle, message('error', t.sessionExpired)), 400);
      if (details.prompt.name === 'consent') {
        const next = await grantConsent(request, reply);
        if (next) return reply.redirect(next, 303);
      }
      return html(reply, loginForm(language, t, uid, String((details.params.login_hint as string | undefined) ?? '')));
    } catch {
      return html(reply, page(language, t.signInTitle, message('error', t.sessionExpired)), 400);
    }
  });

  app.post(LOGIN_PATH, async (request, reply) => {
    const { language, t } = languageOf(request);
    const form = (request.body ?? {}) as Form;
    const uid = form.uid ?? (request.query as Record<string, string | undefined>).uid ?? '';
    let details: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      details = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return html(reply, page(language, t.signInTitle, message('error', t.sessionExpired)), 400);
    }
    if (details.uid !== uid || details.prompt.name !== 'login') {
      return html(reply, page(language, t.signInTitle, message('error', t.sessionExpired)), 400);
    }
    const email = (form.email ?? '').trim();
    const result = await signIn(db, email, form.password ?? '');
    if (!result.ok) {
      const error = result.reason === 'locked' ? t.lockedOut : t.wrongCredentials;
      return html(reply, loginForm(language, t, uid, email, error), 200);
    }
    const next = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: result.userId } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(next, 303);
  });

  app.get(FORGOT_PASSWORD_PATH, async (request, reply) => {
    const { language, t } = languageOf(request);
    return html(reply, forgotForm(language, t));
  });

  function forgotForm(language: PageLanguage, t: PageTexts, notice?: string) {
    return page(
      language,
      t.forgotTitle,
      `${message('notice', notice)}<p>${t.forgotIntro}</p>
<form method="post" action="${FORGOT_PASSWORD_PATH}?lang=${language}">
  ${hidden('lang', language)}
  <label for="email">${t.email}</label>
  <input id="email" name="email" type="email" autocomplete="email" required autofocus>
  <button type="submit">${t.sendLink}</button>
</form>`,
    );
  }

  app.post(FORGOT_PASSWORD_PATH, async (request, reply) => {
    const { language, t } = languageOf(request);
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
    return html(reply, forgotForm(language, t, t.forgotSent));
  });

  function resetForm(language: PageLanguage, t: PageTexts, token: string, error?: string) {
    return page(
      language,
      t.resetTitle,
      `${message('error', error)}
<form method="post" action="${RESET_PASSWORD_PATH}?lang=${language}">
  ${hidden('token', token)}${hidden('lang', language)}
  <label for="password">${t.newPassword}</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required autofocus>
  <label for="confirm">${t.confirmPassword}</label>
  <input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
  <button type="submit">${t.savePassword}</button>
</form>`,
    );
  }

  const appLink = (t: PageTexts) => `<p class="links"><a href="${config.origin}/">${t.backToApp}</a></p>`;

  app.get(RESET_PASSWORD_PATH, async (request, reply) => {
    const { language, t } = languageOf(request);
    const token = String((request.query as Record<string, unknown>).token ?? '');
    if (!token || !(await peekAccountToken(db, token, 'reset-password'))) {
      return html(reply, page(language, t.resetTitle, message('error', t.linkInvalid) + appLink(t)), 400);
    }
    return html(reply, resetForm(language, t, token));
  });

  app.post(RESET_PASSWORD_PATH, async (request, reply) => {
    const { language, t } = languageOf(request);
    const form = (request.body ?? {}) as Form;
    const token = form.token ?? '';
    const password = form.password ?? '';
    if (password !== (form.confirm ?? '')) return html(reply, resetForm(language, t, token, t.passwordsDiffer), 400);
    const problems = passwordProblems(password);
    if (problems.length) return html(reply, resetForm(language, t, token, problems.join(' ')), 400);
    const row = await redeemAccountToken(db, token, 'reset-password');
    if (!row) return html(reply, page(language, t.resetTitle, message('error', t.linkInvalid) + appLink(t)), 400);
    await setPassword(db, row.user_id, password);
    return html(reply, page(language, t.resetTitle, message('notice', t.resetDone) + appLink(t)));
  });

  app.get('/confirm/email', async (request, reply) => {
    const { language, t } = languageOf(request);
    const q = request.query as Record<string, string | undefined>;
    const row = q.code ? await redeemAccountToken(db, q.code, 'confirm-email', q.userId) : undefined;
    if (!row)
      return html(reply, page(language, t.emailConfirmedTitle, message('error', t.linkInvalid) + appLink(t)), 400);
    await users.update(row.user_id, { email_confirmed: true });
    return html(reply, page(language, t.emailConfirmedTitle, message('notice', t.emailConfirmed) + appLink(t)));
  });

  app.get('/confirm/change-email', async (request, reply) => {
    const { language, t } = languageOf(request);
    const q = request.query as Record<string, string | undefined>;
    const row = q.code ? await redeemAccountToken(db, q.code, 'change-email', q.userId) : undefined;
    const email = (row?.data as { email?: string } | undefined)?.email;
    if (!row || !email || (q.email && q.email.toLowerCase() !== email.toLowerCase())) {
      return html(reply, page(language, t.emailChangedTitle, message('error', t.linkInvalid) + appLink(t)), 400);
    }
    await users.update(row.user_id, { email, email_confirmed: true });
    return html(reply, page(language, t.emailChangedTitle, message('notice', t.emailChanged) + appLink(t)));
  });

  app.get('/confirm/delete', async (request, reply) => {
    const { language, t } = languageOf(request);
    const q = request.query as Record<string, string | undefined>;
    const row = q.code ? await peekAccountToken(db, q.code, 'delete-account') : undefined;
    if (!row || row.user_id !== q.userId) {
      return html(reply, page(language, t.deleteTitle, message('error', t.linkInvalid) + appLink(t)), 400);
    }
    return html(
      reply,
      page(
        language,
        t.deleteTitle,
        `<p>${t.deleteQuestion}</p><form method="post" action="/confirm/delete?lang=${language}">
${hidden('userId', q.userId)}${hidden('code', q.code)}<button type="submit">${t.deleteButton}</button></form>`,
      ),
    );
  });

  app.post('/confirm/delete', async (request, reply) => {
    const { language, t } = languageOf(request);
    const form = (request.body ?? {}) as Form;
    const row = form.code ? await redeemAccountToken(db, form.code, 'delete-account', form.userId) : undefined;
    if (!row) return html(reply, page(language, t.deleteTitle, message('error', t.linkInvalid) + appLink(t)), 400);
    await db.deleteFrom('users').where('id', '=', row.user_id).execute();
    return html(reply, page(language, t.deleteTitle, message('notice', t.deleted)));
  });
}
