/**
 * Text search on the built app and the real server: a word of the demo invoice and a word of the
 * demo recording, searched from /home and from the task list's text-search tab; each hit opens
 * where its passage is — the invoice in the viewer on the hit's page with the line of the word
 * boxed, the recording in the transcript editor playing from the passage's time.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { importForReview, workspaceIdByName } from '../embed/support/tasks';
import { byTestId } from './pages/testid';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();

/** The viewer opened on page 1 with the line of "Beeswax" boxed. */
async function expectInvoiceLineBoxed(page: Page, taskId: string) {
  await page.waitForURL(
    (url) =>
      url.pathname === '/task/viewer' &&
      url.searchParams.get('taskId') === taskId &&
      url.searchParams.get('page') === '1' &&
      url.searchParams.get('words')?.toLowerCase() === 'beeswax',
  );
  const box = page.locator('button[data-box-id="search:hit"]');
  await box.waitFor({ state: 'attached', timeout: 30_000 });
  expect(await box.textContent()).toMatch(/Beeswax XL/);
  // The box is on the hit's page.
  expect(await page.locator('.rd-page[data-page-number="1"] button[data-box-id="search:hit"]').count()).toBe(1);
}

/** The transcript editor opened at the passage's time, the word spoken there marked. */
async function expectRecordingAtTime(page: Page, taskId: string) {
  await page.waitForURL(
    (url) =>
      url.pathname === '/task/viewer/transcripts' &&
      url.searchParams.get('taskId') === taskId &&
      url.searchParams.get('time') !== null,
  );
  const time = Number(new URL(page.url()).searchParams.get('time'));
  expect(Number.isFinite(time)).toBe(true);
  await byTestId(page, 'paragraph.0').waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    (wanted) => {
      const media = document.querySelector('audio, video') as HTMLMediaElement | null;
      return media !== null && media.readyState >= 1 && Math.abs(media.currentTime - wanted) < 0.05;
    },
    time,
    { timeout: 30_000 },
  );
  await page.locator('.rd-transcript-word--current').waitFor({ state: 'attached', timeout: 10_000 });
}

describe('Text search', () => {
  it('finds a word of the invoice and of the recording from /home and from the text-search tab, and opens each hit at its place', {
    timeout: 300_000,
  }, async () => {
    const s = current();
    const page = s.page;
    const { shell, token } = await signInThroughLoginPage(s, demoAccount('Manager'));
    await shell.chooseLanguage('en');
    const invoicesId = await workspaceIdByName(s.baseUrl, await token(), 'Supplier invoices');
    const invoice = await importForReview(s.baseUrl, await token(), invoicesId, 'invoices/AzureInterior.pdf');
    const recordingsId = await workspaceIdByName(s.baseUrl, await token(), 'Meeting recordings');
    const recording = await importForReview(s.baseUrl, await token(), recordingsId, 'audio/jfk.wav', 240_000);

    // From /home, across the person's workspaces.
    const searchHome = async (word: string, taskId: string) => {
      await page.goto('/home');
      await byTestId(page, 'home.search').fill(word);
      const hit = byTestId(page, `home.hit.${taskId}`);
      await hit.waitFor({ timeout: 30_000 });
      return hit;
    };
    const invoiceHit = await searchHome('beeswax', invoice);
    expect(await invoiceHit.locator('xpath=..').textContent()).toMatch(/Page 1/);
    await s.screenshot('search-1-home-invoice-hit');
    await invoiceHit.click();
    await expectInvoiceLineBoxed(page, invoice);
    await settle(s);
    await s.screenshot('search-2-invoice-line');

    const recordingHit = await searchHome('country', recording);
    expect(await recordingHit.locator('xpath=..').textContent()).toMatch(/At \d+:\d\d/);
    await recordingHit.click();
    await expectRecordingAtTime(page, recording);
    await settle(s);
    await s.screenshot('search-3-recording-time');

    // From the task list's text-search tab of each workspace.
    const searchTab = async (workspaceId: string, word: string, taskId: string) => {
      await page.goto(`/task/list?tab=text-search&workspaceId=${workspaceId}`);
      const field = byTestId(page, 'task-list.search');
      await field.fill(word);
      await field.press('Enter');
      const open = byTestId(page, `task-list.open.${taskId}`);
      await open.waitFor({ timeout: 30_000 });
      return open;
    };
    await (await searchTab(invoicesId, 'beeswax', invoice)).click();
    await expectInvoiceLineBoxed(page, invoice);
    await (await searchTab(recordingsId, 'country', recording)).click();
    await expectRecordingAtTime(page, recording);

    // The summary panel's lookup of a task with no summary answers 404 (the contract's "none").
    const noSummaryYet = `HTTP 404 GET /api/v1/Index/GetVideoTextualSummary/${recording}`;
    expect(s.problems.filter((problem) => problem !== noSummaryYet)).toEqual([]);
    expect(s.notImplemented).toEqual([]);
  });
});
