/**
 * Sharing a task with someone outside the tenant, in a role picked in the share dialog: a manager
 * of Acme opens "Share" on a processed invoice's row, adds the administrator of Globex (the check
 * says they will be invited to the tenant), picks Reviewer on their row instead of the default
 * Viewer and shares. The Globex administrator then signs in in a browser of their own (in Globex),
 * opens the link from the dialog, the app moves to Acme, and the viewer lets them review (no
 * read-only banner).
 */
import { expect, it } from 'vitest';
import { en as listEn } from '../../packages/task-list/src/i18n/locales/en.ts';
import { importForReview, workspaceIdByName } from '../embed/support/tasks';
import { byTestId } from './pages/testid';
import { closeSession, openSession, useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();
const GLOBEX_ADMIN = 'admin@globex.demo.reviewdesk.test';

it('shares a task with a person of another tenant as a reviewer, who then reviews it', {
  timeout: 300_000,
}, async () => {
  const s = current();
  const { shell, token } = await signInThroughLoginPage(s, demoAccount('Manager'));
  await shell.chooseLanguage('en');
  const workspaceId = await workspaceIdByName(s.baseUrl, await token(), 'Supplier invoices');
  const taskId = await importForReview(s.baseUrl, await token(), workspaceId, 'invoices/AzureInterior.pdf');
  await s.page.goto('/task/list');

  const row = byTestId(s.page, `task-list.row.${taskId}`);
  await row.waitFor({ timeout: 30_000 });
  await row.locator('.rd-task-list__actions-trigger').hover();
  await row.getByRole('button', { name: listEn.actions.menu.replace('{{name}}', 'AzureInterior.pdf') }).click();
  await s.page.getByRole('menuitem', { name: listEn.actions.share, exact: true }).click();
  const dialog = s.page.getByRole('dialog');
  const link = byTestId(s.page, 'share-task.link');
  await expect.poll(() => link.inputValue(), { timeout: 20_000 }).not.toBe('');
  const shareUrl = await link.inputValue();

  await byTestId(s.page, 'share-task.email').fill(GLOBEX_ADMIN);
  await byTestId(s.page, 'share-task.add').click();
  const recipients = byTestId(s.page, 'share-task.recipients');
  await recipients.getByText(listEn.share.state.NotFoundInTenant).waitFor();
  const role = dialog.getByLabel(listEn.share.roleFor.replace('{{email}}', GLOBEX_ADMIN));
  expect(await role.evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.text)).toBe('Viewer');
  await role.selectOption({ label: 'Reviewer' });
  await settle(s);
  await s.screenshot('task-share-1-role');
  await byTestId(s.page, 'share-task.send').click();
  await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
  expect(s.problems).toEqual([]);

  // The person invited signs in in a browser of their own, in their tenant first.
  const browser = s.context.browser();
  if (!browser) throw new Error('No browser to open a second session in.');
  const recipient = await openSession(browser);
  try {
    await signInThroughLoginPage(recipient, { role: 'Administrator', email: GLOBEX_ADMIN });
    // The link names Acme: the app moves to it (they are a member now) before opening the task.
    await recipient.page.goto(shareUrl);
    const viewer = byTestId(recipient.page, 'viewer');
    await viewer.waitFor({ timeout: 30_000 });
    const field = viewer.locator('.rd-viewer-field__input').first();
    await field.waitFor({ timeout: 30_000 });
    // A reviewer checks the task out: the values can be edited and no read-only notice shows.
    await expect.poll(() => field.isEditable(), { timeout: 20_000 }).toBe(true);
    expect(await byTestId(recipient.page, 'banner.read-only').count()).toBe(0);
    await recipient.screenshot('task-share-2-reviewing');
    expect(recipient.problems).toEqual([]);
  } finally {
    await closeSession(recipient, 'task share recipient');
  }
});
