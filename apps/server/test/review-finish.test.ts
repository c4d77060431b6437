// Finishing a review (Viewer/Review/Finish) and choosing the next task (SdTask/GetNextTask):
// required fields and patterns (HasEmptyRequiredFields 22, HasFieldsNotMatchingRegex 27, with the
// offending fields named and listed in `invalidFields`), assignments (AssignedToOtherUser 29, InvalidAssignmentState 30), Sequence
// routing across two demo users, AnyOrder and AnyUser, where a completed task goes, and the rules
// themselves as pure functions.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BATCHES, DEMO_WORKSPACES, demoId } from '../src/domain/demo-data.js';
import { validateFields } from '../src/domain/review/field-validation.js';
import { assignmentRefusal } from '../src/domain/review/guards.js';
import { progressAfterReview, statusAfterReview } from '../src/domain/review/routing.js';
import { databaseKinds, demoEmail, GLOBEX_ADMIN, userIdOf, useTestServer } from './support/harness.js';
import {
  API,
  eventsOf,
  expireCheckout,
  FILLED_INVOICE,
  pageDocument,
  processedInvoice,
  recognizedInvoicePages,
  reviewableInvoice,
} from './support/review-tasks.js';
import { GLOBEX_INVOICES_WS, INVOICES_WS, importInvoice, setWorkspaceConfig } from './support/task-import.js';

interface Wrapped<T> {
  succeeded: boolean;
  errors: Array<{ code: number; message: string }>;
  result?: T;
  invalidFields?: Array<{ categoryKey: string; reason: string; pages: number[] }>;
}
interface Finish {
  taskId: string;
  status: number;
  reviewCompleted: boolean;
  nextTaskId: string | null;
}

const REVIEWER = demoEmail('Reviewer');
const CREATOR = demoEmail('Creator');
const MANAGER = demoEmail('Manager');
const INVOICE_FIELDS = DEMO_WORKSPACES.find((w) => w.name === 'Supplier invoices')?.configuration.categories ?? [];
const MARCH = demoId(`batch:${DEMO_BATCHES[0].name}`);

