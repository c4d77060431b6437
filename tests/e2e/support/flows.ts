/** Steps several scenarios share, written with the page objects. */
import { AppShell } from '../pages/AppShell';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { watchAccessToken } from './abilities';
import type { Session } from './browser';
import { DEMO_PASSWORD, type DemoAccount } from './demo';

export interface SignedIn {
  shell: AppShell;
  home: HomePage;
  /** The access token the app itself uses (from its GetUserAuthDetails call). */
  token: () => Promise<string>;
}

/** Opens the app signed out, signs in through the real login page and waits for /home. */
export async function signInThroughLoginPage(session: Session, account: DemoAccount, from = '/'): Promise<SignedIn> {
  const token = watchAccessToken(session.page).token;
  const login = await new LoginPage(session.page).openFrom(from);
  await login.submitCredentials(account.email, DEMO_PASSWORD);
  const home = new HomePage(session.page);
  await home.waitUntilShown();
  const shell = new AppShell(session.page);
  await shell.waitUntilShown();
  return { shell, home, token };
}

/** Lets pending requests and the menu's transitions finish before a screenshot. */
export async function settle(session: Session): Promise<void> {
  await session.page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
}
