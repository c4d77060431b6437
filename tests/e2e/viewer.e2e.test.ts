/**
 * The document viewer end to end, as the README's demo does it: a manager (who may import and
 * review) opens a processed invoice, corrects a field, sees it saved, reloads and finds it there,
 * finishes the review, and exports Json and Word in which the corrected value is (the Word file
 * read back by LibreOffice).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { wordText } from '../../apps/server/src/testing/word-text';
import { importForReview, workspaceIdByName } from '../embed/support/tasks';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { finishReview, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();

/** Values of the invoice's required fields from its ground truth (fixtures/invoices/AzureInterior.json). */
const GROUND_TRUTH: Record<string, string> = {
  InvoiceId: 'INV/2023/03/0008',
  InvoiceDate: '2023-03-20',
  VendorName: 'Azure Interior',
  InvoiceTotal: '279.84',
};
const CORRECTED_VENDOR = 'Azure Interior Inc.';

describe('document viewer', () => {
  // Real processing runs first (pdf.js, page images, QR codes): on a busy two-core machine that
  // alone can take a minute, so this scenario gets more than the suite's 60 s.
  it('opens a processed invoice, saves a correction, keeps it over a reload, finishes review and exports it', {
    timeout: 240_000,
  }, async () => {
    const s = current();
    const { token } = await signInThroughLoginPage(s, demoAccount('Manager'));
    const workspaceId = await workspaceIdByName(s.baseUrl, await token(), 'Supplier invoices');
    const taskId = await importForReview(s.baseUrl, await token(), workspaceId, 'invoices/AzureInterior.pdf');
    const page = s.page;

    await page.goto(`/task/viewer?taskId=${taskId}&workspaceId=${workspaceId}`);
    const viewer = page.getByTestId('viewer');
    await viewer.getByTestId('field.VendorName').waitFor();
    await page.locator('.rd-page canvas').first().waitFor({ timeout: 30_000 });
    await s.screenshot('viewer-1-opened');

    // Correct the vendor: typed, checked inline, saved 500 ms later.
    const vendor = viewer.getByTestId('field.VendorName').locator('input').first();
    await vendor.fill(CORRECTED_VENDOR);
    await vendor.press('Tab');
    const saved = viewer
      .getByTestId('save.state')
      .filter({ hasText: /All changes saved|Todas as alterações gravadas/ });
    await saved.waitFor({ timeout: 10_000 });
    await s.screenshot('viewer-2-saved');

    // Reload: the value comes back from the server.
    await page.reload();
    await expect
      .poll(() => viewer.getByTestId('field.VendorName').locator('input').first().inputValue(), { timeout: 20_000 })
      .toBe(CORRECTED_VENDOR);

    // Fill whatever the recognizer left empty or invalid among the required fields, then finish.
    for (const [key, value] of Object.entries(GROUND_TRUTH)) {
      const input = viewer.getByTestId(`field.${key}`).locator('input').first();
      if ((await input.getAttribute('aria-invalid')) === 'true') {
        await input.fill(value);
        await input.press('Tab');
      }
    }
    await saved.waitFor({ timeout: 10_000 });
    await finishReview(page, viewer);
    await s.screenshot('viewer-3-finished');

    // Export Json from the viewer (now read-only) and find the correction in the file.
    await page.reload();
    await viewer.getByTestId('field.VendorName').waitFor();
    await viewer.getByRole('button', { name: /Export|Exportar/ }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /Json/ }).click();
    const file = await (await download).path();
    const json = await readFile(file, 'utf8');
    expect(json).toContain(CORRECTED_VENDOR);

    // The same menu's Word file opens in LibreOffice with the correction in it.
    await viewer.getByRole('button', { name: /Export|Exportar/ }).click();
    const wordDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /Word/ }).click();
    const word = await wordDownload;
    expect(word.suggestedFilename()).toMatch(/\.docx$/);
    expect(await wordText(await readFile(await word.path()))).toContain(CORRECTED_VENDOR);
    expect(s.problems).toEqual([]);
  });
});