describe('review rules (pure)', () => {
  const a = (userId: string, hasReviewed = false) => ({ userId, userName: userId.toUpperCase(), hasReviewed });

  it('lets the assignment decide who may review now', () => {
    expect(assignmentRefusal(null, [], 'x')).toBeNull();
    expect(assignmentRefusal(30, [a('p'), a('q')], 'x')?.code).toBe(29);
    expect(assignmentRefusal(30, [a('p'), a('q')], 'q')?.code).toBe(29);
    expect(assignmentRefusal(30, [a('p', true), a('q')], 'q')).toBeNull();
    expect(assignmentRefusal(30, [a('p', true), a('q', true)], 'q')?.code).toBe(30);
    expect(assignmentRefusal(20, [a('p', true), a('q')], 'p')?.code).toBe(30);
    expect(assignmentRefusal(20, [a('p', true), a('q')], 'q')).toBeNull();
    expect(assignmentRefusal(10, [a('p'), a('q')], 'q')).toBeNull();
    expect(assignmentRefusal(10, [a('p', true), a('q')], 'q')?.code).toBe(30);
    expect(assignmentRefusal(99, [a('p')], 'p')?.code).toBe(30);
  });

  it('routes Sequence to the next assignee, waits for AnyOrder, completes AnyUser at once', () => {
    expect(progressAfterReview(null, [], 'x')).toEqual({ kind: 'complete' });
    expect(progressAfterReview(30, [a('p'), a('q')], 'p')).toEqual({ kind: 'routed', next: a('q') });
    expect(progressAfterReview(30, [a('p', true), a('q')], 'q')).toEqual({ kind: 'complete' });
    expect(progressAfterReview(20, [a('p'), a('q')], 'q')).toEqual({ kind: 'waiting', remaining: [a('p')] });
    expect(progressAfterReview(10, [a('p'), a('q')], 'q')).toEqual({ kind: 'complete' });
    expect(statusAfterReview({ integrationStepIds: ['integration.store-results'] })).toBe(90);
    expect(statusAfterReview({ integrationStepIds: [] })).toBe(100);
  });

  it('counts a field as filled by a non-blank value or a reviewer mark, never by notDetected alone', () => {
    const fields = [
      { categoryKey: 'Id', displayName: 'Id', fieldConfig: { type: 51, isRequired: true, pattern: '^[A-Z]+-\\d+$' } },
      {
        categoryKey: 'Total',
        displayName: 'Total',
        alternativeCategoryKeys: ['Amount'],
        fieldConfig: { type: 101, isRequired: true },
      },
      { categoryKey: 'Note', displayName: 'Note', fieldConfig: { type: 50, isRequired: false } },
    ];
    const pages = (entities: Parameters<typeof pageDocument>[1]) => [
      { page_number: 1, document: pageDocument(1, entities) },
    ];
    expect(
      validateFields(
        fields,
        [],
        pages([
          { category: 'Id', content: 'AB-1' },
          { category: 'Amount', content: '3' },
        ]),
      ),
    ).toEqual({
      emptyRequired: [],
      notMatching: [],
      invalidPatterns: [],
    });
    const empty = validateFields(
      fields,
      ['Note'],
      pages([
        { category: 'Id', content: '  ' },
        { category: 'Total', content: null, notDetected: true },
      ]),
    );
    expect(empty.emptyRequired.map((p) => p.categoryKey)).toEqual(['Id', 'Total', 'Note']);
    const solved = validateFields(
      fields,
      [],
      pages([
        { category: 'Id', content: 'nope' },
        { category: 'Total', content: null, notDetected: true, markedAsSolved: true },
      ]),
    );
    expect(solved.emptyRequired).toEqual([]);
    expect(solved.notMatching).toEqual([{ categoryKey: 'Id', displayName: 'Id', pages: [1] }]);
    const accepted = validateFields(
      fields,
      [],
      pages([
        { category: 'Id', content: 'nope', markedAsSolved: true },
        { category: 'Total', content: '1' },
      ]),
    );
    expect(accepted.notMatching).toEqual([]);
  });
});

