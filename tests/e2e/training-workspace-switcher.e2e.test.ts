/**
 * Labelling a training workspace is reviewing its tasks in the template builder: a Reviewer finds
 * the demo's training workspace among the header switcher's workspaces and opens its task list (the
 * demo's delivery notes); a Viewer, who may not review, is not offered it.
 */
import { expect, it } from 'vitest';
import { type Session, UI_TIMEOUT_MS, useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();
const POLL = { timeout: UI_TIMEOUT_MS };
const TRAINING = 'Delivery notes (training)';

const switcherNames = (s: Session) => s.page.getByTestId('workspace-switcher').locator('option').allTextContents();

it('a Reviewer sees the training workspace in the switcher and opens its task list', { timeout: 180_000 }, async () => {
  const s = current();
  await signInThroughLoginPage(s, demoAccount('Reviewer'));
  await expect.poll(() => switcherNames(s), POLL).toContain(TRAINING);
  await s.page.getByTestId('workspace-switcher').selectOption({ label: TRAINING });
  await s.page.goto('/task/list');
  // The demo's delivery notes, waiting to be labelled.
  await expect.poll(() => s.page.locator('[data-testid^="task-list.row."]').count(), POLL).toBeGreaterThan(0);
  await settle(s);
  await s.screenshot('training-switcher-1-reviewer-task-list');
  expect(s.problems).toEqual([]);
});

it('a Viewer is not offered the training workspace', { timeout: 120_000 }, async () => {
  const s = current();
  await signInThroughLoginPage(s, demoAccount('Viewer'));
  // The switcher has loaded the workspaces the Viewer may open, and the training one is not among them.
  await expect.poll(() => switcherNames(s), POLL).toContain('Supplier invoices');
  expect(await switcherNames(s)).not.toContain(TRAINING);
  await settle(s);
  await s.screenshot('training-switcher-2-viewer');
  expect(s.problems).toEqual([]);
});
