/**
 * Two-factor sign-in as a person meets it: in the profile they turn it on (the key shown as a QR
 * code and as text, a first code from their "app", the recovery codes shown once), sign out, and
 * the next sign-in asks for a code after the password — a wrong one is refused on the page, the
 * one the app shows now lets them in. Switching the page's language there keeps the code step. The codes are computed here from the key shown, with RFC
 * 6238 written out below (not the server's library), so the server is checked against the standard.
 */
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { de } from '../../apps/server/src/identity/locales/de';
import { en } from '../../apps/server/src/identity/locales/en';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { PROFILE_PATH, ProfilePage } from './pages/ProfilePage';
import { byTestId } from './pages/testid';
import { watchAccessToken } from './support/abilities';
import { useBrowserSessions } from './support/browser';
import { DEMO_PASSWORD, demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();

/** RFC 4648 base32 → bytes. */
function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
}

/** RFC 6238 with SHA-1, 6 digits and 30-second steps, `steps` from now. */
function totp(secret: string, steps = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const account = demoAccount('Viewer');
let accessToken: (() => Promise<string>) | undefined;

// The server is shared by every e2e file: whatever happens, the account signs in with its password alone again.
afterEach(async () => {
  if (!accessToken) return;
  const s = current();
  await fetch(`${s.baseUrl}/api/v1/User/TwoFactor/Disable`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ password: DEMO_PASSWORD }),
  });
});

describe('two-factor sign-in', () => {
  it('is turned on in the profile; the next sign-in asks for the code and lets the right one in', async () => {
    const s = current();
    const page = s.page;
    const { shell, token } = await signInThroughLoginPage(s, account);
    accessToken = token;
    await shell.chooseLanguage('en');

    await page.goto(`${PROFILE_PATH}?tab=2fa`);
    const profile = new ProfilePage(page);
    await profile.root.waitFor();
    await byTestId(page, 'profile.2fa.begin').click();
    const secret = ((await byTestId(page, 'profile.2fa.secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await byTestId(page, 'profile.2fa.qr').waitFor();
    expect(
      await byTestId(page, 'profile.2fa.qr').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    await settle(s);
    await s.screenshot('two-factor-1-key');
    await byTestId(page, 'profile.2fa.code').fill(totp(secret));
    await byTestId(page, 'profile.2fa.confirm').click();
    const recovery = byTestId(page, 'profile.2fa.recovery');
    await recovery.waitFor();
    expect(await recovery.locator('li').count()).toBe(10);
    await s.screenshot('two-factor-2-recovery-codes');
    await byTestId(page, 'profile.2fa.recovery.done').click();
    await byTestId(page, 'profile.2fa.codes-left').waitFor();

    await shell.openUserMenu();
    await byTestId(page, 'user-menu.sign-out').click();
    await byTestId(page, 'auth.logged-out').waitFor();
    // Signing out ended that token; the cleanup uses the next sign-in's.
    accessToken = watchAccessToken(page).token;

    const login = await new LoginPage(page).openFrom('/home');
    await login.submitCredentials(account.email, DEMO_PASSWORD);
    const code = page.locator('#code');
    await code.waitFor();
    await s.screenshot('two-factor-3-code-asked');
    // The language switch keeps this step (it used to go back to the password).
    const cultures = page.locator('nav.cultures');
    await cultures.getByRole('button', { name: 'Deutsch' }).click();
    await page.getByText(de.twoFactorIntro).waitFor();
    expect(await page.locator('#password').count()).toBe(0);
    await s.screenshot('two-factor-4-code-asked-in-german');
    await cultures.getByRole('button', { name: 'English' }).click();
    await page.getByText(en.twoFactorIntro).waitFor();
    await code.fill('000000');
    await page.locator('main form').getByRole('button').click();
    expect(await login.errorText()).toContain('The code is not right.');
    // The next step's code: this step's was spent turning it on.
    await page.locator('#code').fill(totp(secret, 1));
    await page.locator('main form').getByRole('button').click();
    await new HomePage(page).waitUntilShown();
    expect(s.problems).toEqual([]);
  });
});
