/**
 * E-invoices end to end, on the built app and the real server: a Factur-X PDF, a stand-alone CII
 * XML file and a stand-alone XRechnung in UBL syntax are imported through the task list's dialog,
 * processed, opened in the viewer, and reviewed. The fields read from the XML say so (source badge, confidence 100 %); where the
 * printed page and the XML disagree (the Factur-X PDF prints another grand total than its XML),
 * the field holds the printed value, is flagged, and shows the XML's value beside it. The XML kept
 * with the task is offered in the row menu and the viewer's exports, and comes back as imported.
 *
 * Expected values come from the fixtures' ground truth (fixtures/invoices-dev/*.json, which the
 * CII file shares with the PDF it was extracted from, and fixtures/einvoices/*.json; see
 * fixtures/SOURCES.md).
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TaskListScreen } from './pages/TaskListScreen';
import { byTestId } from './pages/testid';
import { type Session, useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { finishReview, signInThroughLoginPage } from './support/flows';
import { repoRoot } from './support/paths';

interface GroundTruth {
  invoiceNumber: string;
  date: string;
  totalAmount: number;
  issuer: string;
  vendorTaxId?: string;
  lineItemCount?: number;
}

const FACTUR_X_PDF = 'de_weclapp_facturx.pdf';
const CII_XML = 'fr_hotel_pacano_factur-x.xml';
const XRECHNUNG_XML = 'de_xrechnung_ubl_rechnung.xml';
const truthOf = (name: string, folder = 'invoices-dev'): GroundTruth =>
  JSON.parse(readFileSync(join(repoRoot, 'fixtures', folder, name), 'utf8')) as GroundTruth;
const PDF_TRUTH = truthOf('de_weclapp_facturx.json');
const XML_TRUTH = truthOf('fr_hotel_pacano_facturx.json');
const XRECHNUNG_TRUTH = truthOf('de_xrechnung_ubl_rechnung.json', 'einvoices');
/** The grand total the Factur-X XML of the PDF states (the page prints PDF_TRUTH.totalAmount). */
const PDF_XML_TOTAL = '963.11';

const PROCESSING_TIMEOUT_MS = 150_000;
const SAVED = /All changes saved/;

const current = useBrowserSessions();

function field(viewer: Locator, key: string): Locator {
  return viewer.getByTestId(`field.${key}`);
}

/** An amount as a field shows it, printed (`963,12 €`) or normalised (`963.12`). */
function amountOf(text: string): number {
  const digits = text.replace(/[^\d,.-]/g, '');
  return Number(/,\d{2}$/.test(digits) ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, ''));
}

async function inputOf(viewer: Locator, key: string): Promise<string> {
  return field(viewer, key).locator('input').first().inputValue();
}

/**
 * A field's value once the task's results have arrived: the rows can be drawn from the workspace's
 * fields before their values, so the value is awaited, not read once.
 */
async function expectValue(viewer: Locator, key: string, value: string | undefined): Promise<void> {
  await expect.poll(() => inputOf(viewer, key), { message: key, timeout: 15_000 }).toBe(value);
}

/** A field read from the e-invoice's XML: the source badge and 100 % confidence. */
async function expectFromXml(viewer: Locator, key: string): Promise<void> {
  const row = field(viewer, key);
  // The rows can be drawn before the task's results have all arrived on a busy machine: wait for it.
  await expect.poll(() => row.getAttribute('data-source'), { message: key, timeout: 15_000 }).toBe('einvoice');
  await row.getByText('E-invoice XML').waitFor();
  expect((await row.locator('.rd-viewer-field__confidence').textContent())?.trim()).toBe('100%');
}

async function correct(page: Page, viewer: Locator, key: string, value: string): Promise<void> {
  const input = field(viewer, key).locator('input').first();
  await input.fill(value);
  await input.press('Tab');
  await viewer.getByTestId('save.state').filter({ hasText: SAVED }).waitFor({ timeout: 15_000 });
  await page.reload();
  await expect.poll(() => inputOf(viewer, key), { timeout: 30_000 }).toBe(value);
}

