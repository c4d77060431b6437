/**
 * The devdashboard row action of product-spec §2, for those allowed (Task.TracesDashboardView:
 * developers): it opens the task's developer dashboard in a new tab, with the processing trace of
 * the task as it really ran. A manager is not offered it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en as listEn } from '../../packages/task-list/src/i18n/locales/en.ts';
import { importForReview, workspaceIdByName } from '../embed/support/tasks';
import { byTestId } from './pages/testid';
import type { Session } from './support/browser';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';
import { artifactsDir } from './support/paths';

const current = useBrowserSessions();

/** The menu items of a task's row, in English. */
async function rowMenuItems(s: Session, taskId: string, name: string): Promise<string[]> {
  const row = byTestId(s.page, `task-list.row.${taskId}`);
  await row.waitFor({ timeout: 30_000 });
  await row.locator('.rd-task-list__actions-trigger').hover();
  await row.getByRole('button', { name: listEn.actions.menu.replace('{{name}}', name) }).click();
  await s.page.getByRole('menu').waitFor();
  return (await s.page.getByRole('menu').getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
}

describe('developer dashboard', () => {
  it('opens from the row menu of a developer in a new tab with the task’s processing trace', {
    timeout: 240_000,
  }, async () => {
    const s = current();
    const { shell, token } = await signInThroughLoginPage(s, demoAccount('Developer'));
    await shell.chooseLanguage('en');
    const workspaceId = await workspaceIdByName(s.baseUrl, await token(), 'Supplier invoices');
    const taskId = await importForReview(s.baseUrl, await token(), workspaceId, 'invoices/AzureInterior.pdf');
    await s.page.goto('/task/list');

    const items = await rowMenuItems(s, taskId, 'AzureInterior.pdf');
    expect(items).toContain(listEn.actions.devdashboard);
    const opened = s.context.waitForEvent('page');
    await s.page.getByRole('menuitem', { name: listEn.actions.devdashboard }).click();
    const dashboard = await opened;
    await dashboard.waitForURL((url) => url.pathname === '/task/traces', { timeout: 20_000 });
    expect(new URL(dashboard.url()).searchParams.get('taskId')).toBe(taskId);
    await byTestId(dashboard, 'traces').waitFor();

    // The trace as it ran: created, queued, through the stages, to review; in the order it happened.
    const steps = byTestId(dashboard, 'traces.step');
    expect(await steps.count()).toBeGreaterThan(2);
    const types = await steps.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event-type')));
    expect(types[0]).toBe('TaskCreated');
    expect(types).toContain('StatusChanged');
    expect(await byTestId(dashboard, 'traces.ready-after').textContent()).toMatch(/^\d+(\.\d)? ?s(ec)?$/);
    await dashboard.waitForLoadState('networkidle');
    await s.screenshot('traces-1-list');
    await dashboard.screenshot({ path: join(artifactsDir, 'traces-2-dashboard.png'), fullPage: true });
    await dashboard.close();
    expect(s.problems).toEqual([]);
  });

  it('is not offered to a manager', { timeout: 240_000 }, async () => {
    const s = current();
    const { shell, token } = await signInThroughLoginPage(s, demoAccount('Manager'));
    await shell.chooseLanguage('en');
    const workspaceId = await workspaceIdByName(s.baseUrl, await token(), 'Supplier invoices');
    const taskId = await importForReview(s.baseUrl, await token(), workspaceId, 'invoices/AzureInterior.pdf');
    await s.page.goto('/task/list');
    const items = await rowMenuItems(s, taskId, 'AzureInterior.pdf');
    expect(items.length).toBeGreaterThan(0);
    expect(items).not.toContain(listEn.actions.devdashboard);
    await settle(s);
    expect(s.problems).toEqual([]);
  });
});
