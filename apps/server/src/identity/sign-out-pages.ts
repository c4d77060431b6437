// The provider's own pages, in the person's culture: signing out (rpInitiatedLogout) and its
// errors. Signing out is one step when the app says who is signing out (a valid id_token_hint of the
// session's account): the session and its grants end at once, without a confirmation page, and the
// browser goes to post_logout_redirect_uri, or to the signed-out page.
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/database.js';
import { SignInGrantsRepository } from '../db/repositories/sign-in-grants.js';
import { type PageLanguage, pickLanguage } from './culture.js';
import { escapeHtml } from './html.js';
import { page } from './layout.js';
import { withLanguage } from './page-kit.js';
import { type PageTexts, textsFor } from './texts.js';

function languageOf(ctx: KoaContextWithOIDC): { language: PageLanguage; t: PageTexts } {
  const language = pickLanguage({
    picked: ctx.query.lang,
    uiLocales: ctx.oidc?.params?.ui_locales ?? ctx.query.ui_locales,
    cookieHeader: ctx.get('cookie'),
    acceptLanguage: ctx.get('accept-language'),
  });
  return { language, t: textsFor(language) };
}

function answer(ctx: KoaContextWithOIDC, markup: string) {
  ctx.type = 'html';
  ctx.set('cache-control', 'no-store');
  ctx.body = markup;
}

export function signOutPages(db: Db) {
  const grants = new SignInGrantsRepository(db);

  /** Ends the browser session and every grant it holds, as the confirmed sign-out does. */
  async function endSession(ctx: KoaContextWithOIDC, language: PageLanguage) {
    const { session, params, provider } = ctx.oidc;
    for (const authorization of Object.values(session?.authorizations ?? {})) {
      if (authorization?.grantId) await grants.end(authorization.grantId);
    }
    await session?.destroy();
    ctx.cookies.set(provider.cookieName('session'), null, { httpOnly: true, sameSite: 'lax' });
    const target = params?.post_logout_redirect_uri
      ? new URL(String(params.post_logout_redirect_uri))
      : new URL(withLanguage(ctx.oidc.urlFor('end_session_success'), language));
    if (params?.post_logout_redirect_uri && params.state) target.searchParams.set('state', String(params.state));
    ctx.status = 303;
    ctx.redirect(target.toString());
  }

  return {
    async logoutSource(ctx: KoaContextWithOIDC, form: string) {
      const { language, t } = languageOf(ctx);
      const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
      const accountId = ctx.oidc.session?.accountId;
      // The hint is already validated by the provider (signature, audience); it must name this session's account.
      if (hint?.payload?.sub && hint.payload.sub === accountId) return endSession(ctx, language);
      answer(
        ctx,
        page({
          language,
          title: t.signOutTitle,
          switchHref: (other) => withLanguage(ctx.originalUrl, other),
          body: `${form}<p>${escapeHtml(t.signOutQuestion)}</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus data-testid="logout.confirm">${escapeHtml(t.signOutButton)}</button>
<button type="submit" form="op.logoutForm" class="secondary" data-testid="logout.cancel">${escapeHtml(t.stayButton)}</button>`,
        }),
      );
    },

    async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
      const { language, t } = languageOf(ctx);
      answer(
        ctx,
        page({
          language,
          title: t.signedOutTitle,
          switchHref: (other) => withLanguage(ctx.originalUrl, other),
          body: `<p>${escapeHtml(t.signedOut)}</p><p class="links"><a href="/">${escapeHtml(t.backToApp)}</a></p>`,
        }),
      );
    },

    /** The provider's errors: a translated page; the technical description only as a detail. */
    async renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string | undefined }) {
      const { language, t } = languageOf(ctx);
      answer(
        ctx,
        page({
          language,
          title: t.errorTitle,
          body: `<p class="error" role="alert">${escapeHtml(t.errorText)}</p>
<p class="links"><code>${escapeHtml(String(out.error_description ?? out.error))}</code></p>
<p class="links"><a href="/">${escapeHtml(t.backToApp)}</a></p>`,
        }),
      );
    },
  };
}
