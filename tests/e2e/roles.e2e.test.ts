/**
 * Every demo role, through the real login page: lands on /home, sees exactly the menu its
 * abilities open (the server's GetUserAuthDetails × the app's route table), is sent to
 * /not-authorized on a route beyond the role, sees itself in the profile, and signs out.
 */
import { describe, expect, it } from 'vitest';
import { LoginPage } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';
import { StatusPage } from './pages/StatusPage';
import { textOf } from './pages/testid';
import { expectedMenuTestIds, fetchAuthDetails, forbiddenPaths } from './support/abilities';
import { useBrowserSessions } from './support/browser';
import { demoAccounts } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();

describe.each(demoAccounts)('$role', (account) => {
  const shot = (step: string) => current().screenshot(`role-${account.role.toLowerCase()}-${step}`);

  it('signs in on the login page, lands on /home, sees exactly its menu, is refused a forbidden route, signs out', async () => {
    const s = current();
    const { shell, token } = await signInThroughLoginPage(s, account);
    expect(shell.pathname()).toBe('/home');
    await settle(s);
    await shot('1-home');

    // Who the server says this is, and what it may do — asked with the user's own token.
    const details = await fetchAuthDetails(s.baseUrl, await token());
    expect(details.email).toBe(account.email);
    expect(details.role).toBe(account.role);
    expect(await shell.userName()).toBe(details.name);

    // The menu shows exactly the entries whose route permission the role holds, in the table's order.
    const expectedMenu = expectedMenuTestIds(details);
    expect(expectedMenu).toContain('menu.home');
    expect(await shell.visibleMenuTestIds()).toEqual(expectedMenu);

    // A route beyond the role, opened by its address, lands on /not-authorized (developers and
    // administrators hold every route of the table, so they have none).
    const forbidden = forbiddenPaths(details)[0];
    if (forbidden) {
      await s.page.goto(forbidden);
      const status = new StatusPage(s.page);
      await status.waitFor('not-authorized');
      expect(shell.pathname(), `${forbidden} for ${account.role}`).toBe('/not-authorized');
      await settle(s);
      await shot('2-not-authorized');
      await status.backHome();
      await s.page.waitForURL((url) => url.pathname === '/home');
    }

    // The profile, from the user menu, shows the signed-in account.
    await shell.openProfile();
    const profile = new ProfilePage(s.page);
    await profile.waitUntilShown();
    expect(await textOf(profile.email)).toBe(account.email);
    expect(await textOf(profile.role)).toBe(account.role);
    await settle(s);
    await shot('3-profile');

    // Sign out: the app says so, and the next visit asks for credentials again.
    await shell.signOut(() => shot('4-sign-out-confirmation'));
    await shot('5-signed-out');
    await new LoginPage(s.page).openFrom('/home');

    expect(s.problems).toEqual([]);
  });
});
