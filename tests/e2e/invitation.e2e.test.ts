/**
 * An invitation as the two people meet it: an administrator invites someone new by e-mail from the
 * users tab of workspace edit (the address checked as typed, a name and a role asked because the
 * person is new); the invitation arrives over SMTP (`support/mailbox.ts`); its link, followed in a
 * fresh browser with nothing of the administrator's, lets the person choose a password, go to the
 * app, sign in, and find the workspace they were invited to — and only that one.
 */
import { expect, it } from 'vitest';
import { pt } from '../../packages/admin-panels/src/i18n/locales/pt';
import { LoginPage } from './pages/LoginPage';
import { byTestId, textOf } from './pages/testid';
import { closeSession, openSession, UI_TIMEOUT_MS, useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';
import { waitForMail } from './support/mailbox';

const current = useBrowserSessions();
const POLL = { timeout: UI_TIMEOUT_MS };

it('invites a new person by e-mail, who follows the mailed link, chooses a password and finds the workspace', {
  timeout: 180_000,
}, async () => {
  const s = current();
  const page = s.page;
  await signInThroughLoginPage(s, demoAccount('Administrator'));

  // The workspace of the switcher that is not the first one, so the newcomer's landing proves the invitation.
  const switcher = byTestId(page, 'workspace-switcher');
  await switcher.waitFor();
  const listed = () =>
    switcher
      .locator('option')
      .evaluateAll((all) => all.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })));
  await expect.poll(async () => (await listed()).length, POLL).toBeGreaterThan(1);
  const options = await listed();
  const workspace = options[1] as { value: string; label: string };
  await switcher.selectOption(workspace.value);

  await page.goto('/workspace/edit?tab=users');
  await byTestId(page, 'workspace.users').waitFor();
  const email = `nova.pessoa.${Date.now()}@example.test`;
  await byTestId(page, 'workspace.invite.email').fill(email);
  const check = byTestId(page, 'workspace.invite.check');
  await check.waitFor();
  expect(await check.getAttribute('data-state')).toBe('1');
  expect(await textOf(check)).toBe(pt.workspace.users.check.notFound);
  await byTestId(page, 'workspace.invite.name').fill('Nova Pessoa');
  const role = byTestId(page, 'workspace.invite.role');
  await role.selectOption({ label: pt.common.roles.Reviewer });
  await settle(s);
  await s.screenshot('invitation-1-invite-form');
  await byTestId(page, 'workspace.invite.submit').click();
  // The form empties and the person is listed among the workspace's members.
  await expect.poll(() => byTestId(page, 'workspace.invite.email').inputValue(), POLL).toBe('');
  const row = byTestId(page, `workspace.users.row.${email}`);
  await row.getByText('Nova Pessoa').waitFor();
  expect(await row.getByText(pt.common.roles.Reviewer, { exact: true }).count()).toBe(1);
  await page.getByText(pt.common.invite.sent.replace('{{email}}', email)).waitFor();
  await settle(s);
  await s.screenshot('invitation-2-member-listed');
  expect(s.problems).toEqual([]);

  // In the administrator's language (they signed in in Portuguese), the role named in it, then in English.
  const mail = await waitForMail(email);
  expect(mail.subject).toMatch(/^Convite para Acme.* \/ Invitation to Acme/);
  expect(mail.text).toContain('como Revisor');
  expect(mail.text).toContain('as Reviewer');
  const link = /(http\S+ResetPassword\S+lang=pt)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  expect(new URL(link as string).origin).toBe(s.baseUrl);

  // The newcomer: another browser context, no cookie or storage of the administrator's.
  const browser = s.context.browser();
  if (!browser) throw new Error('The session has no browser.');
  const newcomer = await openSession(browser);
  try {
    const them = newcomer.page;
    await them.goto(link as string);
    // A newcomer chooses their first password; nothing is "changed".
    expect(await them.locator('h1').textContent()).toBe('Bem-vindo! Escolha a sua palavra-passe');
    await them.locator('#password').fill('Welcome-aboard-7');
    await them.locator('#confirm').fill('Welcome-aboard-7');
    await newcomer.screenshot('invitation-3-choose-password');
    await them.locator('form').getByRole('button').click();
    const back = them.locator('.links a');
    await back.waitFor();
    expect(await them.getByText('A sua palavra-passe está definida.', { exact: false }).count()).toBe(1);
    await newcomer.screenshot('invitation-4-password-chosen');
    await back.click();

    const login = new LoginPage(them);
    await login.waitUntilShown();
    await login.submitCredentials(email, 'Welcome-aboard-7');
    await byTestId(them, 'home.welcome').waitFor();
    const theirs = byTestId(them, 'workspace-switcher');
    await theirs.waitFor();
    await expect
      .poll(() => theirs.locator('option').evaluateAll((all) => all.map((o) => o.textContent ?? '')), POLL)
      .toEqual([workspace.label]);
    expect(await textOf(byTestId(them, 'user-menu.trigger'))).toContain('Nova Pessoa');
    await them.goto('/task/list');
    await byTestId(them, 'task-list').waitFor();
    await settle(newcomer);
    await newcomer.screenshot('invitation-5-newcomer-task-list');
    expect(newcomer.problems).toEqual([]);
  } finally {
    await closeSession(newcomer, 'invitation: the newcomer');
  }
});
