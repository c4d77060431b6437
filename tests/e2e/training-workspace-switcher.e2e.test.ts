/**
 * Labelling a training workspace is reviewing its tasks in the template builder: a manager imports
 * a delivery note into the demo's training workspace; a Reviewer, in a browser of their own, finds
 * that workspace among the header switcher's workspaces and opens its task list, the note in it. A
 * Viewer, who may not review, is not offered the workspace.
 */
import { expect, it } from 'vitest';
import { deliveryNotePdf } from '../../apps/server/src/domain/demo-delivery-notes';
import { importFileForReview, workspaceIdByName } from '../embed/support/tasks';
import { launchBrowser, openSession, type Session, UI_TIMEOUT_MS, useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();
const POLL = { timeout: UI_TIMEOUT_MS };
const TRAINING = 'Delivery notes (training)';
/** The note's seed: any layout-of-the-demo note the other scenarios do not import. */
const NOTE_SEED = 7301;

const switcherNames = (s: Session) => s.page.getByTestId('workspace-switcher').locator('option').allTextContents();

it('a Reviewer sees the training workspace in the switcher and opens its task list', { timeout: 300_000 }, async () => {
  const manager = current();
  const { token } = await signInThroughLoginPage(manager, demoAccount('Manager'));
  const trainingId = await workspaceIdByName(manager.baseUrl, await token(), TRAINING, 20);
  const note = await deliveryNotePdf(NOTE_SEED);
  const taskId = await importFileForReview(manager.baseUrl, await token(), trainingId, note.fileName, note.bytes);

  const browser = await launchBrowser();
  const reviewer = await openSession(browser);
  try {
    await signInThroughLoginPage(reviewer, demoAccount('Reviewer'));
    await expect.poll(() => switcherNames(reviewer), POLL).toContain(TRAINING);
    await reviewer.page.getByTestId('workspace-switcher').selectOption({ label: TRAINING });
    await reviewer.page.goto('/task/list');
    await reviewer.page.getByTestId(`task-list.row.${taskId}`).waitFor({ timeout: UI_TIMEOUT_MS });
    await settle(reviewer);
    await reviewer.screenshot('training-switcher-1-reviewer-task-list');
    expect(reviewer.problems).toEqual([]);
  } finally {
    await reviewer.context.close();
    await browser.close();
  }
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
