/**
 * Licensing in the reference app, on the real server: an administrator opens /licensing from the
 * menu, sees the demo trial, is refused a forged code in their language, activates a code signed
 * with the demo vendor key (as `licence:issue` makes them) and sees it in force and in the
 * history; the usage history tab opens. Screenshots in English and in Spanish on the dark skin.
 */
import { createPrivateKey, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueActivationCode } from '../../apps/server/src/domain/licences/activation-codes.ts';
import { DEMO_VENDOR_PRIVATE_KEY } from '../../apps/server/src/scripts/demo-licence-vendor.ts';
import { en } from '../../packages/admin-panels/src/i18n/locales/en.ts';
import { byTestId, textOf } from './pages/testid';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();

describe('licensing', () => {
  it('activates a signed licence code after refusing a forged one', { timeout: 240_000 }, async () => {
    const s = current();
    const { shell } = await signInThroughLoginPage(s, demoAccount('Administrator'));
    await shell.chooseLanguage('en');
    await shell.openMenuEntry('licensing');
    await s.page.waitForURL((url) => url.pathname === '/licensing');
    await byTestId(s.page, 'licensing.current').waitFor();
    expect(await textOf(byTestId(s.page, 'licensing.current'))).toContain(en.licensing.current.trial);
    await settle(s);
    await s.screenshot('licensing-1-trial');

    const code = byTestId(s.page, 'licensing.activate.code');
    await code.fill('RDL1.eyJsaWNlbnNlSWQiOiJGT1JHRUQifQ.bm90LWEtc2lnbmF0dXJl');
    await byTestId(s.page, 'licensing.activate.submit').click();
    await byTestId(s.page, 'licensing.activate.error').waitFor();
    await s.screenshot('licensing-2-forged-code');

    const licenseId = `E2E-${randomUUID().slice(0, 8)}`;
    const signed = issueActivationCode(createPrivateKey(DEMO_VENDOR_PRIVATE_KEY), {
      licenseId,
      volume: 5000,
      expirationDate: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    });
    await code.fill(signed);
    await byTestId(s.page, 'licensing.activate.submit').click();
    await byTestId(s.page, `licensing.history.row.${licenseId}`).waitFor();
    await s.page.waitForFunction(
      () => document.querySelector('[data-testid="licensing.current.volume"]')?.textContent === '5,000',
    );
    expect(await code.inputValue()).toBe('');
    await settle(s);
    await s.screenshot('licensing-3-activated');

    await s.page.getByRole('tab', { name: en.licensing.tabs['usage-history'] }).click();
    expect(new URL(s.page.url()).searchParams.get('tab')).toBe('usage-history');
    await byTestId(s.page, 'licensing.usage').waitFor();
    await shell.chooseLanguage('es');
    await shell.toggleSkin();
    await s.page.getByRole('tab', { name: 'Licencias' }).click();
    await byTestId(s.page, 'licensing.current').waitFor();
    await settle(s);
    await s.screenshot('licensing-4-spanish-dark');
    expect(s.problems).toEqual([]);
  });
});
