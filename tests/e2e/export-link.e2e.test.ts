/**
 * Export to a link in the task list: a processed invoice is selected, the export dialog sends the
 * archive as a download link that works for 2 hours, the link is shown with the date it stops
 * working, and it downloads the zip without a sign-in (no token, no cookie).
 */
import { expect, it } from 'vitest';
import { importForReview, workspaceIdByName } from '../embed/support/tasks';
import { TaskListScreen } from './pages/TaskListScreen';
import { byTestId } from './pages/testid';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const getSession = useBrowserSessions();

// Real processing of the invoice first: up to a minute on a busy two-core machine.
it('exports the selected task to a download link that works without a sign-in', { timeout: 180_000 }, async () => {
  const s = getSession();
  const { token } = await signInThroughLoginPage(s, demoAccount('Developer'));
  const workspaceId = await workspaceIdByName(s.baseUrl, await token(), 'Supplier invoices');
  await importForReview(s.baseUrl, await token(), workspaceId, 'invoices/AzureInterior.pdf');
  const list = new TaskListScreen(s.page);
  await list.open();
  await byTestId(s.page, 'language.en').click();

  const row = list.row('AzureInterior.pdf');
  await row.waitFor();
  await row.getByRole('checkbox').click();
  await byTestId(s.page, 'task-list.bulk.export').click();
  const dialog = s.page.getByRole('dialog');
  await dialog.getByLabel('Send a download link instead of the file').check();
  await dialog.getByLabel('The link works for (hours)').fill('2');
  await settle(s);
  await s.screenshot('export-link-1-dialog');
  await dialog.getByRole('button', { name: 'Export' }).click();

  const link = await s.page.getByTestId('bulk.link').inputValue();
  expect(link.startsWith(`${s.baseUrl}/`)).toBe(true);
  await s.page.getByText(/Anyone with the link can download the file until/).waitFor();
  await s.screenshot('export-link-2-link');

  // Whoever has the link downloads the archive, signed in or not.
  const file = await fetch(link);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-disposition')).toMatch(/attachment; filename="Supplier invoices\.zip"/);
  const bytes = new Uint8Array(await file.arrayBuffer());
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  expect(s.problems).toEqual([]);
});
