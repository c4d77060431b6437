/**
 * Workspace edit's configuration tabs on the real server with the demo data: a developer (who holds
 * every workspace permission) adds a predefined text and speaker, changes the advanced settings,
 * turns on deleting files after export, adds a notification address — each save still there after a
 * reload —, and sees the storage and for-developers tabs; a manager sees the advanced settings
 * read-only. Screenshots of every tab go to the artifacts.
 */
import { expect, it } from 'vitest';
import { pt } from '../../packages/admin-panels/src/i18n/locales/pt';
import { UI_TIMEOUT_MS, useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();
/** The real server answers within the UI's own timeout, not the poll's default second. */
const POLL = { timeout: UI_TIMEOUT_MS };

async function openTab(tab: string) {
  const s = current();
  await s.page.goto(`/workspace/edit?tab=${tab}`);
  await s.page.getByTestId('workspace-settings').waitFor();
}

it('saves every configuration tab against the real server, and keeps the saves after a reload', async () => {
  const s = current();
  await signInThroughLoginPage(s, demoAccount('Developer'));
  const page = s.page;

  // Predefined texts: add one, save, reload — it is there and saved.
  await openTab('predefined-texts');
  await page.getByTestId('workspace.texts.add').click();
  const added = page.getByTestId('workspace.texts.list').locator('li').last().locator('input');
  await added.fill('Missing purchase order number.');
  await page.getByTestId('workspace.texts.save').click();
  await expect.poll(() => page.getByTestId('workspace.texts.save').isDisabled(), POLL).toBe(true);
  await settle(s);
  await s.screenshot('workspace-settings-1-predefined-texts');
  await page.reload();
  await page.locator('input[value="Missing purchase order number."]').waitFor();

  // Predefined speakers: add one as the default.
  await openTab('predefined-speakers');
  await page.getByTestId('workspace.speakers.add').click();
  const row = page.getByTestId('workspace.speakers.list').locator('li').last();
  await row.locator('input').nth(1).fill('Interviewer');
  await row.locator('input[type="radio"]').check();
  await page.getByTestId('workspace.speakers.save').click();
  await expect.poll(() => page.getByTestId('workspace.speakers.save').isDisabled(), POLL).toBe(true);
  await settle(s);
  await s.screenshot('workspace-settings-2-predefined-speakers');
  await page.reload();
  await page.locator('input[value="Interviewer"]').waitFor();

  // Advanced settings: an out-of-range value is refused by field; a valid one is saved.
  await openTab('advanced-settings');
  const days = page.getByTestId('workspace.advanced.daysUntilRemoval');
  await days.fill('91');
  await page.getByTestId('workspace.advanced.save').click();
  await expect.poll(() => days.getAttribute('aria-invalid'), POLL).toBe('true');
  await page.getByText(pt.workspace.advanced.problems.range.replace('{{min}}', '1').replace('{{max}}', '90')).waitFor();
  await days.fill('45');
  await page.getByTestId('workspace.advanced.maxRestartCount').fill('5');
  await page.getByTestId('workspace.advanced.save').click();
  await expect.poll(() => page.getByTestId('workspace.advanced.save').isDisabled(), POLL).toBe(true);
  await settle(s);
  await s.screenshot('workspace-settings-3-advanced-settings');
  await page.reload();
  await expect.poll(() => page.getByTestId('workspace.advanced.daysUntilRemoval').inputValue(), POLL).toBe('45');
  expect(await page.getByTestId('workspace.advanced.maxRestartCount').inputValue()).toBe('5');

  // Export: delete the files after export.
  await openTab('export');
  await page.getByTestId('workspace.export.isToDelAfterExport').check();
  await page.getByTestId('workspace.export.after.save').click();
  await expect.poll(() => page.getByTestId('workspace.export.after.save').isDisabled(), POLL).toBe(true);
  await settle(s);
  await s.screenshot('workspace-settings-4-export');
  await page.reload();
  await expect.poll(() => page.getByTestId('workspace.export.isToDelAfterExport').isChecked(), POLL).toBe(true);
  // The advanced settings saved before are untouched by this save.
  await openTab('advanced-settings');
  await expect.poll(() => page.getByTestId('workspace.advanced.daysUntilRemoval').inputValue(), POLL).toBe('45');

  // Notifications: the reviewers and a further address for tasks to review.
  await openTab('notifications');
  await page.getByTestId('workspace.notifications.10.reviewers').check();
  await page.getByTestId('workspace.notifications.10.address').fill('accounting@example.com');
  await page.getByTestId('workspace.notifications.10.add').click();
  await page.getByTestId('workspace.notifications.save').click();
  await expect.poll(() => page.getByTestId('workspace.notifications.save').isDisabled(), POLL).toBe(true);
  await settle(s);
  await s.screenshot('workspace-settings-5-notifications');
  await page.reload();
  await page.getByText('accounting@example.com').waitFor();

  // Storage and for-developers: shown with what the server offers.
  await openTab('storage');
  await page.getByTestId('workspace.storage.connection').waitFor();
  await settle(s);
  await s.screenshot('workspace-settings-6-storage');
  await openTab('for-developers');
  await page.getByTestId('workspace.developers').waitFor();
  await page.getByRole('heading', { name: pt.workspace.developers.pipeline }).waitFor();
  await settle(s);
  await s.screenshot('workspace-settings-7-for-developers');

  expect(s.problems).toEqual([]);
});

it('shows a manager the advanced settings read-only', async () => {
  const s = current();
  await signInThroughLoginPage(s, demoAccount('Manager'));
  await openTab('advanced-settings');
  await s.page.getByText(pt.common.readOnly).waitFor();
  expect(await s.page.getByTestId('workspace.advanced.daysUntilRemoval').isDisabled()).toBe(true);
  expect(await s.page.getByTestId('workspace.advanced.save').count()).toBe(0);
  await settle(s);
  await s.screenshot('workspace-settings-8-advanced-read-only');
  expect(s.problems).toEqual([]);
});
