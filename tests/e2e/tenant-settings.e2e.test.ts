/**
 * Tenant settings in the reference app, on the real server with the demo data: an administrator
 * opens /tenant/edit from the menu, renames the tenant, sees its people, creates an API secret —
 * shown once, and a program really gets a token with it —, and a connection the site refuses is
 * reported without being saved. Screenshots of each tab, in English and in German on the dark skin.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../../packages/admin-panels/src/i18n/locales/en.ts';
import { byTestId, textOf } from './pages/testid';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();
const tenant = en.tenant;

describe('tenant settings', () => {
  it('are configured by an administrator: name, people, an API secret shown once, a refused connection', {
    timeout: 240_000,
  }, async () => {
    const s = current();
    const { shell } = await signInThroughLoginPage(s, demoAccount('Administrator'));
    await shell.chooseLanguage('en');
    await shell.openMenuEntry('tenant-edit');
    await s.page.waitForURL((url) => url.pathname === '/tenant/edit');
    const name = byTestId(s.page, 'tenant.basic.name');
    await name.waitFor();
    const before = await name.inputValue();
    expect(before).not.toBe('');
    await name.fill(`${before} (renamed)`);
    await byTestId(s.page, 'tenant.basic.save').click();
    await s.page.waitForFunction(() => !document.querySelector('.rd-admin__dirty'));
    await settle(s);
    await s.screenshot('tenant-1-basic');
    await name.fill(before);
    await byTestId(s.page, 'tenant.basic.save').click();
    await s.page.waitForFunction(() => !document.querySelector('.rd-admin__dirty'));

    await s.page.getByRole('tab', { name: tenant.tabs.users }).click();
    expect(new URL(s.page.url()).searchParams.get('tab')).toBe('users');
    await byTestId(s.page, 'tenant.users.row.reviewer@demo.reviewdesk.test').waitFor();
    await byTestId(s.page, 'tenant.invite.email').fill('new.person@example.com');
    await byTestId(s.page, 'tenant.invite.check').waitFor();
    expect(await textOf(byTestId(s.page, 'tenant.invite.check'))).toBe(tenant.users.check.notFound);
    await settle(s);
    await s.screenshot('tenant-2-users');

    await s.page.getByRole('tab', { name: tenant.tabs.secrets }).click();
    await byTestId(s.page, 'tenant.secrets.create').click();
    const shown = byTestId(s.page, 'tenant.secrets.secret');
    await shown.waitFor();
    const secret = await textOf(shown);
    const clientId = await textOf(byTestId(s.page, 'tenant.secrets.shown').locator('code').first());
    await s.screenshot('tenant-3-secret-shown-once');
    // The secret works: a program exchanges it for an access token with the client-credentials grant.
    const token = await fetch(`${s.baseUrl}/connect/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'api' }),
    });
    expect(token.status).toBe(200);
    await byTestId(s.page, 'tenant.secrets.done').click();
    await byTestId(s.page, `tenant.secrets.row.${clientId}`).waitFor();
    expect(await s.page.content()).not.toContain(secret);

    await s.page.getByRole('tab', { name: tenant.tabs.connectors }).click();
    await byTestId(s.page, 'tenant.connectors.add').click();
    await byTestId(s.page, 'tenant.connection.displayName').fill('Finance share');
    await byTestId(s.page, 'tenant.connection.name').fill('finance');
    await byTestId(s.page, 'tenant.connection.hostname').fill('https://files.example.invalid/dav/');
    await byTestId(s.page, 'tenant.connection.clientId').fill('reviewdesk');
    await byTestId(s.page, 'tenant.connection.clientSecret').fill('not-the-password');
    await byTestId(s.page, 'tenant.connection.save').click();
    await byTestId(s.page, 'tenant.connection.error').waitFor();
    expect(await byTestId(s.page, 'tenant.connection.displayName').inputValue()).toBe('Finance share');
    await s.screenshot('tenant-4-connection-refused');
    await s.page.getByRole('button', { name: tenant.connectors.cancel }).click();
    expect(await byTestId(s.page, 'tenant.connectors.row.finance').count()).toBe(0);

    await shell.chooseLanguage('de');
    await shell.toggleSkin();
    await s.page.getByRole('tab', { name: 'Benutzer' }).click();
    await byTestId(s.page, 'tenant.users.row.reviewer@demo.reviewdesk.test').waitFor();
    await settle(s);
    await s.screenshot('tenant-5-users-german-dark');
    expect(s.problems).toEqual([]);
  });
});
