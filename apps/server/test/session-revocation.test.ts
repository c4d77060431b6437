// Access ends when the person or the tenant says so, on the very next call: after sign-out, after
// /connect/revocation, after rotating an API secret, after a password or e-mail change (the other
// sessions) — and a password reset kills every other reset link of the user.
import { describe, expect, it } from 'vitest';
import { issueAccountToken } from '../src/domain/accounts.js';
import { DEMO_PASSWORD } from '../src/domain/demo-data.js';
import { readOutbox } from '../src/mail/mailer.js';
import { Browser } from './support/browser.js';
import { databaseKinds, demoEmail, userIdOf, useTestServer } from './support/harness.js';
import { apiStatus, signInFully, startSignIn } from './support/sign-in-flow.js';

describe.each(databaseKinds())('ending access on %s', (kind) => {
  const t = useTestServer(kind, { listen: true, resetEachTest: true });
  const origin = () => t.config.origin;

  function refresh(refreshToken: string) {
    return fetch(`${origin()}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'reviewdesk-web',
        refresh_token: refreshToken,
      }),
    });
  }

  it('ends API access at sign-out, in one step, and the browser session with it', async () => {
    const { tokens, browser } = await signInFully(origin(), demoEmail('Manager'));
    expect(await apiStatus(origin(), tokens.access_token)).toBe(200);
    const endSession = new URL(`${origin()}/connect/endsession`);
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${origin()}/authentication/logout-callback`,
      state: 'bye',
      ui_locales: 'de-DE',
    }).toString();
    const out = await browser.fetch(endSession.toString());
    // No confirmation page: straight back to the app.
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe(`${origin()}/authentication/logout-callback?state=bye`);
    expect(await apiStatus(origin(), tokens.access_token)).toBe(401);
    expect((await refresh(tokens.refresh_token as string)).status).toBe(400);
    // Leaving the signed-out page keeps nothing: the next sign-in asks for the password again.
    const again = await startSignIn(browser, origin(), { uiLocales: 'en' });
    expect(again.html).toContain('name="password"');
  });

  it('ends API access when the app revokes its refresh token', async () => {
    const { tokens } = await signInFully(origin(), demoEmail('Reviewer'));
    expect(await apiStatus(origin(), tokens.access_token)).toBe(200);
    const revoked = await fetch(`${origin()}/connect/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'reviewdesk-web',
        token: tokens.refresh_token as string,
        token_type_hint: 'refresh_token',
      }),
    });
    expect(revoked.status).toBe(200);
    expect(await apiStatus(origin(), tokens.access_token)).toBe(401);
  });

  it('ends the access of a client-credentials token when its secret is renewed', async () => {
    const admin = await t.tokenFor(demoEmail('Administrator'));
    const created = await t.call('POST', '/api/v1/Tenant/Secrets/Create', {
      token: admin,
      query: { expiration: new Date(Date.now() + 86_400_000).toISOString() },
    });
    const { clientId, clientSecret } = (created.body as { result: { clientId: string; clientSecret: string } }).result;
    const granted = await fetch(`${origin()}/connect/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'api' }),
    });
    const { access_token } = (await granted.json()) as { access_token: string };
    // A valid client token on a user-only call: 403 (known caller, wrong kind), not 401.
    expect(await apiStatus(origin(), access_token)).toBe(403);
    const renewed = await t.call('POST', '/api/v1/Tenant/Secrets/Update', {
      token: admin,
      query: { expiration: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(renewed.status).toBe(200);
    expect(await apiStatus(origin(), access_token)).toBe(401);
  });

  it('ends the other sessions when the password changes, and keeps the one it was changed from', async () => {
    const email = demoEmail('Creator');
    const here = await signInFully(origin(), email);
    const elsewhere = await signInFully(origin(), email);
    const changed = await fetch(`${origin()}/api/v1/User/ChangePassword`, {
      method: 'POST',
      headers: { authorization: `Bearer ${here.tokens.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ oldPassword: DEMO_PASSWORD, newPassword: 'Another-pass-4' }),
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { succeeded: boolean }).succeeded).toBe(true);
    expect(await apiStatus(origin(), here.tokens.access_token)).toBe(200);
    expect(await apiStatus(origin(), elsewhere.tokens.access_token)).toBe(401);
    expect((await refresh(elsewhere.tokens.refresh_token as string)).status).toBe(400);
  });

  it('ends every session when the e-mail address changes', async () => {
    const email = demoEmail('Viewer');
    const { tokens } = await signInFully(origin(), email);
    const userId = userIdOf(email);
    const code = await issueAccountToken(t.server.database.db, userId, 'change-email', {
      email: 'viewer.new@demo.reviewdesk.test',
    });
    const confirmed = await fetch(
      `${origin()}/confirm/change-email?userId=${userId}&code=${encodeURIComponent(code)}&lang=en`,
    );
    expect(confirmed.status).toBe(200);
    expect(await apiStatus(origin(), tokens.access_token)).toBe(401);
  });

  it('revokes every other reset link of the user when one of them resets the password', async () => {
    const email = demoEmail('Viewer');
    const browser = new Browser();
    for (let i = 0; i < 2; i++) {
      await browser.postForm(`${origin()}/Identity/Account/ForgotPassword?lang=en`, { email, lang: 'en' });
    }
    const links = readOutbox(t.server.outboxDir)
      .filter((mail) => mail.to === email)
      .slice(-2)
      .map((mail) => /(http\S+ResetPassword\S+)/.exec(mail.text ?? '')?.[1] as string);
    const [older, newer] = links.map((link) => new URL(link).searchParams.get('token') as string);
    const { tokens } = await signInFully(origin(), email);
    const reset = await browser.postForm(`${origin()}/Identity/Account/ResetPassword`, {
      token: newer as string,
      password: 'Fresh-pass-55',
      confirm: 'Fresh-pass-55',
      lang: 'en',
    });
    expect(reset.status).toBe(200);
    expect((await browser.fetch(links[0] as string)).status).toBe(400);
    const withOlder = await browser.postForm(`${origin()}/Identity/Account/ResetPassword`, {
      token: older as string,
      password: 'Attacker-pass-66',
      confirm: 'Attacker-pass-66',
      lang: 'en',
    });
    expect(withOlder.status).toBe(400);
    // The reset also ends the sessions that knew the old password.
    expect(await apiStatus(origin(), tokens.access_token)).toBe(401);
  });
});
