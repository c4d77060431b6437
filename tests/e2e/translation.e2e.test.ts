/**
 * A translation end to end: a manager imports the demo English document (crazyones.pdf) through
 * the task list's dialog into "Translations (English to Spanish)"; the server recognises it and
 * Apertium translates it; "Open" in the dialog lands on the task's read-only translation page,
 * the English and the Spanish text side by side, no checkout taken; the Word download, read back
 * by LibreOffice, holds the Spanish text. And the demo recording (jfk.wav) read in Spanish from the
 * bar above the transcript editor: its paragraph in both languages, at its time, which leads back
 * to the editor at that moment.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { wordText } from '../../apps/server/src/testing/word-text';
import { importForReview, workspaceIdByName } from '../embed/support/tasks';
import { TaskListScreen } from './pages/TaskListScreen';
import { byTestId } from './pages/testid';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';
import { repoRoot } from './support/paths';

const DOCUMENT = join(repoRoot, 'fixtures', 'edge_cases', 'pdf', 'crazyones.pdf');
/** Recognition and translation run in the server's worker: seconds for one page, more on a busy machine. */
const PROCESSING_TIMEOUT_MS = 150_000;

const current = useBrowserSessions();

it('imports an English document into the English → Spanish workspace, reads its translation and downloads it', {
  timeout: PROCESSING_TIMEOUT_MS + 90_000,
}, async () => {
  const s = current();
  const { shell, token } = await signInThroughLoginPage(s, demoAccount('Manager'));
  await shell.chooseLanguage('en');
  const page = s.page;
  const workspaceId = await workspaceIdByName(s.baseUrl, await token(), 'Translations (English to Spanish)');
  const list = new TaskListScreen(page);
  await list.open();
  await page.getByTestId('workspace-switcher').selectOption(workspaceId);

  await list.importFiles(DOCUMENT);
  await list.waitForFileStatus('crazyones.pdf', 'done');
  const taskId = (await list.fileEntry('crazyones.pdf').getAttribute('data-task-id')) ?? '';
  expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
  await s.screenshot('translation-1-imported');

  // The worker recognises and translates it; the page is opened once the translation is there (a
  // page opened earlier says it is not ready and looks again every 20 s, covered by a unit test).
  const translated = async () =>
    (
      await fetch(`${s.baseUrl}/api/v1/Viewer/Translation/${taskId}`, {
        headers: { authorization: `Bearer ${await token()}` },
      })
    ).status;
  await expect.poll(translated, { timeout: PROCESSING_TIMEOUT_MS, interval: 2_000 }).toBe(200);

  await byTestId(page, 'import.open').click();
  await page.waitForURL((url) => url.pathname === '/task/viewer' && url.searchParams.get('taskId') === taskId);
  const passage = byTestId(page, 'translation-task.passage.1');
  await passage.waitFor();
  const english = passage.getByTestId('translation-task.source');
  const spanish = passage.getByTestId('translation-task.text');
  expect(await english.getAttribute('lang')).toBe('en');
  expect(await spanish.getAttribute('lang')).toBe('es');
  expect(await english.textContent()).toMatch(/crazy ones/i);
  expect(await spanish.textContent()).toMatch(/locos/);
  expect(await byTestId(page, 'translation-task').textContent()).toContain(
    'Translated from English into Spanish by apertium.',
  );
  // Read-only: the document viewer (which checks a task out) never opened.
  expect(await page.getByTestId('viewer').count()).toBe(0);
  await settle(s);
  await s.screenshot('translation-2-read');

  const download = page.waitForEvent('download');
  await byTestId(page, 'translation-task.export.Word').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('crazyones.docx');
  const word = await wordText(new Uint8Array(await readFile(await file.path())));
  expect(word).toContain('Translation en → es');
  expect(word).toMatch(/locos/);
  expect(s.problems).toEqual([]);
});

it('reads the demo recording in Spanish from the transcript editor and goes back to the editor at a paragraph', {
  timeout: 300_000,
}, async () => {
  const s = current();
  const { shell, token } = await signInThroughLoginPage(s, demoAccount('Manager'));
  await shell.chooseLanguage('en');
  const page = s.page;
  const workspaceId = await workspaceIdByName(s.baseUrl, await token(), 'Meeting recordings');
  // Recognised by the server first (pocketsphinx): up to minutes on a busy two-core machine.
  const taskId = await importForReview(s.baseUrl, await token(), workspaceId, 'audio/jfk.wav', 240_000);
  await page.goto(`/task/viewer/transcripts?taskId=${taskId}&workspaceId=${workspaceId}`);
  await byTestId(page, 'transcript-editor').waitFor({ timeout: 30_000 });

  await byTestId(page, 'transcript-translation.language').selectOption('es');
  await byTestId(page, 'transcript-translation.open').click();
  await page.waitForURL((url) => url.searchParams.get('translateTo') === 'es');
  await byTestId(page, 'translation-task.passage.1').waitFor({ timeout: 30_000 });
  // The paragraph where "country" is spoken (pocketsphinx splits the speech into several).
  const passage = page.locator('[data-testid^="translation-task.passage."]', { hasText: /country/i }).first();
  expect(await passage.getByTestId('translation-task.source').getAttribute('lang')).toBe('en');
  expect(await passage.getByTestId('translation-task.source').textContent()).toMatch(/country/i);
  expect(await passage.getByTestId('translation-task.text').getAttribute('lang')).toBe('es');
  expect(await passage.getByTestId('translation-task.text').textContent()).toMatch(/país/i);
  expect(await byTestId(page, 'translation-task').textContent()).toContain(
    'Translated from English into Spanish by apertium.',
  );
  await settle(s);
  await s.screenshot('translation-3-recording-in-spanish');

  // The paragraph's time leads back to the editor at that moment.
  await passage.locator('h2 a').click();
  await page.waitForURL((url) => url.pathname === '/task/viewer/transcripts' && url.searchParams.has('time'));
  await byTestId(page, 'transcript-editor').waitFor({ timeout: 30_000 });
  expect(s.problems).toEqual([]);
});
