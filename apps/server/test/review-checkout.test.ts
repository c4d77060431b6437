// The review lifecycle's first half: Viewer/ViewerInit, Viewer/Checkout, Review/Renew and
// Review/Cancel — the checkout length from the workspace, extension by the holder, refusal for
// everybody else (CheckedOutByOtherUser 3), take-over of an expired checkout, the events, the
// abilities, bad input, another tenant, and 50 simultaneous checkouts of which exactly one wins.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/domain/demo-data.js';
import { databaseKinds, demoEmail, GLOBEX_ADMIN, userIdOf, useTestServer } from './support/harness.js';
import {
  API,
  eventsOf,
  expireCheckout,
  extraReviewers,
  FILLED_INVOICE,
  recognizedInvoicePages,
  reviewableInvoice,
} from './support/review-tasks.js';
import {
  FIXTURES,
  GLOBEX_INVOICES_WS,
  INVOICES_WS,
  importFile,
  importInvoice,
  setWorkspaceConfig,
} from './support/task-import.js';

interface Wrapped<T> {
  succeeded: boolean;
  errors: Array<{ code: number; message: string }>;
  result?: T;
}
interface Checkout {
  taskId: string;
  checkedOutBy: string;
  checkedOutByUserName: string | null;
  until: string;
  checkoutExpireMinutes: number;
  status: number;
}
interface ViewerInit {
  taskId: string;
  originalFileUrl: string | null;
  status: number;
  totalPages: number;
  workspaceConfig: Record<string, unknown>;
  isCheckedOut: boolean;
  isCheckedOutByCurrentUser: boolean;
  checkout: Checkout | null;
  canReview: boolean;
  isAssignedToCurrentUser: boolean | null;
  fromHistory: boolean;
  batchName: string | null;
}

const REVIEWER = demoEmail('Reviewer');
const CREATOR = demoEmail('Creator');
const MANAGER = demoEmail('Manager');
const VIEWER = demoEmail('Viewer');
/** A workspace of the same tenant where the duplicated external id does not exist. */
const RECEIPTS_WS = demoId('workspace:Expense receipts');

