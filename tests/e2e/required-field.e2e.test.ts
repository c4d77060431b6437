/**
 * A workspace rule set in the admin panels reaches the review: an administrator makes the vendor's
 * tax id a required field of Supplier invoices in workspace edit → fields; a reviewer then opens
 * an invoice that has none, is told the field is required, cannot finish until a value is typed,
 * and finishes once it is there. The administrator puts the rule back as it was.
 */
import { expect, it } from 'vitest';
import { importForReview, workspaceIdByName } from '../embed/support/tasks';
import { launchBrowser, openSession, type Session, UI_TIMEOUT_MS, useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { finishReview, settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();
const POLL = { timeout: UI_TIMEOUT_MS };
const FIELD = 'VendorTaxId';

/** Turns the field's required flag on or off in workspace edit → fields, and saves. */
async function setRequired(s: Session, workspaceId: string, required: boolean) {
  const page = s.page;
  await page.getByTestId('workspace-switcher').selectOption(workspaceId);
  await page.goto('/workspace/edit?tab=fields');
  await page.getByTestId('workspace.fields').waitFor();
  await page.getByTestId(`workspace.fields.edit.${FIELD}`).click();
  const flag = page.getByTestId('workspace.field.required');
  if (required) await flag.check();
  else await flag.uncheck();
  await page.getByTestId('workspace.field.done').click();
  await page.getByTestId('workspace.fields.save').click();
  await expect.poll(() => page.getByTestId('workspace.fields.save').isDisabled(), POLL).toBe(true);
}

it('a field the administrator makes required stops the reviewer from finishing until it has a value', {
  timeout: 300_000,
}, async () => {
  const admin = current();
  const { token } = await signInThroughLoginPage(admin, demoAccount('Administrator'));
  const workspaceId = await workspaceIdByName(admin.baseUrl, await token(), 'Supplier invoices');
  await setRequired(admin, workspaceId, true);
  await settle(admin);
  await admin.screenshot('required-field-1-made-required');

  // The reviewer, in a browser of their own.
  const browser = await launchBrowser();
  const reviewer = await openSession(browser);
  try {
    const signedIn = await signInThroughLoginPage(reviewer, demoAccount('Reviewer'));
    const taskId = await importForReview(admin.baseUrl, await token(), workspaceId, 'invoices/AzureInterior.pdf');
    const page = reviewer.page;
    await page.goto(`/task/viewer?taskId=${taskId}&workspaceId=${workspaceId}`);
    const viewer = page.getByTestId('viewer');
    const field = viewer.getByTestId(`field.${FIELD}`);
    await field.waitFor({ timeout: 60_000 });
    // The invoice carries no tax id: the field says it is required.
    await expect.poll(() => field.locator('input').first().inputValue(), POLL).toBe('');
    await field.locator('[data-problem="required"]').waitFor();

    // Finishing is refused, and the task stays in review.
    // The workspace may ask for a confirmation first; either way the viewer says why it refuses.
    await viewer.getByTestId('toolbar.finish').click();
    const confirm = page.getByTestId('finish.confirm');
    const refused = page.getByTestId('banner.finish-error');
    await confirm.or(refused).first().waitFor({ timeout: 20_000 });
    if (await confirm.isVisible()) await confirm.click();
    await refused.waitFor({ timeout: 20_000 });
    expect(await viewer.getByTestId('viewer.finished').count()).toBe(0);
    await reviewer.screenshot('required-field-2-refused');
    const status = async () => {
      const answer = await fetch(`${admin.baseUrl}/api/v1/SdTask/${taskId}`, {
        headers: { authorization: `Bearer ${await signedIn.token()}`, accept: 'application/json' },
      });
      return ((await answer.json()) as { status: number }).status;
    };
    expect(await status()).not.toBe(100);

    // With a value, the review finishes.
    const input = field.locator('input').first();
    await input.fill('US-94-1234567');
    await input.press('Tab');
    await viewer
      .getByTestId('save.state')
      .filter({ hasText: /All changes saved|Todas as alterações gravadas/ })
      .waitFor({ timeout: 15_000 });
    await finishReview(page, viewer);
    await reviewer.screenshot('required-field-3-finished');
    expect(reviewer.problems).toEqual([]);
  } finally {
    await reviewer.context.close();
    await browser.close();
    // The demo's rule again, for the scenarios after this one.
    await setRequired(admin, workspaceId, false);
  }
  expect(admin.problems).toEqual([]);
});
