/**
 * A recording is never opened in the document viewer: from the list (its name links to the
 * transcripts route) or by the viewer's address, a transcript opens in the transcript editor. Its
 * row menu offers what works for a recording (the transcript exports, the Word one read back by
 * LibreOffice), never the document exports, and nothing that would answer "not available on this server" (the list asks the
 * server's capabilities).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { wordText } from '../../apps/server/src/testing/word-text';
import { en as listEn } from '../../packages/task-list/src/i18n/locales/en.ts';
import { ROW_ACTION_OPERATIONS, ROW_ACTIONS } from '../../packages/task-list/src/model/rowActions.ts';
import { importForReview, workspaceIdByName } from '../embed/support/tasks';
import { byTestId } from './pages/testid';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();

const TRANSCRIPT_EXPORTS = [
  listEn.actions['export-transcript-txt'],
  listEn.actions['export-transcript-srt'],
  listEn.actions['export-transcript-vtt'],
  listEn.actions['export-transcript-json'],
  listEn.actions['export-transcript-word'],
];
const DOCUMENT_EXPORTS = [
  listEn.actions['export-excel'],
  listEn.actions['export-csv'],
  listEn.actions['export-json'],
  listEn.actions['export-xml'],
  listEn.actions['export-word'],
];

describe('a recording', () => {
  it('opens in the transcript editor, never in the document viewer, and its menu offers only the transcript exports', {
    timeout: 240_000,
  }, async () => {
    const s = current();
    const page = s.page;
    // The developer holds every row action, so the menu shows everything the server offers.
    const { shell, token } = await signInThroughLoginPage(s, demoAccount('Developer'));
    await shell.chooseLanguage('en');
    const workspaceId = await workspaceIdByName(s.baseUrl, await token(), 'Meeting recordings');
    const taskId = await importForReview(s.baseUrl, await token(), workspaceId, 'audio/jfk.wav');

    // Opened by the document viewer's own address: the transcript editor.
    await page.goto(`/task/viewer?taskId=${taskId}&workspaceId=${workspaceId}`);
    await byTestId(page, 'transcript-editor').waitFor();
    await byTestId(page, 'paragraph.0').waitFor();
    expect(await byTestId(page, 'viewer').count()).toBe(0);
    await settle(s);
    await s.screenshot('media-task-1-transcript-editor');

    // The list (the header followed the task to its workspace): the name links to the transcripts route.
    await page.goto('/task/list');
    const row = byTestId(page, `task-list.row.${taskId}`);
    await row.waitFor();
    const name = byTestId(page, `task-list.open.${taskId}`);
    expect(await name.getAttribute('href')).toBe(
      `/task/viewer/transcripts?taskId=${taskId}&workspaceId=${workspaceId}`,
    );

    const trigger = row.locator('.rd-task-list__actions-trigger');
    await trigger.hover();
    await row.getByRole('button', { name: listEn.actions.menu.replace('{{name}}', 'jfk.wav') }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const items = (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
    await s.screenshot('media-task-2-row-menu');
    expect(items).toEqual(expect.arrayContaining(TRANSCRIPT_EXPORTS));
    for (const documentExport of DOCUMENT_EXPORTS) expect(items).not.toContain(documentExport);

    // The Word transcript: LibreOffice reads the paragraphs of the text export back from it.
    const download = page.waitForEvent('download');
    await menu.getByRole('menuitem', { name: listEn.actions['export-transcript-word'] }).click();
    const word = await download;
    expect(word.suggestedFilename()).toBe('jfk.docx');
    const txt = await fetch(`${s.baseUrl}/api/v1/Transcript/Export/${taskId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 10 }),
    });
    const lines = (text: string) =>
      text
        .replace(/^\uFEFF/, '')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    const paragraphs = lines(await txt.text());
    expect(paragraphs.length).toBeGreaterThan(0);
    expect(lines(await wordText(await readFile(await word.path())))).toEqual(['jfk.wav', ...paragraphs]);

    // Nothing offered would answer "not available on this server": every item's and tab's operation
    // is one the server lists.
    const capabilities = await fetch(`${s.baseUrl}/api/v1/Server/Capabilities`, {
      headers: { authorization: `Bearer ${await token()}`, accept: 'application/json' },
    });
    const { operations } = (await capabilities.json()) as { operations: string[] };
    for (const action of ROW_ACTIONS.filter((a) => items.includes(listEn.actions[a]))) {
      const operation = ROW_ACTION_OPERATIONS[action];
      if (operation) expect(operations, action).toContain(operation);
    }
    // The developer holds the index logs and text search, which this server implements: both offered.
    expect(operations).toContain('Index_Logs');
    expect(items).toContain(listEn.actions['index-logs']);
    expect(operations).toContain('Index_Search');
    expect(await byTestId(page, 'task-list.tab.text-search').count()).toBe(1);
    expect(await byTestId(page, 'task-list.tab.to-review').count()).toBe(1);

    // Its name opens the transcript editor too.
    await name.click();
    await page.waitForURL((url) => url.pathname === '/task/viewer/transcripts');
    await byTestId(page, 'transcript-editor').waitFor();
    expect(await byTestId(page, 'viewer').count()).toBe(0);
    expect(s.problems).toEqual([]);
    expect(s.notImplemented).toEqual([]);
  });
});
