// The real sign-in, driven over HTTP like a browser: authorize → login page → consent →
// callback code → token exchange (PKCE) → /api with the access token; plus wrong passwords,
// forgot password through the outbox and client credentials for API secrets. Throttling of failed
// sign-ins: sign-in-throttle.test.ts.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/domain/demo-data.js';
import { readOutbox } from '../src/mail/mailer.js';
import { Browser } from './support/browser.js';
import { ACME_ID, demoEmail, userIdOf, useTestServer } from './support/harness.js';
import {
  signInFully as signInFullyAt,
  startSignIn as startSignInAt,
  submitLogin as submitLoginAt,
} from './support/sign-in-flow.js';

describe('sign-in (authorization code + PKCE)', () => {
  const t = useTestServer('pglite', { listen: true, resetEachTest: true });
  const origin = () => t.config.origin;
  const redirectUri = () => `${origin()}/authentication/login-callback`;

  const startSignIn = (browser: Browser, lang = 'en') =>
    startSignInAt(browser, origin(), { uiLocales: lang, acceptLanguage: lang });
  const submitLogin = (browser: Browser, uid: string, email: string, password: string, lang = 'en') =>
    submitLoginAt(browser, origin(), uid, email, password, lang);

  async function signInFully(email: string) {
    const { tokens, callback, tokenResponse } = await signInFullyAt(origin(), email);
    expect(callback.searchParams.get('state')).toBe('state-1');
    expect(tokenResponse.headers.get('access-control-allow-origin')).toBe(origin());
    return tokens;
  }

  it('signs in and calls the API with the access token', async () => {
    const tokens = await signInFully(demoEmail('Manager'));
    expect(tokens.refresh_token).toBeTruthy();
    const res = await fetch(`${origin()}/api/v1.0/User/GetUserAuthDetails`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { userId: string; role: string };
    expect(body).toMatchObject({ userId: userIdOf(demoEmail('Manager')), role: 'Manager' });
  });

  it('renews the access token with the refresh token', async () => {
    const tokens = await signInFully(demoEmail('Reviewer'));
    const refreshed = await fetch(`${origin()}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'reviewdesk-web',
        refresh_token: tokens.refresh_token as string,
      }),
    });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { access_token: string };
    const res = await fetch(`${origin()}/api/v1/User/GetCurrentUser`, {
      method: 'POST',
      headers: { authorization: `Bearer ${next.access_token}` },
    });
    expect(res.status).toBe(200);
  });

  it('publishes discovery and the app’s sign-in settings', async () => {
    const discovery = (await (await fetch(`${origin()}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(discovery).toMatchObject({ issuer: origin(), token_endpoint: `${origin()}/connect/token` });
    const settings = (await (await fetch(`${origin()}/_configuration/reviewdesk-web`)).json()) as Record<
      string,
      unknown
    >;
    expect(settings).toMatchObject({
      authority: origin(),
      client_id: 'reviewdesk-web',
      response_type: 'code',
      redirect_uri: redirectUri(),
    });
  });

  it('shows the login page in Portuguese by default and in English on request', async () => {
    const pt = await startSignIn(new Browser(), 'pt-PT');
    expect(pt.html).toContain('Palavra-passe');
    const en = await startSignIn(new Browser(), 'en');
    expect(en.html).toContain('Password');
  });

  it('says "wrong e-mail or password" for a wrong password and an unknown address', async () => {
    const browser = new Browser();
    const { uid } = await startSignIn(browser);
    for (const [email, password] of [
      [demoEmail('Viewer'), 'wrong'],
      ['nobody@demo.reviewdesk.test', DEMO_PASSWORD],
    ] as const) {
      const res = await submitLogin(browser, uid, email, password);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Wrong e-mail or password.');
    }
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const email = demoEmail('Viewer');
    const before = readOutbox(t.server.outboxDir).length;
    const browser = new Browser();
    const res = await browser.postForm(`${origin()}/Identity/Account/ForgotPassword?lang=en`, { email });
    expect(await res.text()).toContain('If an account exists');
    const mails = readOutbox(t.server.outboxDir);
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1);
    expect(mail?.to).toBe(email);
    const link = /(http\S+ResetPassword\S+)/.exec(mail?.text ?? '')?.[1] as string;
    const form = await browser.fetch(link);
    expect(form.status).toBe(200);
    const token = new URL(link).searchParams.get('token') as string;
    const done = await browser.postForm(`${origin()}/Identity/Account/ResetPassword?lang=en`, {
      token,
      password: 'Brand-new-pass-3',
      confirm: 'Brand-new-pass-3',
    });
    expect(await done.text()).toContain('Your password was changed');
    // The link works once; the new password signs in.
    const again = await browser.postForm(`${origin()}/Identity/Account/ResetPassword`, {
      token,
      password: 'Xx-123456',
      confirm: 'Xx-123456',
    });
    expect(again.status).toBe(400);
    const login = new Browser();
    const { uid } = await startSignIn(login);
    expect((await submitLogin(login, uid, email, 'Brand-new-pass-3')).status).toBe(303);
  });

  it('does not reveal whether an address has an account', async () => {
    const before = readOutbox(t.server.outboxDir).length;
    const res = await new Browser().postForm(`${origin()}/Identity/Account/ForgotPassword`, {
      email: 'nobody@example.test',
    });
    expect(res.status).toBe(200);
    expect(readOutbox(t.server.outboxDir).length).toBe(before);
  });

  it('issues client-credentials tokens for a tenant API secret', async () => {
    await t.server.database.db
      .insertInto('api_secrets')
      .values({
        client_id: 'acme-importer',
        tenant_id: ACME_ID,
        client_secret: 'a-long-random-secret',
        expiration: null,
      })
      .execute();
    const res = await fetch(`${origin()}/connect/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('acme-importer:a-long-random-secret').toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'api' }),
    });
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    const subject = await t.server.identity.verifyBearer(access_token);
    expect(subject).toEqual({ kind: 'client', clientId: 'acme-importer', tenantId: ACME_ID });
    // Not a user: user calls refuse it.
    const me = await fetch(`${origin()}/api/v1/User/GetCurrentUser`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(me.status).toBe(403);
  });
});
