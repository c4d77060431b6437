/**
 * Anonymising the demo letter end to end: a manager imports the letter into "Anonymise letters",
 * the server detects its personal data, the reviewer sees the regions in the document viewer,
 * removes one (the date of birth: marked as not on the document, its box gone from the page) and adds one (the clinic's name,
 * drawn on the page), then exports the anonymised Pdf from the viewer. poppler's pdftotext reads
 * the downloaded file back: none of the reviewed strings is in it, the removed one still is.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { demoLetter, LETTER_PII } from '../../apps/server/src/testing/demo-letter';
import { pdfText, readableOf } from '../../apps/server/src/testing/read-back';
import { importFileForReview, workspaceIdByName } from '../embed/support/tasks';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();

/** The letter's page (A4, in points) and where its first line is: pdfkit's 72 pt margin, 12 pt text. */
const PAGE = { width: 595.28, height: 841.89 };
const FIRST_LINE = { left: 68, top: 69, right: 215, bottom: 88 };
const ADDED = 'Clínica Boavista';

describe('anonymised export', () => {
  // Real processing first (pdf.js text, personal-data detection, page images): up to a minute on a
  // busy two-core machine.
  it('reviews the detected regions of the demo letter, adds and removes one, and exports a Pdf that keeps none of them', {
    timeout: 240_000,
  }, async () => {
    const s = current();
    const { shell, token } = await signInThroughLoginPage(s, demoAccount('Manager'));
    await shell.chooseLanguage('en');
    const page = s.page;
    const workspaceId = await workspaceIdByName(s.baseUrl, await token(), 'Anonymise letters');
    const taskId = await importFileForReview(s.baseUrl, await token(), workspaceId, 'Carta.pdf', await demoLetter());

    await page.goto(`/task/viewer?taskId=${taskId}&workspaceId=${workspaceId}`);
    const viewer = page.getByTestId('viewer');
    await viewer.getByTestId('field.DateOfBirth').waitFor({ timeout: 30_000 });
    const firstPage = page.locator('.rd-page[data-page-number="1"]');
    await firstPage.locator('canvas').first().waitFor({ timeout: 30_000 });
    await settle(s);
    await s.screenshot('anonymised-export-1-detected');

    // What the server detected is listed for review: the name (twice), e-mail, phone, IBAN, birth date.
    const values = () =>
      viewer
        .locator('.rd-viewer-field__input')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).filter(Boolean));
    const detected = await values();
    for (const value of [LETTER_PII.name, LETTER_PII.email, LETTER_PII.phone, LETTER_PII.iban, LETTER_PII.birthDate]) {
      expect(detected).toContain(value);
    }

    // Remove one region: the date of birth is not to be hidden.
    // A value's actions show once its row is selected.
    // Its box leaves the page too (the page's boxes are listed for keyboard and screen readers).
    const pageBoxes = firstPage.locator('.rd-box-list button');
    const boxesBefore = await pageBoxes.count();
    const birthDate = viewer.getByTestId('field.DateOfBirth');
    await birthDate.locator('input').first().click();
    await birthDate.getByRole('button', { name: 'Mark as not on the document' }).click();
    await expect.poll(values).not.toContain(LETTER_PII.birthDate);
    await expect.poll(() => pageBoxes.count()).toBe(boxesBefore - 1);

    // Add one: a third person name, drawn over the clinic's name in the letterhead.
    const names = viewer.getByTestId('field.PersonName');
    const namesBefore = await names.count();
    await names.first().locator('input').click();
    await names.first().getByTestId('field.PersonName.add').click();
    const box = await firstPage.boundingBox();
    if (!box) throw new Error('The first page is not on screen.');
    const at = (x: number, y: number) => ({
      x: box.x + (x / PAGE.width) * box.width,
      y: box.y + (y / PAGE.height) * box.height,
    });
    const from = at(FIRST_LINE.left, FIRST_LINE.top);
    const to = at(FIRST_LINE.right, FIRST_LINE.bottom);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => names.count()).toBe(namesBefore + 1);
    await viewer.getByTestId('save.state').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 10_000 });
    await settle(s);
    await s.screenshot('anonymised-export-2-reviewed');
    const reviewed = await values();
    expect(reviewed).not.toContain(LETTER_PII.birthDate);

    // Export the anonymised Pdf from the viewer's menu and read it back with pdftotext.
    await viewer.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /AnonymizedPdf/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Carta.pdf');
    const text = await pdfText(new Uint8Array(await readFile(await file.path())));
    expect(readableOf(text, [...reviewed, ADDED])).toEqual([]);
    expect(text).toContain(LETTER_PII.birthDate);
    expect(text).toContain('Resultados da consulta');
    expect(s.problems).toEqual([]);
  });
});
