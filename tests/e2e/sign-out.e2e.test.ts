/**
 * Signing out is one step: from the user menu straight to the signed-out page in the person's
 * language, with no confirmation page of the provider in between; the session is over (the app
 * asks for credentials again, the old access token is refused at once). The app and the sign-in
 * pages carry the product's icon.
 */
import { describe, expect, it } from 'vitest';
import { de as webDe } from '../../apps/web/src/i18n/locales/de.ts';
import { LoginPage } from './pages/LoginPage';
import { byTestId } from './pages/testid';
import { type Session, useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();

/** The page's icon, fetched from where it points: its status and type. */
async function iconOf(s: Session): Promise<{ status: number; type: string }> {
  const href = await s.page.locator('link[rel="icon"]').getAttribute('href');
  expect(href, `icon link on ${s.page.url()}`).toBeTruthy();
  const response = await fetch(new URL(href ?? '', s.page.url()));
  return { status: response.status, type: response.headers.get('content-type') ?? '' };
}

describe('sign-out', () => {
  it('signs out in one step onto the translated signed-out page, and the session is over', async () => {
    const s = current();
    const page = s.page;
    await page.goto('/');
    await new LoginPage(page).waitUntilShown();
    expect(await iconOf(s)).toEqual({ status: 200, type: expect.stringMatching(/^image\/svg\+xml/) });

    const { shell, token } = await signInThroughLoginPage(s, demoAccount('Reviewer'));
    expect(await iconOf(s)).toEqual({ status: 200, type: expect.stringMatching(/^image\/svg\+xml/) });
    await shell.chooseLanguage('de');
    const accessToken = await token();

    // Every page the browser shows from the click on: none may be the provider's confirmation.
    const shown: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) shown.push(new URL(frame.url()).pathname);
    });
    await shell.openUserMenu();
    await byTestId(page, 'user-menu.sign-out').click();
    const landed = byTestId(page, 'auth.logged-out');
    await landed.waitFor();
    await settle(s);
    await s.screenshot('sign-out-1-signed-out-de');
    expect(await page.locator('button[name="logout"]').count()).toBe(0);
    // The provider's confirmation would be a page shown at its end-session address; one step redirects through it.
    expect(shown.filter((path) => /\/endsession$/.test(path))).toEqual([]);
    expect(await landed.textContent()).toContain(webDe.auth.loggedOut);
    expect(await shell.documentLanguage()).toBe('de-DE');

    // The token the app used is refused on its next call.
    const after = await fetch(`${s.baseUrl}/api/v1/User/GetUserAuthDetails`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    expect(after.status).toBe(401);

    // Leaving the signed-out page does not bring the session back: the app asks to sign in, in German.
    await new LoginPage(page).openFrom('/home');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await s.screenshot('sign-out-2-sign-in-again-de');
    expect(s.problems).toEqual([]);
  });
});
