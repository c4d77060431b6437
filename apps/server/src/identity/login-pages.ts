// The sign-in page the provider's interactions land on (/Identity/Account/Login?uid=…): the form,
// the password check behind the sign-in throttle, the code of an account with two-factor sign-in
// (behind the same throttle: a wrong code counts like a wrong password), and the consent the
// first-party app is given.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { UsersRepository } from '../db/repositories/users.js';
import { signIn } from '../domain/accounts.js';
import { hasTwoFactor, verifySecondFactor } from '../domain/users/two-factor.js';
import type { SignInThrottle } from '../security/sign-in-throttle.js';
import { deviceCookie, isOwnDevice } from './device-cookie.js';
import { escapeHtml } from './html.js';
import { message, page } from './layout.js';
import { appendCookie, type Form, hidden, type PageContext, pageContext, sendPage } from './page-kit.js';
import { FORGOT_PASSWORD_PATH } from './password-reset-pages.js';
import { passedPassword, signPassedPassword } from './pending-sign-in.js';
import { LOGIN_PATH, WEB_CLIENT_ID } from './provider.js';

export interface LoginPagesOptions {
  provider: Provider;
  db: Db;
  config: ServerConfig;
  throttle: SignInThrottle;
  /** Key of the device cookie's HMAC (the provider's cookie key). */
  deviceKey: string;
}

type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

function loginForm(context: PageContext, uid: string, email = '', error?: string) {
  const { language, t } = context;
  return page({
    language,
    title: t.signInTitle,
    switchHref: context.switchHref,
    body: `${message('error', error)}
<form method="post" action="${LOGIN_PATH}?uid=${encodeURIComponent(uid)}">
  ${hidden('uid', uid)}${hidden('lang', language)}
  <label for="email">${escapeHtml(t.email)}</label>
  <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(email)}">
  <label for="password">${escapeHtml(t.password)}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">${escapeHtml(t.signIn)}</button>
</form>
<p class="links"><a href="${FORGOT_PASSWORD_PATH}?lang=${language}">${escapeHtml(t.forgotLink)}</a></p>`,
  });
}

/** The culture switch's field on the code step: the step is shown again, in the chosen language. */
const SWITCH_FIELD = 'cultureSwitch';

/**
 * The second step: the password was right, the account asks for a code from its app. Its culture
 * switch posts the step's state again (links would go back to the password).
 */
function codeForm(context: PageContext, uid: string, email: string, passed: string, error?: string) {
  const { language, t } = context;
  const action = `${LOGIN_PATH}?uid=${encodeURIComponent(uid)}`;
  return page({
    language,
    title: t.signInTitle,
    switchForm: {
      action,
      hidden: `${hidden('uid', uid)}${hidden('email', email)}${hidden('passed', passed)}${hidden(SWITCH_FIELD, '1')}`,
    },
    body: `${message('error', error)}
<p>${escapeHtml(t.twoFactorIntro)}</p>
<form method="post" action="${action}">
  ${hidden('uid', uid)}${hidden('lang', language)}${hidden('email', email)}${hidden('passed', passed)}
  <label for="code">${escapeHtml(t.twoFactorCode)}</label>
  <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required autofocus
    aria-describedby="code-hint" maxlength="32">
  <p id="code-hint" class="hint">${escapeHtml(t.twoFactorHint)}</p>
  <button type="submit">${escapeHtml(t.twoFactorVerify)}</button>
</form>`,
  });
}

export async function loginPages(app: FastifyInstance, options: LoginPagesOptions): Promise<void> {
  const { provider, db, config, throttle, deviceKey } = options;
  const users = new UsersRepository(db);
  const secure = config.origin.startsWith('https://');

  async function interaction(request: FastifyRequest, reply: FastifyReply): Promise<InteractionDetails | undefined> {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return undefined;
    }
  }

  const expired = (reply: FastifyReply, context: PageContext) =>
    sendPage(
      reply,
      page({
        language: context.language,
        title: context.t.signInTitle,
        body: message('error', context.t.sessionExpired),
        switchHref: context.switchHref,
      }),
      400,
    );

  /** The first-party app needs no consent screen: the grant is given on the user's behalf. */
  async function grantConsent(request: FastifyRequest, reply: FastifyReply, details: InteractionDetails) {
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
    const uid = (request.query as Record<string, string | undefined>).uid;
    // Opened directly (a bookmark): let the app start a proper sign-in.
    if (!uid) return reply.redirect(`${config.origin}/authentication/login`);
    const details = await interaction(request, reply);
    const context = pageContext(request, reply, config, details?.params.ui_locales);
    if (!details || details.uid !== uid) return expired(reply, context);
    if (details.prompt.name === 'consent') {
      const next = await grantConsent(request, reply, details);
      if (next) return reply.redirect(next, 303);
    }
    return sendPage(reply, loginForm(context, uid, String((details.params.login_hint as string | undefined) ?? '')));
  });

  app.post(LOGIN_PATH, async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    const uid = form.uid ?? (request.query as Record<string, string | undefined>).uid ?? '';
    const details = await interaction(request, reply);
    const context = pageContext(request, reply, config, details?.params.ui_locales);
    if (!details || details.uid !== uid || details.prompt.name !== 'login') return expired(reply, context);

    const email = (form.email ?? '').trim();
    const owner = email ? await users.findByEmail(email) : undefined;
    const ownDevice = owner ? isOwnDevice(deviceKey, request.headers.cookie, owner.id) : false;
    const verdict = await throttle.check(request, email, ownDevice);
    if (!verdict.allowed) {
      const error = context.t.tooManyAttempts.replace('{seconds}', String(verdict.retryAfterSeconds));
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      return sendPage(reply, loginForm(context, uid, email, error), 429);
    }
    let userId: string;
    if (form.passed !== undefined) {
      // The second step: the password was checked by this server moments ago (signed proof).
      const passed = passedPassword(deviceKey, form.passed, uid, email);
      if (!passed) return expired(reply, context);
      // Another language asked for: the same step again, no code tried.
      if (form[SWITCH_FIELD] !== undefined) return sendPage(reply, codeForm(context, uid, email, form.passed), 200);
      if ((await verifySecondFactor(db, passed, form.code ?? '')) !== 'ok') {
        await throttle.recordFailure(request, email);
        return sendPage(reply, codeForm(context, uid, email, form.passed, context.t.wrongCode), 200);
      }
      userId = passed;
    } else {
      const result = await signIn(db, email, form.password ?? '', context.language);
      if (!result.ok) {
        await throttle.recordFailure(request, email);
        return sendPage(reply, loginForm(context, uid, email, context.t.wrongCredentials), 200);
      }
      if (await hasTwoFactor(db, result.userId)) {
        const passed = signPassedPassword(deviceKey, uid, email, result.userId);
        return sendPage(reply, codeForm(context, uid, email, passed), 200);
      }
      userId = result.userId;
    }
    await throttle.recordSuccess();
    appendCookie(reply, deviceCookie(deviceKey, userId, secure));
    const next = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: userId } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(next, 303);
  });
}