describe('e-invoices', () => {
  it('imports a Factur-X PDF, a CII XML file and an XRechnung UBL file, shows the XML fields and the disagreement, and reviews them', {
    timeout: PROCESSING_TIMEOUT_MS + 180_000,
  }, async () => {
    const s = current();
    await signInThroughLoginPage(s, demoAccount('Manager'));
    const list = new TaskListScreen(s.page);
    await list.open();
    await byTestId(s.page, 'language.en').click();

    await list.importFiles(
      join(repoRoot, 'fixtures', 'invoices-dev', FACTUR_X_PDF),
      join(repoRoot, 'fixtures', 'einvoices', CII_XML),
      join(repoRoot, 'fixtures', 'einvoices', XRECHNUNG_XML),
    );
    for (const name of [FACTUR_X_PDF, CII_XML, XRECHNUNG_XML]) await list.waitForFileStatus(name, 'done');
    await list.closeImport();
    for (const name of [FACTUR_X_PDF, CII_XML, XRECHNUNG_XML])
      await list.row(name).getByText('To review').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    await s.screenshot('einvoices-1-to-review');

    // The Factur-X PDF: number, date and issuer from the XML; the total printed on the page
    // (963,12) is not the XML's (963.11), so the field is flagged and shows both.
    await list.openRow(FACTUR_X_PDF);
    const viewer = s.page.getByTestId('viewer');
    await field(viewer, 'InvoiceId').waitFor();
    await s.page.locator('.rd-page canvas').first().waitFor({ timeout: 30_000 });
    await expectValue(viewer, 'InvoiceId', PDF_TRUTH.invoiceNumber);
    await expectFromXml(viewer, 'InvoiceId');
    await expectFromXml(viewer, 'InvoiceDate');
    const total = field(viewer, 'InvoiceTotal');
    expect(await total.getAttribute('data-source')).toBe('einvoice');
    expect(await total.getAttribute('data-disagreement')).toBe('true');
    expect(amountOf(await inputOf(viewer, 'InvoiceTotal'))).toBe(PDF_TRUTH.totalAmount);
    await total.getByText(`The e-invoice XML says ${PDF_XML_TOTAL}`).waitFor();
    expect(await total.getAttribute('data-attention')).toBe('true');
    await s.screenshot('einvoices-2-pdf-disagreement');

    // The reviewer keeps the printed total (typed as the workspace writes amounts) and finishes.
    await correct(s.page, viewer, 'InvoiceTotal', PDF_TRUTH.totalAmount.toFixed(2));
    expect(await field(viewer, 'InvoiceTotal').getAttribute('data-disagreement')).toBe('true');
    await finishReview(s.page, viewer);
    await s.screenshot('einvoices-3-pdf-finished');

    // The XML file: its row offers the e-invoice XML among the exports; its pages are the
    // server's rendering of it; every field comes from the XML.
    await list.open();
    await list.row(CII_XML).locator('.rd-task-list__actions-trigger').click();
    await s.page.getByRole('menuitem', { name: 'Export the e-invoice XML' }).waitFor();
    await s.page.keyboard.press('Escape');
    await list.openRow(CII_XML);
    await field(viewer, 'InvoiceId').waitFor();
    await s.page.locator('.rd-page canvas').first().waitFor({ timeout: 30_000 });
    await s.screenshot('einvoices-4-xml-opened');
    await expectValue(viewer, 'InvoiceId', XML_TRUTH.invoiceNumber);
    await expectValue(viewer, 'VendorName', XML_TRUTH.issuer);
    for (const key of ['InvoiceId', 'InvoiceDate', 'VendorName', 'InvoiceTotal']) await expectFromXml(viewer, key);
    expect(await field(viewer, 'InvoiceTotal').getAttribute('data-disagreement')).toBeNull();
    expect(amountOf(await inputOf(viewer, 'InvoiceTotal'))).toBe(XML_TRUTH.totalAmount);

    // The viewer's export menu gives the XML back as it was imported.
    await viewer.getByRole('button', { name: /^Export$/ }).click();
    const download = s.page.waitForEvent('download');
    await s.page.getByRole('menuitem', { name: 'E-invoice XML (as received)' }).click();
    const xml = await readFile(await (await download).path());
    expect(xml.equals(readFileSync(join(repoRoot, 'fixtures', 'einvoices', CII_XML)))).toBe(true);

    // A correction: the vendor with its legal form, as the accounts payable ledger names it.
    await correct(s.page, viewer, 'VendorName', `${XML_TRUTH.issuer} SAS`);
    await finishReview(s.page, viewer);
    await s.screenshot('einvoices-5-xml-finished');

    // The XRechnung (UBL syntax): a readable rendering of it as the task's pages (the parties, the
    // lines, the totals), its fields from the XML, the seller's VAT id that passes the German
    // check digits, and its line items in the task's table.
    await list.open();
    await list.openRow(XRECHNUNG_XML);
    await field(viewer, 'InvoiceId').waitFor();
    await s.page.locator('.rd-page canvas').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => s.page.locator('.rd-page').count(), { timeout: 15_000 }).toBe(3);
    await expectValue(viewer, 'InvoiceId', XRECHNUNG_TRUTH.invoiceNumber);
    await expectValue(viewer, 'VendorName', XRECHNUNG_TRUTH.issuer);
    await expectValue(viewer, 'VendorTaxId', XRECHNUNG_TRUTH.vendorTaxId);
    for (const key of ['InvoiceId', 'InvoiceDate', 'VendorName', 'VendorTaxId', 'InvoiceTotal'])
      await expectFromXml(viewer, key);
    expect(await field(viewer, 'VendorTaxId').getAttribute('data-attention')).toBeNull();
    expect(amountOf(await inputOf(viewer, 'InvoiceTotal'))).toBe(XRECHNUNG_TRUTH.totalAmount);
    const lineRows = viewer.locator('.rd-viewer-table tbody tr');
    await expect.poll(() => lineRows.count(), { timeout: 15_000 }).toBe(XRECHNUNG_TRUTH.lineItemCount);
    const descriptions = await lineRows.evaluateAll((rows) =>
      rows.map((row) => (row.querySelectorAll('input')[1] as HTMLInputElement | undefined)?.value ?? ''),
    );
    expect(descriptions[0]).toMatch(/^Kopierpapier A4/);
    expect(descriptions.every((text) => text.length > 0)).toBe(true);
    await s.screenshot('einvoices-6-xrechnung-opened');
    await finishReview(s.page, viewer);
    await s.screenshot('einvoices-7-xrechnung-finished');
    expect(s.problems).toEqual([]);
  });
});