describe.each(databaseKinds())('finishing reviews on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  beforeAll(async () => {
    await recognizedInvoicePages(t, await t.tokenFor(demoEmail('Manager')));
  }, 120_000);
  const token = (email: string) => t.tokenFor(email);
  const checkout = async (email: string, taskId: string) =>
    (await t.call('POST', `${API}/Viewer/Checkout`, { token: await token(email), body: { taskId } })).body as Wrapped<{
      status: number;
    }>;
  const finish = async (email: string, taskId: string) =>
    t.call('PATCH', `${API}/Viewer/Review/Finish/${taskId}`, { token: await token(email) });
  const finished = async (email: string, taskId: string) => (await finish(email, taskId)).body as Wrapped<Finish>;
  // batchId is required and nullable; a query string sends its null ("the whole workspace") as an
  // empty value, `?batchId=`.
  const next = async (email: string, batchId = MARCH) =>
    t.call('GET', `${API}/SdTask/GetNextTask/${INVOICES_WS}`, { token: await token(email), query: { batchId } });
  const nextInWorkspace = async (email: string) => {
    const answer = await next(email, '');
    if (answer.status === 204) return null;
    expect(answer.status).toBe(200);
    return (answer.body as { taskId: string }).taskId;
  };
  const taskRow = (id: string) =>
    t.server.database.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const assign = async (taskId: string, orderType: number, emails: string[]) => {
    const answer = await t.call('POST', `${API}/SdTask/UpdateTaskAssignment`, {
      token: await token(MANAGER),
      query: { taskId, orderType: String(orderType), removeAssignment: 'false' },
      body: emails.map(userIdOf),
    });
    expect(answer.status, answer.text).toBe(200);
  };
  const saveDocument = async (
    email: string,
    taskId: string,
    entities: Parameters<typeof pageDocument>[1],
    version: number,
  ) =>
    (
      await t.call('PUT', `${API}/Document/SaveDocumentChanges`, {
        token: await token(email),
        body: { taskId, workspaceId: INVOICES_WS, changes: { '1': pageDocument(1, entities, version) } },
      })
    ).body as Wrapped<{ unsavedPages: number[] }>;

  it('finishes an unassigned review: QueuedForExport, checkout released, an event, and the next task', async () => {
    // Imported and processed for real: the recognizer found every required field of the invoice.
    const manager = await token(MANAGER);
    const taskId = await processedInvoice(t, manager);
    const waiting = await reviewableInvoice(t, manager);
    const opened = await t.call('GET', `${API}/Viewer/ViewerInit`, { token: await token(REVIEWER), query: { taskId } });
    expect(opened.body).toMatchObject({ taskId, status: 60, canReview: true, isCheckedOut: false });
    expect((await checkout(REVIEWER, taskId)).succeeded).toBe(true);
    const answer = await finish(REVIEWER, taskId);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      succeeded: true,
      errors: [],
      result: { taskId, status: 90, reviewCompleted: true, nextTaskId: waiting },
    });
    const row = await taskRow(taskId);
    expect(row.status).toBe(90);
    expect((row.last_checked_out_until as Date).getTime()).toBeLessThanOrEqual(Date.now());
    const events = await eventsOf(t, taskId);
    expect(events.at(-1)?.event_type).toBe('ReviewFinished');
    expect(events.at(-1)?.description).toBe(
      'Review finished: status changed from InReview (70) to QueuedForExport (90) by Reviewer Demo.',
    );
    // Finished: it cannot be finished or checked out again.
    const again = await finished(REVIEWER, taskId);
    expect(again.errors[0]?.code).toBe(23);
    expect(again).not.toHaveProperty('invalidFields');
    expect((await checkout(REVIEWER, taskId)).errors[0]?.code).toBe(24);
  }, 120_000);

  it('refuses empty required fields (22) and values not matching their pattern (27), naming the fields', async () => {
    await setWorkspaceConfig(t, INVOICES_WS, {
      categories: INVOICE_FIELDS.map((f) =>
        f.categoryKey === 'InvoiceId' ? { ...f, fieldConfig: { ...f.fieldConfig, pattern: '^INV-\\d{4}-\\d{4}$' } } : f,
      ),
    });
    const taskId = await reviewableInvoice(t, await token(MANAGER), [
      [
        { category: 'InvoiceId', content: 'INV-42' },
        { category: 'InvoiceDate', content: '' },
        { category: 'VendorName', content: null, notDetected: true },
        { category: 'InvoiceTotal', content: '10.00' },
      ],
    ]);
    await checkout(REVIEWER, taskId);
    const refused = await finished(REVIEWER, taskId);
    expect(refused.succeeded).toBe(false);
    expect(refused.errors).toEqual([
      { code: 22, message: 'Required fields are empty: Invoice date (InvoiceDate), Vendor (VendorName).' },
      { code: 27, message: 'Fields do not match their pattern: Invoice number (InvoiceId) on page 1.' },
    ]);
    // The same fields as data, so a client marks them without reading the messages.
    expect(refused.invalidFields).toEqual([
      { categoryKey: 'InvoiceDate', reason: 'EmptyRequired', pages: [] },
      { categoryKey: 'VendorName', reason: 'EmptyRequired', pages: [] },
      { categoryKey: 'InvoiceId', reason: 'NotMatchingPattern', pages: [1] },
    ]);
    expect((await taskRow(taskId)).status).toBe(70);

    // The reviewer fills the date and the vendor: only the pattern is left.
    const saved = await saveDocument(
      REVIEWER,
      taskId,
      [...FILLED_INVOICE.slice(1), { category: 'InvoiceId', content: 'INV-42' }],
      0,
    );
    expect(saved.succeeded).toBe(true);
    const pattern = await finished(REVIEWER, taskId);
    expect(pattern.errors.map((e) => e.code)).toEqual([27]);
    expect(pattern.invalidFields).toEqual([{ categoryKey: 'InvoiceId', reason: 'NotMatchingPattern', pages: [1] }]);
    // Fixed: it finishes.
    await saveDocument(
      REVIEWER,
      taskId,
      [...FILLED_INVOICE.slice(1), { category: 'InvoiceId', content: 'INV-2026-0042' }],
      1,
    );
    const done = await finished(REVIEWER, taskId);
    expect(done.result).toMatchObject({ status: 90, reviewCompleted: true });
  });

  it('accepts a required field the reviewer marked as solved', async () => {
    const taskId = await reviewableInvoice(t, await token(MANAGER), [
      [
        ...FILLED_INVOICE.slice(0, 3),
        { category: 'InvoiceTotal', content: null, notDetected: true, markedAsSolved: true },
      ],
    ]);
    await checkout(REVIEWER, taskId);
    expect((await finished(REVIEWER, taskId)).succeeded).toBe(true);
  });

  it('refuses while another user holds the task (3), before processing (4), for the Viewer role (403) and another tenant (404)', async () => {
    const manager = await token(MANAGER);
    const taskId = await reviewableInvoice(t, manager);
    await checkout(CREATOR, taskId);
    const held = await finished(REVIEWER, taskId);
    expect(held.errors[0]?.code).toBe(3);
    expect(held.errors[0]?.message).toContain('Creator Demo');
    expect((await finish(demoEmail('Viewer'), taskId)).status).toBe(403);
    // Once the creator's checkout ran out, anyone allowed may finish.
    await expireCheckout(t, taskId);
    expect((await finished(REVIEWER, taskId)).result?.status).toBe(90);

    const early = await importInvoice(t, manager);
    expect((await finished(REVIEWER, early)).errors[0]?.code).toBe(4);
    expect((await finish(REVIEWER, 'not-a-uuid')).status).toBe(400);

    const globexTask = await importInvoice(t, await token(GLOBEX_ADMIN), { workspaceId: GLOBEX_INVOICES_WS });
    const foreign = await finish(demoEmail('Developer'), globexTask);
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Globex');
  });

  it('routes a Sequence assignment from one demo user to the next', async () => {
    const taskId = await reviewableInvoice(t, await token(MANAGER), [FILLED_INVOICE], { batchId: MARCH });
    await assign(taskId, 30, [REVIEWER, CREATOR]);
    // Not the creator's turn yet; the manager is not assigned at all.
    expect((await checkout(CREATOR, taskId)).errors[0]).toMatchObject({ code: 29 });
    expect((await checkout(MANAGER, taskId)).errors[0]?.code).toBe(29);
    expect((await finished(CREATOR, taskId)).errors[0]?.code).toBe(29);
    expect((await next(CREATOR)).status).toBe(204);
    expect(((await next(REVIEWER)).body as { taskId: string }).taskId).toBe(taskId);

    expect((await checkout(REVIEWER, taskId)).succeeded).toBe(true);
    const first = await finished(REVIEWER, taskId);
    expect(first.result).toMatchObject({ taskId, status: 60, reviewCompleted: false });
    const row = await taskRow(taskId);
    expect(row.status).toBe(60);
    const events = await eventsOf(t, taskId);
    expect(events.at(-2)?.description).toBe(
      'Review finished by Reviewer Demo (1 of 2 assignees): status changed from InReview (70) to ToReview (60) by Reviewer Demo.',
    );
    expect(events.at(-1)).toMatchObject({ event_type: 'ReviewRouted', description: 'Routed to Creator Demo.' });
    const assignees = await t.server.database.db
      .selectFrom('task_assignment_users')
      .select(['user_id', 'has_reviewed'])
      .where('task_id', '=', taskId)
      .orderBy('position')
      .execute();
    expect(assignees).toEqual([
      { user_id: userIdOf(REVIEWER), has_reviewed: true },
      { user_id: userIdOf(CREATOR), has_reviewed: false },
    ]);

    // Now it is the creator's turn, and only theirs.
    expect((await checkout(REVIEWER, taskId)).errors[0]?.code).toBe(29);
    expect((await next(REVIEWER)).status).toBe(204);
    expect(((await next(CREATOR)).body as { taskId: string }).taskId).toBe(taskId);
    expect((await checkout(CREATOR, taskId)).succeeded).toBe(true);
    const second = await finished(CREATOR, taskId);
    expect(second.result).toMatchObject({ status: 90, reviewCompleted: true });
    expect((await eventsOf(t, taskId)).at(-1)?.description).toContain(
      'Review finished: status changed from InReview (70) to QueuedForExport (90) by Creator Demo',
    );
  });

  it('waits for every AnyOrder assignee and completes AnyUser with the first review', async () => {
    const manager = await token(MANAGER);
    const anyOrder = await reviewableInvoice(t, manager);
    await assign(anyOrder, 20, [REVIEWER, CREATOR]);
    await checkout(CREATOR, anyOrder);
    const first = await finished(CREATOR, anyOrder);
    expect(first.result).toMatchObject({ status: 60, reviewCompleted: false });
    expect((await eventsOf(t, anyOrder)).at(-1)?.description).toBe('Waiting for the review of Reviewer Demo.');
    expect((await checkout(CREATOR, anyOrder)).errors[0]?.code).toBe(30);
    await checkout(REVIEWER, anyOrder);
    expect((await finished(REVIEWER, anyOrder)).result).toMatchObject({ status: 90, reviewCompleted: true });

    const anyUser = await reviewableInvoice(t, manager);
    await assign(anyUser, 10, [REVIEWER, CREATOR]);
    expect((await checkout(MANAGER, anyUser)).errors[0]?.code).toBe(29);
    await checkout(CREATOR, anyUser);
    expect((await finished(CREATOR, anyUser)).result).toMatchObject({ status: 90, reviewCompleted: true });
  });

  it('gives the next task by priority then age, skipping tasks held by others, in a batch when asked', async () => {
    const manager = await token(MANAGER);
    expect((await next(REVIEWER)).status).toBe(204);
    const old = await reviewableInvoice(t, manager, [FILLED_INVOICE], { batchId: MARCH });
    const urgent = await reviewableInvoice(t, manager, [FILLED_INVOICE], { batchId: MARCH, priority: 5 });
    const outside = await reviewableInvoice(t, manager, [FILLED_INVOICE], { priority: 9 });
    const first = await next(REVIEWER);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      taskId: urgent,
      workspaceId: INVOICES_WS,
      taskType: 'Invoice',
      status: 60,
      fromHistory: false,
    });
    // The whole workspace: the unbatched task has the highest priority.
    expect(await nextInWorkspace(REVIEWER)).toBe(outside);
    await checkout(CREATOR, urgent);
    expect(((await next(REVIEWER)).body as { taskId: string }).taskId).toBe(old);
    // The holder still gets it; an expired checkout frees it for everyone.
    expect(((await next(CREATOR)).body as { taskId: string }).taskId).toBe(urgent);
    await expireCheckout(t, urgent);
    expect(((await next(REVIEWER)).body as { taskId: string }).taskId).toBe(urgent);

    expect((await next(demoEmail('Viewer'))).status).toBe(403);
    const foreign = await t.call('GET', `${API}/SdTask/GetNextTask/${GLOBEX_INVOICES_WS}`, {
      token: await token(demoEmail('Developer')),
      query: { batchId: MARCH },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toContain('Globex');
    const bad = await t.call('GET', `${API}/SdTask/GetNextTask/not-a-uuid`, {
      token: await token(REVIEWER),
      query: { batchId: MARCH },
    });
    expect(bad.status).toBe(400);
    expect((await next(REVIEWER, 'not-a-uuid')).status).toBe(400);
  });
});
