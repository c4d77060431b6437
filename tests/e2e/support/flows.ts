/** Steps several scenarios share, written with the page objects. */

import type { Locator, Page } from 'playwright-core';
import { importForReview, workspaceIdByName } from '../../embed/support/tasks';
import { AppShell } from '../pages/AppShell';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { watchAccessToken } from './abilities';
import type { Session } from './browser';
import { DEMO_PASSWORD, type DemoAccount, demoAccount } from './demo';

export interface SignedIn {
  shell: AppShell;
  home: HomePage;
  /** The access token the app itself uses (from its GetUserAuthDetails call). */
  token: () => Promise<string>;
}

/** Opens the app signed out, signs in through the real login page and waits for /home. */
export async function signInThroughLoginPage(session: Session, account: DemoAccount, from = '/'): Promise<SignedIn> {
  const token = watchAccessToken(session.page).token;
  const login = await new LoginPage(session.page).openFrom(from);
  await login.submitCredentials(account.email, DEMO_PASSWORD);
  const home = new HomePage(session.page);
  await home.waitUntilShown();
  const shell = new AppShell(session.page);
  await shell.waitUntilShown();
  return { shell, home, token };
}

/** Lets pending requests and the menu's transitions finish before a screenshot. */
export async function settle(session: Session): Promise<void> {
  await session.page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
}

/**
 * A manager, signed in through the login page and reading in English, imports the demo recording
 * (fixtures/audio/jfk.wav) into "Meeting recordings", waits until the server has recognised it,
 * and opens it at its transcript-editor address.
 */
export async function openDemoRecording(
  session: Session,
  recognitionTimeoutMs?: number,
): Promise<{ workspaceId: string; taskId: string }> {
  const { shell, token } = await signInThroughLoginPage(session, demoAccount('Manager'));
  await shell.chooseLanguage('en');
  const workspaceId = await workspaceIdByName(session.baseUrl, await token(), 'Meeting recordings');
  const taskId = await importForReview(
    session.baseUrl,
    await token(),
    workspaceId,
    'audio/jfk.wav',
    recognitionTimeoutMs,
  );
  await session.page.goto(`/task/viewer/transcripts?taskId=${taskId}&workspaceId=${workspaceId}`);
  return { workspaceId, taskId };
}

/**
 * Runs a transcript editor toolbar action as a person does at the window's width: its button when
 * the row shows it, else its item (`itemId`) in the toolbar's "More" menu.
 */
export async function toolbarAction(editor: Locator, testId: string, itemId: string): Promise<void> {
  const button = editor.getByTestId(testId);
  await button.waitFor({ state: 'attached' });
  if (await button.isVisible()) return button.click();
  await editor.getByTestId('toolbar.more').click();
  await editor.page().locator(`[role="menu"] [data-rd-item="${itemId}"]`).click();
}

/**
 * Finishes the review open in `viewer`: the toolbar's Finish, the confirmation when the workspace asks
 * for one (`onConfirm` runs while it is open), then the finished state. After the click it waits for
 * the confirmation or the finished state, whichever comes: `isVisible` would look once, and on a busy
 * machine the dialog can open a moment later and then wait for a click that never comes. When the
 * viewer refuses instead (its finish error banner: a required field empty, a failed save), it fails
 * at once with the viewer's words rather than after the timeout.
 */
export async function finishReview(
  page: Page,
  viewer: Locator,
  { timeout = 20_000, onConfirm }: { timeout?: number; onConfirm?: () => Promise<void> } = {},
): Promise<void> {
  await viewer.getByTestId('toolbar.finish').click();
  const confirm = page.getByTestId('finish.confirm');
  const finished = viewer.getByTestId('viewer.finished');
  const refused = viewer.getByTestId('banner.finish-error');
  await confirm.or(finished).or(refused).first().waitFor({ timeout });
  if (await confirm.isVisible()) {
    await onConfirm?.();
    await confirm.click();
  }
  await finished.or(refused).first().waitFor({ timeout });
  if (await refused.isVisible()) throw new Error(`The review was not finished: ${await refused.textContent()}`);
}
