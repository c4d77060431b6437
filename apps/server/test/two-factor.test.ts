// Two-factor sign-in over the API and on the real sign-in page: a key begun and confirmed with a
// code computed from it (as an authenticator app does), recovery codes shown once and stored
// hashed, the key stored sealed; once on, the page asks for a code after the password, a wrong
// code is refused and counted by the sign-in throttle like a wrong password, a code is not
// accepted twice, a recovery code works once; off again with the password. Per permission and
// never reaching another account, on both databases.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/domain/demo-data.js';
import { ACCOUNT_FAILURES } from '../src/security/sign-in-throttle.js';
import { Browser } from './support/browser.js';
import { databaseKinds, demoEmail, GLOBEX_ADMIN, userIdOf, useTestServer } from './support/harness.js';
import { redirectUriOf, startSignIn, submitLogin } from './support/sign-in-flow.js';

const API = '/api/v1';

interface Setup {
  secret: string;
  otpauthUri: string;
  qrCodeSvg: string;
}

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

describe.each(databaseKinds())('two-factor sign-in on %s', (kind) => {
  const t = useTestServer(kind, { listen: true, resetEachTest: true });
  const origin = () => t.config.origin;
  const db = () => t.server.database.db;

  async function turnOn(email: string) {
    const token = await t.tokenFor(email);
    const begun = await t.call('POST', `${API}/User/TwoFactor/Begin`, { token });
    expect(begun.status).toBe(200);
    const setup = begun.body as Setup;
    const confirmed = await t.call('POST', `${API}/User/TwoFactor/Confirm`, {
      token,
      body: { code: codeOf(setup.secret) },
    });
    expect(confirmed.body).toMatchObject({ succeeded: true, errors: [] });
    return { token, setup, recoveryCodes: (confirmed.body as { recoveryCodes: string[] }).recoveryCodes };
  }

  /** Password, then the code step; answers the code page's response and the pieces to go on. */
  async function passwordStep(email: string, browser = new Browser()) {
    const { uid, verifier } = await startSignIn(browser, origin(), { uiLocales: 'en' });
    const posted = await submitLogin(browser, origin(), uid, email, DEMO_PASSWORD);
    const html = await posted.text();
    const passed = /name="passed" value="([^"]*)"/.exec(html)?.[1] ?? '';
    const sendCode = (code: string, client = '198.51.100.9') =>
      browser.fetch(`${origin()}/Identity/Account/Login?uid=${uid}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client },
        body: new URLSearchParams({ uid, email, passed, code, lang: 'en' }).toString(),
      });
    return { posted, html, passed, sendCode, browser, verifier };
  }

  async function tokensAfter(response: Response, browser: Browser, verifier: string) {
    expect(response.status).toBe(303);
    const { url } = await browser.follow(
      new URL(response.headers.get('location') as string, origin()).toString(),
      origin(),
    );
    const code = new URL(url).searchParams.get('code') as string;
    const exchanged = await fetch(`${origin()}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin() },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'reviewdesk-web',
        code,
        redirect_uri: redirectUriOf(origin()),
        code_verifier: verifier,
      }),
    });
    expect(exchanged.status).toBe(200);
    return (await exchanged.json()) as { access_token: string };
  }

  it('answers 401 without a sign-in, to every call', async () => {
    for (const [method, path] of [
      ['GET', 'User/TwoFactor'],
      ['POST', 'User/TwoFactor/Begin'],
      ['POST', 'User/TwoFactor/Confirm'],
      ['POST', 'User/TwoFactor/Disable'],
    ] as const) {
      expect((await t.call(method, `${API}/${path}`, { body: { code: '123456' } })).status, path).toBe(401);
    }
  });

  it('turns on with a first code for every role holding User.Profile, the key sealed and the recovery codes hashed', async () => {
    for (const role of ['Viewer', 'Reviewer', 'Administrator']) {
      const email = demoEmail(role);
      const token = await t.tokenFor(email);
      expect((await t.call('GET', `${API}/User/TwoFactor`, { token })).body).toEqual({
        enabled: false,
        recoveryCodesLeft: 0,
      });
      const setup = (await t.call('POST', `${API}/User/TwoFactor/Begin`, { token })).body as Setup;
      expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/Reviewdesk:.+\?.*secret=/);
      expect(setup.qrCodeSvg).toContain('<svg');
      // Begun is not on: a wrong code is refused and nothing changes.
      const wrong = await t.call('POST', `${API}/User/TwoFactor/Confirm`, { token, body: { code: '000000' } });
      expect(wrong.body).toMatchObject({ succeeded: false, recoveryCodes: [] });
      expect((await t.call('GET', `${API}/User/TwoFactor`, { token })).body).toMatchObject({ enabled: false });
      const right = await t.call('POST', `${API}/User/TwoFactor/Confirm`, {
        token,
        body: { code: codeOf(setup.secret) },
      });
      const codes = (right.body as { recoveryCodes: string[] }).recoveryCodes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
      expect((await t.call('GET', `${API}/User/TwoFactor`, { token })).body).toEqual({
        enabled: true,
        recoveryCodesLeft: 10,
      });
      // Already on: no new key until it is turned off.
      expect((await t.call('POST', `${API}/User/TwoFactor/Begin`, { token })).status).toBe(400);

      const userId = userIdOf(email);
      const stored = await db()
        .selectFrom('user_two_factor')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(stored.secret_sealed).not.toContain(setup.secret);
      expect(stored.secret_sealed.startsWith('v1.')).toBe(true);
      const hashes = await db()
        .selectFrom('user_recovery_codes')
        .select('code_hash')
        .where('user_id', '=', userId)
        .execute();
      expect(hashes).toHaveLength(10);
      for (const { code_hash } of hashes) expect(codes.map((c) => c.replace('-', ''))).not.toContain(code_hash);
    }
  });

  it('keeps each account’s own: another tenant’s administrator is untouched', async () => {
    await turnOn(demoEmail('Administrator'));
    const globex = await t.tokenFor(GLOBEX_ADMIN);
    expect((await t.call('GET', `${API}/User/TwoFactor`, { token: globex })).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    // Their sign-in asks for no code.
    const { posted } = await passwordStep(GLOBEX_ADMIN);
    expect(posted.status).toBe(303);
  });

  it('asks for the code after the password; a wrong one is refused, the right one signs in, once', async () => {
    const email = demoEmail('Reviewer');
    const { setup } = await turnOn(email);
    const first = await passwordStep(email);
    expect(first.posted.status).toBe(200);
    expect(first.html).toContain('name="code"');
    expect(first.html).toContain('Type the 6-digit code your authenticator app shows for Reviewdesk.');
    expect(first.html).not.toContain(DEMO_PASSWORD);

    const wrong = await first.sendCode('000000');
    expect(wrong.status).toBe(200);
    expect(await wrong.text()).toContain('The code is not right.');
    // A proof of the password made for this interaction is no use with another address.
    const forged = await first.browser.fetch(`${origin()}/Identity/Account/Login?uid=x`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ uid: 'x', email: GLOBEX_ADMIN, passed: first.passed, code: '000000' }).toString(),
    });
    expect(forged.status).toBe(400);

    // The code of the next step: the one of this step was spent turning it on.
    const code = codeOf(setup.secret, 1);
    const tokens = await tokensAfter(await first.sendCode(code), first.browser, first.verifier);
    const me = await fetch(`${origin()}/api/v1/User/GetCurrentUser`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(200);

    // The same code again, in another sign-in: refused.
    const again = await passwordStep(email);
    expect(await (await again.sendCode(code)).text()).toContain('The code is not right.');
  });

  it('keeps the code step when the language is switched there, and still lets the right code in', async () => {
    const email = demoEmail('Manager');
    const { setup } = await turnOn(email);
    const step = await passwordStep(email);
    // The switch is a form that posts the step again, not links back to the password.
    const nav = /<nav class="cultures"[\s\S]*?<\/nav>/.exec(step.html)?.[0] ?? '';
    expect(nav).toContain('<form method="post"');
    expect(nav).toContain(`name="passed" value="${step.passed}"`);
    expect(nav).not.toContain('href=');
    const uid = /name="uid" value="([^"]*)"/.exec(nav)?.[1] ?? '';
    const switched = await step.browser.fetch(`${origin()}/Identity/Account/Login?uid=${uid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        uid,
        email,
        passed: step.passed,
        cultureSwitch: '1',
        lang: 'de',
      }).toString(),
    });
    expect(switched.status).toBe(200);
    const german = await switched.text();
    expect(german).toContain('<html lang="de-DE">');
    expect(german).toContain('name="code"');
    expect(german).not.toContain('name="password"');
    // Switching is no attempt: nothing is refused, and the chosen language is remembered.
    expect(german).not.toContain('role="alert"');
    expect(switched.headers.get('set-cookie') ?? '').toContain('de');
    const tokens = await tokensAfter(await step.sendCode(codeOf(setup.secret, 1)), step.browser, step.verifier);
    expect(tokens.access_token).toBeTruthy();
  });

  it('counts wrong codes like wrong passwords: past the allowance the account waits', async () => {
    const email = demoEmail('Creator');
    const { setup } = await turnOn(email);
    const step = await passwordStep(email);
    // As for passwords (sign-in-throttle.test.ts): the allowance, and one more, spent.
    for (let i = 0; i <= ACCOUNT_FAILURES; i++) await step.sendCode('000000', `198.51.100.${20 + i}`);
    const refused = await step.sendCode(codeOf(setup.secret, 1), '198.51.100.99');
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('Too many sign-in attempts.');
  });

  it('lets a recovery code in once', async () => {
    const email = demoEmail('Manager');
    const { token, recoveryCodes } = await turnOn(email);
    const [recovery = ''] = recoveryCodes;
    const first = await passwordStep(email);
    await tokensAfter(await first.sendCode(recovery.toLowerCase()), first.browser, first.verifier);
    expect((await t.call('GET', `${API}/User/TwoFactor`, { token })).body).toMatchObject({ recoveryCodesLeft: 9 });
    const second = await passwordStep(email);
    expect(await (await second.sendCode(recovery)).text()).toContain('The code is not right.');
  });

  it('turns off with the password, not with a wrong one; then the sign-in asks for no code', async () => {
    const email = demoEmail('Administrator');
    const { token } = await turnOn(email);
    const wrong = await t.call('POST', `${API}/User/TwoFactor/Disable`, { token, body: { password: 'not-it' } });
    expect(wrong.body).toMatchObject({ succeeded: false });
    const right = await t.call('POST', `${API}/User/TwoFactor/Disable`, { token, body: { password: DEMO_PASSWORD } });
    expect(right.body).toEqual({ succeeded: true, errors: [] });
    expect((await t.call('GET', `${API}/User/TwoFactor`, { token })).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect(
      await db().selectFrom('user_recovery_codes').selectAll().where('user_id', '=', userIdOf(email)).execute(),
    ).toEqual([]);
    expect((await passwordStep(email)).posted.status).toBe(303);
    expect(
      (await t.call('POST', `${API}/User/TwoFactor/Disable`, { token, body: { password: DEMO_PASSWORD } })).status,
    ).toBe(400);
  });
});
