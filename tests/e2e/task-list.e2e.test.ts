/**
 * The task list on the real server: import a fixture PDF through the UI (tus upload, then
 * SdTask/Process), watch it reach "To review" on the list's own 10-second refresh, open it; and
 * drop the network in the middle of an upload and see it resume and finish.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { TaskListScreen } from './pages/TaskListScreen';
import { byTestId } from './pages/testid';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';
import { repoRoot } from './support/paths';

const SMALL_PDF = join(repoRoot, 'fixtures', 'invoices', 'AzureInterior.pdf');
// Small on purpose: the task it becomes is processed by the same single worker as the scenarios
// after this one (a 65-page file kept it busy for minutes). Any size resumes the same way: the
// connection drops after half of the first PATCH body.
const RESUMED_PDF = join(repoRoot, 'fixtures', 'invoices', 'QualityHosting.pdf');
/** Processing runs in the server's workers; a one-page digital PDF takes seconds, the refresh 10 s. */
const PROCESSING_TIMEOUT_MS = 120_000;

const getSession = useBrowserSessions();

// Waits for real processing (up to PROCESSING_TIMEOUT_MS): more than the suite's 60 s.
it('imports a PDF through the dialog, sees it reach To review without reloading, and opens it', {
  timeout: PROCESSING_TIMEOUT_MS + 60_000,
}, async () => {
  const s = getSession();
  await signInThroughLoginPage(s, demoAccount('Developer'));
  const list = new TaskListScreen(s.page);
  await list.open();
  // English, so the status text can be read.
  await byTestId(s.page, 'language.en').click();

  await list.importFiles(SMALL_PDF);
  await list.waitForFileStatus('AzureInterior.pdf', 'done');
  await s.screenshot('task-list-1-import-done');
  await list.closeImport();

  const row = list.row('AzureInterior.pdf');
  await row.waitFor();
  // Its status advances on the list's own refresh (no reload): queued → … → To review.
  await row.getByText('To review').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
  await settle(s);
  await s.screenshot('task-list-2-to-review');

  const taskId = (await row.getAttribute('data-task-id')) ?? '';
  expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
  await byTestId(s.page, `task-list.open.${taskId}`).click();
  await s.page.waitForURL((url) => url.pathname === '/task/viewer' && url.searchParams.get('taskId') === taskId);
  expect(s.problems).toEqual([]);
});

it('resumes an upload after the network drops in the middle of it', async () => {
  const s = getSession();
  await signInThroughLoginPage(s, demoAccount('Developer'));
  const list = new TaskListScreen(s.page);
  await list.open();
  await byTestId(s.page, 'language.en').click();

  // The connection drops in the middle of the first chunk: the server receives only the first half
  // of the PATCH body (forwarded here), the browser sees the network go away. Chromium's upload
  // throttling cannot do this: it delays answers, not bytes.
  const patches: { offset: string; length: number }[] = [];
  let half = 0;
  await s.page.route('**/files/*', async (route) => {
    const request = route.request();
    if (request.method() !== 'PATCH') return route.continue();
    const body = request.postDataBuffer() ?? Buffer.alloc(0);
    patches.push({ offset: request.headers()['upload-offset'] ?? '', length: body.length });
    if (patches.length > 1) return route.continue();
    half = Math.floor(body.length / 2);
    const headers = Object.fromEntries(Object.entries(request.headers()).filter(([name]) => name !== 'content-length'));
    const partial = await fetch(request.url(), {
      method: 'PATCH',
      headers,
      body: new Uint8Array(body.subarray(0, half)),
    });
    expect(partial.status).toBe(204);
    await s.context.setOffline(true);
    await route.abort('internetdisconnected');
  });

  const before = s.problems.length;
  await list.importFiles(RESUMED_PDF);
  await list.waitForFileStatus('QualityHosting.pdf', 'offline', 30_000);
  await s.screenshot('task-list-3-upload-offline');

  await s.context.setOffline(false);
  await list.waitForFileStatus('QualityHosting.pdf', 'done', 60_000);
  await s.screenshot('task-list-4-upload-resumed');

  // Resumed where the server stood (after HEAD), not from the start, and only the rest was sent.
  expect(patches.length).toBe(2);
  expect(patches[1]).toEqual({ offset: String(half), length: (patches[0]?.length ?? 0) - half });

  // While offline, requests fail by design (the upload and the list's refresh); nothing else may.
  const unexpected = s.problems
    .slice(before)
    .filter(
      (p) => !/ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|ERR_NETWORK_IO_SUSPENDED|HTTP 409 PATCH \/files\//.test(p),
    );
  expect(unexpected).toEqual([]);
  expect(s.problems.slice(0, before)).toEqual([]);

  // The resumed upload became one task (not two).
  await list.closeImport();
  await list.row('QualityHosting.pdf').waitFor();
  expect(await list.root.locator('[data-testid^="task-list.row."]', { hasText: 'QualityHosting.pdf' }).count()).toBe(1);
});
