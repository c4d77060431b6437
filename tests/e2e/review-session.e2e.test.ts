/**
 * The review session end to end, on the built app and the real server: nothing typed is lost on a
 * reload even before the field is left or the autosave delay has passed (the device journal and
 * the autosave), line-item tables are listed and editable, and leaving the viewer gives the
 * checkout back at once.
 */
import { describe, expect, it } from 'vitest';
import { importForReview, workspaceIdByName } from '../embed/support/tasks';
import { type Session, useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();
const TO_REVIEW = 60;
const IN_REVIEW = 70;

async function taskStatus(s: Session, token: string, taskId: string): Promise<number> {
  const response = await fetch(`${s.baseUrl}/api/v1/SdTask/${taskId}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  return ((await response.json()) as { status: number }).status;
}

async function openInvoice(s: Session) {
  const { token } = await signInThroughLoginPage(s, demoAccount('Manager'));
  const workspaceId = await workspaceIdByName(s.baseUrl, await token(), 'Supplier invoices');
  const taskId = await importForReview(s.baseUrl, await token(), workspaceId, 'invoices/AzureInterior.pdf');
  await s.page.goto(`/task/viewer?taskId=${taskId}&workspaceId=${workspaceId}`);
  const viewer = s.page.getByTestId('viewer');
  await viewer.locator('.rd-viewer-field__input').first().waitFor();
  return { token, taskId, workspaceId, viewer };
}

describe('review session', () => {
  it('keeps what was typed into an empty field and a table cell over a reload 300 ms later, without leaving the field', {
    timeout: 240_000,
  }, async () => {
    const s = current();
    const { viewer } = await openInvoice(s);
    const page = s.page;

    // A field with no value: its input is empty.
    const emptyRow = viewer.locator('li.rd-viewer-field:has(input.rd-viewer-field__input[value=""])').first();
    const key = ((await emptyRow.getAttribute('data-testid')) ?? '').replace(/^field\./, '');
    expect(key).not.toBe('');
    await emptyRow.locator('input').first().click();
    await page.keyboard.type('PO-4711');
    await expect
      .poll(() => viewer.getByTestId('save.state').textContent())
      .not.toMatch(/All changes saved|Todas as alterações gravadas/);
    await page.waitForTimeout(300);
    await page.reload();
    await expect
      .poll(() => viewer.getByTestId(`field.${key}`).locator('input').first().inputValue(), { timeout: 30_000 })
      .toBe('PO-4711');

    // The invoice's line items: a table in the panel, its cells editable.
    const cell = viewer.locator('.rd-viewer-table__cell').first();
    await cell.waitFor({ timeout: 30_000 });
    await cell.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Chair, blue');
    await page.waitForTimeout(300);
    await page.reload();
    await expect
      .poll(() => viewer.locator('.rd-viewer-table__cell').first().inputValue(), { timeout: 30_000 })
      .toBe('Chair, blue');
    await s.screenshot('review-session-1-restored');

    // Saved on the server: after the badge says so, a reload reads it back from there.
    await viewer
      .getByTestId('save.state')
      .filter({ hasText: /All changes saved|Todas as alterações gravadas/ })
      .waitFor({ timeout: 15_000 });
    await page.evaluate(() => indexedDB.deleteDatabase('reviewdesk-document-viewer'));
    await page.reload();
    await expect
      .poll(() => viewer.locator('.rd-viewer-table__cell').first().inputValue(), { timeout: 30_000 })
      .toBe('Chair, blue');
    await expect
      .poll(() => viewer.getByTestId(`field.${key}`).locator('input').first().inputValue(), { timeout: 30_000 })
      .toBe('PO-4711');
    expect(s.problems).toEqual([]);
  });

  it('gives the checkout back when the reviewer leaves the viewer', { timeout: 240_000 }, async () => {
    const s = current();
    const { token, taskId } = await openInvoice(s);
    await expect.poll(async () => taskStatus(s, await token(), taskId), { timeout: 20_000 }).toBe(IN_REVIEW);
    // Another page of the app: the viewer unmounts and releases the task at once.
    await s.page.goto('/home');
    await expect.poll(async () => taskStatus(s, await token(), taskId), { timeout: 10_000 }).toBe(TO_REVIEW);
    expect(s.problems).toEqual([]);
  });
});
