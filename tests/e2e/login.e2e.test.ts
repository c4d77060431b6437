/**
 * The real login page refuses a wrong password with a clear message (in the page's language),
 * keeps the e-mail, and the right password then leads where the user was going. The page speaks
 * the culture the app asks for (Portuguese on a first visit, whatever the browser's language); a
 * person who reads another one picks it with the page's culture switch.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { PAGE_CULTURES } from '../../apps/server/src/identity/culture';
import { textsFor } from '../../apps/server/src/identity/texts';
import { LOGIN_PATH, LoginPage } from './pages/LoginPage';
import { byTestId } from './pages/testid';
import { closeSession, launchBrowser, openSession, type Session } from './support/browser';
import { DEMO_PASSWORD, demoAccount } from './support/demo';
import { settle } from './support/flows';

let browser: Browser;
let session: Session | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (context) => {
  await closeSession(session, context.task.fullName);
  session = undefined;
});

it.each([
  { locale: 'en-US', language: 'en', role: 'Reviewer' },
  { locale: 'pt-PT', language: 'pt', role: 'Creator' },
] as const)(
  'a wrong password gets a clear message ($language), then the right one opens the page asked for',
  async ({ locale, language, role }) => {
    session = await openSession(browser, locale);
    const s = session;
    const account = demoAccount(role);
    const login = await new LoginPage(s.page).openFrom('/task/list');
    await s.page.locator(`nav.cultures a[hreflang="${PAGE_CULTURES[language]}"]`).click();
    await login.waitUntilShown();
    expect(await s.page.evaluate(() => document.documentElement.lang)).toBe(PAGE_CULTURES[language]);

    await login.submitCredentials(account.email, 'not-the-password');
    expect(await login.errorText()).toBe(textsFor(language).wrongCredentials);
    expect(new URL(s.page.url()).pathname).toBe(LOGIN_PATH);
    expect(await login.email.inputValue()).toBe(account.email);
    expect(await login.password.inputValue()).toBe('');
    await s.screenshot(`login-wrong-password-${language}`);

    await login.submitCredentials(account.email, DEMO_PASSWORD);
    await byTestId(s.page, 'task-list').waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/task/list');
    await settle(s);
    await s.screenshot(`login-then-task-list-${language}`);

    expect(s.problems).toEqual([]);
  },
);