describe.each(databaseKinds())('review checkout on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  beforeAll(async () => {
    await recognizedInvoicePages(t, await t.tokenFor(demoEmail('Manager')));
  }, 120_000);
  const token = (email: string) => t.tokenFor(email);
  const checkout = async (email: string, body: Record<string, unknown>) =>
    t.call('POST', `${API}/Viewer/Checkout`, { token: await token(email), body });
  const init = async (email: string, query: Record<string, string>) =>
    t.call('GET', `${API}/Viewer/ViewerInit`, { token: await token(email), query });
  const taskRow = (id: string) =>
    t.server.database.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('opens a task by id or external id with the workspace configuration and the checkout state', async () => {
    const taskId = await reviewableInvoice(t, await token(MANAGER), [FILLED_INVOICE], { externalId: 'EXT-1' });
    const byId = await init(REVIEWER, { taskId });
    expect(byId.status).toBe(200);
    const view = byId.body as ViewerInit;
    const config = await t.call('GET', `${API}/SdWorkspace/Configuration`, {
      token: await token(REVIEWER),
      query: { workspaceId: INVOICES_WS },
    });
    expect(view.workspaceConfig).toEqual(config.body);
    expect(view).toMatchObject({
      taskId,
      status: 60,
      totalPages: 1,
      isCheckedOut: false,
      isCheckedOutByCurrentUser: false,
      checkout: null,
      canReview: true,
      isAssignedToCurrentUser: null,
      fromHistory: false,
    });
    // The original file, through its time-limited URL (no token needed: the URL is the permission).
    expect(view.originalFileUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/signed\//);
    const file = await t.server.app.inject({ method: 'GET', url: new URL(view.originalFileUrl as string).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const byExternal = await init(REVIEWER, { externalId: 'EXT-1' });
    expect((byExternal.body as ViewerInit).taskId).toBe(taskId);
    // The Viewer role opens the task but may not review it.
    const viewer = await init(VIEWER, { taskId });
    expect(viewer.status).toBe(200);
    expect((viewer.body as ViewerInit).canReview).toBe(false);
  });

  it('answers ViewerInit bad input with 400 (MultipleExternalIdMatches 2) and another tenant with 404', async () => {
    const manager = await token(MANAGER);
    await reviewableInvoice(t, manager, [FILLED_INVOICE], { externalId: 'TWICE' });
    await reviewableInvoice(t, manager, [FILLED_INVOICE], { externalId: 'TWICE' });
    const twice = await init(REVIEWER, { externalId: 'TWICE' });
    expect(twice.status).toBe(400);
    expect((twice.body as Wrapped<never>).errors[0]?.code).toBe(2);
    expect((await init(REVIEWER, {})).status).toBe(400);
    expect((await init(REVIEWER, { taskId: 'not-a-uuid' })).status).toBe(400);

    const globexTask = await importFile(
      t,
      await token(GLOBEX_ADMIN),
      { workspaceId: GLOBEX_INVOICES_WS, externalId: 'GLOBEX-1' },
      { fileName: 'g.pdf', content: FIXTURES.invoicePdf(), contentType: 'application/pdf' },
    );
    const globexId = globexTask.body.result?.taskId as string;
    const foreign = await init(demoEmail('Developer'), { taskId: globexId });
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Globex');
    expect((await init(demoEmail('Developer'), { externalId: 'GLOBEX-1' })).status).toBe(404);
    const foreignCheckout = await checkout(demoEmail('Developer'), { taskId: globexId });
    expect(foreignCheckout.status).toBe(404);
  });

  it('checks out ToReview → InReview for checkoutExpireMinutes, with an event; the holder re-checking out extends', async () => {
    await setWorkspaceConfig(t, INVOICES_WS, { checkoutExpireMinutes: 7 });
    const taskId = await reviewableInvoice(t, await token(MANAGER));
    const before = Date.now();
    const first = await checkout(REVIEWER, { taskId });
    expect(first.status).toBe(200);
    const result = (first.body as Wrapped<Checkout>).result as Checkout;
    expect(first.body).toMatchObject({ succeeded: true, errors: [] });
    expect(result).toMatchObject({
      taskId,
      checkedOutBy: userIdOf(REVIEWER),
      checkedOutByUserName: 'Reviewer Demo',
      checkoutExpireMinutes: 7,
      status: 70,
    });
    const until = new Date(result.until).getTime();
    expect(until - before).toBeGreaterThanOrEqual(7 * 60_000 - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(7 * 60_000);
    const row = await taskRow(taskId);
    expect(row.status).toBe(70);
    expect(row.last_checked_out_by).toBe(userIdOf(REVIEWER));

    // Another reviewer is refused and told who holds it; ViewerInit shows the same.
    const other = await checkout(CREATOR, { taskId });
    expect(other.status).toBe(200);
    const refused = other.body as Wrapped<Checkout>;
    expect(refused.succeeded).toBe(false);
    expect(refused.errors[0]?.code).toBe(3);
    expect(refused.errors[0]?.message).toContain('Reviewer Demo');
    const seen = (await init(CREATOR, { taskId })).body as ViewerInit;
    expect(seen).toMatchObject({ isCheckedOut: true, isCheckedOutByCurrentUser: false, canReview: false });
    expect(seen.checkout?.checkedOutByUserName).toBe('Reviewer Demo');
    const mine = (await init(REVIEWER, { taskId })).body as ViewerInit;
    expect(mine).toMatchObject({ isCheckedOut: true, isCheckedOutByCurrentUser: true, canReview: true });

    // The holder checks out again: extended, still InReview.
    await expireCheckout(t, taskId, -60); // until = now + 60 s
    const again = await checkout(REVIEWER, { taskId });
    const extended = (again.body as Wrapped<Checkout>).result as Checkout;
    expect(new Date(extended.until).getTime() - Date.now()).toBeGreaterThan(6 * 60_000);

    const events = await eventsOf(t, taskId);
    const checkedOut = events.filter((e) => e.event_type === 'ReviewCheckedOut');
    expect(checkedOut).toHaveLength(1);
    expect(checkedOut[0]?.description).toContain('from ToReview (60) to InReview (70) by Reviewer Demo');
    expect(events.some((e) => e.event_type === 'ReviewCheckoutRenewed')).toBe(true);
  });

  it('uses 30 minutes when the workspace sets no checkout length', async () => {
    await setWorkspaceConfig(t, INVOICES_WS, { checkoutExpireMinutes: null });
    const taskId = await reviewableInvoice(t, await token(MANAGER));
    const result = ((await checkout(REVIEWER, { taskId })).body as Wrapped<Checkout>).result as Checkout;
    expect(result.checkoutExpireMinutes).toBe(30);
    expect(new Date(result.until).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('lets anyone allowed take over an expired checkout; the former holder can then neither renew nor cancel', async () => {
    const taskId = await reviewableInvoice(t, await token(MANAGER));
    expect(((await checkout(REVIEWER, { taskId })).body as Wrapped<Checkout>).succeeded).toBe(true);
    await expireCheckout(t, taskId);
    expect(((await init(CREATOR, { taskId })).body as ViewerInit).isCheckedOut).toBe(false);
    const taken = await checkout(CREATOR, { taskId });
    expect((taken.body as Wrapped<Checkout>).result?.checkedOutBy).toBe(userIdOf(CREATOR));
    const events = await eventsOf(t, taskId);
    const takeover = events.find((e) => e.event_type === 'ReviewCheckoutTakenOver');
    expect(takeover?.description).toContain('Creator Demo took over the expired checkout of Reviewer Demo');

    const reviewer = await token(REVIEWER);
    const renew = await t.call('POST', `${API}/Viewer/Review/Renew/${taskId}`, { token: reviewer });
    expect((renew.body as Wrapped<Checkout>).errors[0]?.code).toBe(3);
    const cancel = await t.call('POST', `${API}/Viewer/Review/Cancel/${taskId}`, { token: reviewer });
    expect((cancel.body as Wrapped<boolean>).errors[0]?.code).toBe(3);
    expect((await taskRow(taskId)).last_checked_out_by).toBe(userIdOf(CREATOR));
  });

  it('renews only for the holder and cancels back to ToReview with an event', async () => {
    const taskId = await reviewableInvoice(t, await token(MANAGER));
    const reviewer = await token(REVIEWER);
    // Nothing to renew or cancel yet.
    const early = await t.call('POST', `${API}/Viewer/Review/Renew/${taskId}`, { token: reviewer });
    expect((early.body as Wrapped<Checkout>).errors[0]?.code).toBe(24);
    const nothing = await t.call('POST', `${API}/Viewer/Review/Cancel/${taskId}`, { token: reviewer });
    expect(nothing.body).toMatchObject({ succeeded: true, result: false });

    await checkout(REVIEWER, { taskId });
    await expireCheckout(t, taskId, -30); // 30 s left
    const renewed = await t.call('POST', `${API}/Viewer/Review/Renew/${taskId}`, { token: reviewer });
    const result = (renewed.body as Wrapped<Checkout>).result as Checkout;
    expect(new Date(result.until).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    const byOther = await t.call('POST', `${API}/Viewer/Review/Renew/${taskId}`, { token: await token(CREATOR) });
    expect((byOther.body as Wrapped<Checkout>).errors[0]?.code).toBe(3);
    // The external id, when sent, must be the task's.
    const wrongExternal = await t.call('POST', `${API}/Viewer/Review/Renew/${taskId}`, {
      token: reviewer,
      query: { externalId: 'someone-else' },
    });
    expect(wrongExternal.status).toBe(404);

    const cancelled = await t.call('POST', `${API}/Viewer/Review/Cancel/${taskId}`, { token: reviewer });
    expect(cancelled.body).toMatchObject({ succeeded: true, errors: [], result: true });
    const row = await taskRow(taskId);
    expect(row.status).toBe(60);
    expect((row.last_checked_out_until as Date).getTime()).toBeLessThanOrEqual(Date.now());
    const events = await eventsOf(t, taskId);
    expect(events.at(-1)?.event_type).toBe('ReviewCancelled');
    expect(events.at(-1)?.description).toContain('from InReview (70) to ToReview (60)');
    // Released: somebody else may check it out at once.
    expect(((await checkout(CREATOR, { taskId })).body as Wrapped<Checkout>).succeeded).toBe(true);
  });

  it('refuses the Viewer role (403), tasks not ready (NotReadyYet 4), bad bodies (400) and external ids of several tasks (2)', async () => {
    const manager = await token(MANAGER);
    const taskId = await reviewableInvoice(t, manager, [FILLED_INVOICE], { externalId: 'DUP' });
    await reviewableInvoice(t, manager, [FILLED_INVOICE], { externalId: 'DUP' });
    const viewer = await checkout(VIEWER, { taskId });
    expect(viewer.status).toBe(403);
    for (const path of [`Review/Renew/${taskId}`, `Review/Cancel/${taskId}`]) {
      expect((await t.call('POST', `${API}/Viewer/${path}`, { token: await token(VIEWER) })).status).toBe(403);
    }
    expect(
      (await t.call('PATCH', `${API}/Viewer/Review/Finish/${taskId}`, { token: await token(VIEWER) })).status,
    ).toBe(403);
    expect((await taskRow(taskId)).status).toBe(60);

    const unprocessed = await importInvoice(t, manager);
    const early = await checkout(REVIEWER, { taskId: unprocessed });
    expect(early.status).toBe(200);
    expect((early.body as Wrapped<Checkout>).errors[0]?.code).toBe(4);
    expect((await taskRow(unprocessed)).last_checked_out_by).toBeNull();

    expect((await checkout(REVIEWER, { taskId: 'nope' })).status).toBe(400);
    const unnamed = await checkout(REVIEWER, {});
    expect(unnamed.status).toBe(200);
    expect((unnamed.body as Wrapped<Checkout>).errors[0]?.code).toBe(9);
    const dup = await checkout(REVIEWER, { externalId: 'DUP' });
    expect((dup.body as Wrapped<Checkout>).errors[0]?.code).toBe(2);
    const narrowed = await checkout(REVIEWER, { externalId: 'DUP', workspaceId: RECEIPTS_WS });
    expect(narrowed.status).toBe(404);
  });

  it('lets exactly one of 50 simultaneous checkouts by different users win', async () => {
    const taskId = await reviewableInvoice(t, await token(MANAGER));
    const emails = await extraReviewers(t, 50);
    const tokens = await Promise.all(emails.map((e) => token(e)));
    const answers = await Promise.all(
      tokens.map((tok) => t.call('POST', `${API}/Viewer/Checkout`, { token: tok, body: { taskId } })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const winners = answers.filter((a) => (a.body as Wrapped<Checkout>).succeeded);
    expect(winners).toHaveLength(1);
    const losers = answers.filter((a) => !(a.body as Wrapped<Checkout>).succeeded);
    expect(losers).toHaveLength(49);
    expect(losers.every((a) => (a.body as Wrapped<Checkout>).errors[0]?.code === 3)).toBe(true);
    const winner = (winners[0]?.body as Wrapped<Checkout> | undefined)?.result?.checkedOutBy;
    const row = await taskRow(taskId);
    expect(row.last_checked_out_by).toBe(winner);
    expect(row.status).toBe(70);
    const events = (await eventsOf(t, taskId)).filter(
      (e) => e.event_type.startsWith('ReviewCheckout') || e.event_type === 'ReviewCheckedOut',
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.user_id).toBe(winner);
  });
});
