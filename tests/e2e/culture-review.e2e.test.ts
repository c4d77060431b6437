/**
 * One full review in German, on the built app and the real server: the task list, the viewer,
 * correcting the required fields, saving, finishing. At every step no English string of the
 * product is on screen (support/english.ts compares the visible text with the translation tables).
 */
import { describe, expect, it } from 'vitest';
import { de as uiDe } from '../../packages/ui/src/i18n/locales/de.ts';
import { importForReview, workspaceIdByName } from '../embed/support/tasks';
import { byTestId } from './pages/testid';
import { type Session, useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { englishOnScreen } from './support/english';
import { finishReview, settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();

/** Values of the invoice's required fields from its ground truth (fixtures/invoices/AzureInterior.json). */
const GROUND_TRUTH: Record<string, string> = {
  InvoiceId: 'INV/2023/03/0008',
  InvoiceDate: '2023-03-20',
  VendorName: 'Azure Interior',
  InvoiceTotal: '279.84',
};

/** Screenshots the step and fails with the English lines found, if any. */
async function expectNoEnglish(s: Session, step: string): Promise<void> {
  await settle(s);
  await s.screenshot(`culture-review-${step}`);
  expect(await englishOnScreen(s.page), `English on screen at "${step}"`).toEqual([]);
}

describe('a review in German', () => {
  it('lists, opens, corrects, saves and finishes an invoice with no English on screen', {
    timeout: 240_000,
  }, async () => {
    const s = current();
    const page = s.page;
    const { shell, token } = await signInThroughLoginPage(s, demoAccount('Manager'));
    await shell.chooseLanguage('de');
    const workspaceId = await workspaceIdByName(s.baseUrl, await token(), 'Supplier invoices');
    const taskId = await importForReview(s.baseUrl, await token(), workspaceId, 'invoices/AzureInterior.pdf');
    await expectNoEnglish(s, '1-home');

    // The list of the invoice's workspace, opened from the menu; the task by its name.
    await shell.openMenuEntry('task-list');
    await byTestId(page, `task-list.row.${taskId}`).waitFor({ timeout: 30_000 });
    await expectNoEnglish(s, '2-list');
    await byTestId(page, `task-list.open.${taskId}`).click();
    const viewer = page.getByTestId('viewer');
    await viewer.getByTestId('field.VendorName').waitFor();
    await page.locator('.rd-page canvas').first().waitFor({ timeout: 30_000 });
    await expectNoEnglish(s, '3-viewer');

    // Correct what the recognizer left empty or invalid among the required fields, and save.
    const saved = viewer.getByTestId('save.state').filter({ hasText: uiDe.reviewSession.save.saved });
    for (const [key, value] of Object.entries(GROUND_TRUTH)) {
      const input = viewer.getByTestId(`field.${key}`).locator('input').first();
      if ((await input.getAttribute('aria-invalid')) === 'true' || (await input.inputValue()) === '') {
        await input.fill(value);
        await input.press('Tab');
      }
    }
    await saved.waitFor({ timeout: 15_000 });
    await expectNoEnglish(s, '4-saved');

    // Finish: the confirmation (when the workspace asks for one) and the finished state.
    await finishReview(page, viewer, { onConfirm: () => expectNoEnglish(s, '5-confirm') });
    await expectNoEnglish(s, '6-finished');
    expect(s.problems).toEqual([]);
  });
});
