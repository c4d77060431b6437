// Counts: stages over workspaces, the caller's own, reviewed documents, time per status, the
// to-review count per workspace (product-spec §4 rule) and the processed tasks in the history.
import { beforeEach, describe, expect, it } from 'vitest';
import { stageCounts } from '../src/domain/tasks/counts.js';
import { ACME_ID, databaseKinds, demoEmail, userIdOf, useTestServer } from './support/harness.js';
import {
  addMembers,
  assign,
  GLOBEX_WS,
  INVOICES,
  insertTasks,
  NON_SUPER_ROLES,
  RECEIPTS,
  withoutMemberships,
} from './support/list-fixtures.js';

const API = '/api/v1';

describe('stage counts (pure)', () => {
  it('sums statuses into stages; failures and deletions only in the total or nowhere', () => {
    const counts = stageCounts(
      new Map([
        [30, 2],
        [41, 1],
        [42, 5],
        [60, 3],
        [70, 1],
        [100, 4],
        [110, 1],
        [20, 9],
      ]),
    );
    expect(counts).toEqual({
      processingCount: 3,
      toReviewCount: 3,
      inReviewCount: 1,
      processedCount: 5,
      totalCount: 17,
    });
  });
});

describe.each(databaseKinds())('task counts on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  // Non-super-users reach only the workspaces a test adds them to.
  beforeEach(() => withoutMemberships(t.server.database.db));
  const as = (role: string) => t.tokenFor(demoEmail(role));
  const db = () => t.server.database.db;
  const get = async (role: string, path: string, workspaceIds?: string[]) =>
    t.call('GET', `${API}${path}`, { token: await as(role), query: workspaceIds ? { workspaceIds } : {} });
  const post = async (role: string, path: string, body: unknown) =>
    t.call('POST', `${API}${path}`, { token: await as(role), body });

  const seed = () =>
    insertTasks(db(), [
      { status: 30 },
      { status: 41 },
      { status: 42 },
      { status: 60 },
      { status: 60 },
      { status: 70 },
      { status: 100 },
      { status: 20 },
      { status: 60, workspaceId: RECEIPTS },
      { status: 60, workspaceId: GLOBEX_WS },
    ]);

  describe('SdTask_CountTotal', () => {
    it('counts stages over the given workspaces, or all the caller can see', async () => {
      await seed();
      const one = await get('Developer', '/SdTask/CountTotal', [INVOICES]);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({
        processingCount: 2,
        toReviewCount: 2,
        inReviewCount: 1,
        processedCount: 1,
        totalCount: 7,
      });
      const all = await get('Developer', '/SdTask/CountTotal');
      expect(all.body).toMatchObject({ toReviewCount: 3, totalCount: 8 });
      // A member of one workspace counts only there.
      await addMembers(db(), INVOICES, NON_SUPER_ROLES);
      expect((await get('Viewer', '/SdTask/CountTotal')).body).toMatchObject({ toReviewCount: 2, totalCount: 7 });
    });

    it('refuses a workspace of another tenant or without membership, and a bad id', async () => {
      expect((await get('Developer', '/SdTask/CountTotal', [GLOBEX_WS])).status).toBe(403);
      expect((await get('Viewer', '/SdTask/CountTotal', [RECEIPTS])).status).toBe(403);
      expect((await get('Developer', '/SdTask/CountTotal', ['nope'])).status).toBe(400);
    });

    it('needs Task.ListView', async () => {
      await db().insertInto('ability_blacklist').values({ tenant_id: ACME_ID, ability: 'Task.ListView' }).execute();
      expect((await get('Viewer', '/SdTask/CountTotal')).status).toBe(403);
    });
  });

  describe('SdTask_CountTotalUser', () => {
    it('counts only tasks assigned to or checked out by the caller', async () => {
      await addMembers(db(), INVOICES, NON_SUPER_ROLES);
      const [a, b] = await insertTasks(db(), [{ status: 60 }, { status: 100 }, { status: 60 }]);
      await assign(db(), a as string, 20, [{ email: demoEmail('Reviewer') }]);
      await db()
        .updateTable('tasks')
        .set({ last_checked_out_by: userIdOf(demoEmail('Reviewer')) })
        .where('id', '=', b as string)
        .execute();
      const res = await get('Reviewer', '/SdTask/CountTotalUser', [INVOICES]);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        processingCount: 0,
        toReviewCount: 1,
        inReviewCount: 0,
        processedCount: 1,
        totalCount: 2,
      });
      expect((await get('Reviewer', '/SdTask/CountTotalUser', [GLOBEX_WS])).status).toBe(403);
    });
  });

  describe('SdTask_GetTotalToReviewByWorkSpaceId', () => {
    it('follows tasks into and out of ToReview, never below 0', async () => {
      const count = async () => {
        const res = await post('Reviewer', '/SdTask/GetTotalToReviewByWorkSpaceId', [INVOICES, RECEIPTS]);
        expect(res.status).toBe(200);
        return res.body as Array<{ workSpaceId: string; totalTasksToReview: number }>;
      };
      await addMembers(db(), INVOICES, NON_SUPER_ROLES);
      await addMembers(db(), RECEIPTS, NON_SUPER_ROLES);
      expect(await count()).toEqual([
        { workSpaceId: INVOICES, totalTasksToReview: 0 },
        { workSpaceId: RECEIPTS, totalTasksToReview: 0 },
      ]);
      const [first, second] = await insertTasks(db(), [{ status: 41 }, { status: 41 }]);
      const move = (id: string | undefined, status: number) =>
        db()
          .updateTable('tasks')
          .set({ status })
          .where('id', '=', id as string)
          .execute();
      await move(first, 60); // enters ToReview: +1
      expect((await count())[0]?.totalTasksToReview).toBe(1);
      await move(second, 60); // +1
      expect((await count())[0]?.totalTasksToReview).toBe(2);
      await move(first, 70); // leaves (checked out): −1
      expect((await count())[0]?.totalTasksToReview).toBe(1);
      await move(second, 20); // leaves (deleted): −1
      await move(first, 100);
      expect((await count())[0]?.totalTasksToReview).toBe(0);
      await move(second, 19); // leaving again from a status that was not ToReview changes nothing
      expect((await count()).every((c) => c.totalTasksToReview === 0)).toBe(true);
    });

    it('answers all reachable workspaces for an empty list and refuses other tenants', async () => {
      await seed();
      const all = await post('Developer', '/SdTask/GetTotalToReviewByWorkSpaceId', []);
      expect(all.status).toBe(200);
      expect(all.body).toContainEqual({ workSpaceId: INVOICES, totalTasksToReview: 2 });
      expect(all.text).not.toContain(GLOBEX_WS);
      expect((await post('Developer', '/SdTask/GetTotalToReviewByWorkSpaceId', [GLOBEX_WS])).status).toBe(403);
      expect((await post('Developer', '/SdTask/GetTotalToReviewByWorkSpaceId', ['x'])).status).toBe(400);
    });
  });

  describe('SdTask_GetTotalToReviewWithDetectionsByWorkSpaceId', () => {
    it('counts per workspace (no detected fields recorded yet: 0)', async () => {
      await seed();
      const res = await post('Developer', '/SdTask/GetTotalToReviewWithDetectionsByWorkSpaceId', [INVOICES]);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([{ workSpaceId: INVOICES, totalTasksToReview: expect.any(Number) }]);
      expect((await post('Developer', '/SdTask/GetTotalToReviewWithDetectionsByWorkSpaceId', [GLOBEX_WS])).status).toBe(
        403,
      );
    });
  });

  describe('SdTask_CountReviewedDocuments', () => {
    it('counts finished reviews per reviewer, for Metrics.View', async () => {
      const reviewer = userIdOf(demoEmail('Reviewer'));
      await insertTasks(db(), [
        { status: 100, lastCheckedOutBy: reviewer },
        { status: 93, lastCheckedOutBy: reviewer },
        { status: 60, lastCheckedOutBy: reviewer },
        { status: 100, lastCheckedOutBy: userIdOf(demoEmail('Manager')) },
      ]);
      await addMembers(db(), INVOICES, NON_SUPER_ROLES);
      expect((await get('Manager', '/SdTask/CountReviewedDocuments')).status).toBe(200);
      const dev = await get('Developer', '/SdTask/CountReviewedDocuments', [INVOICES]);
      expect(dev.status).toBe(200);
      expect(dev.body).toEqual([
        { lastIntegratedBy: reviewer, count: 2 },
        { lastIntegratedBy: userIdOf(demoEmail('Manager')), count: 1 },
      ]);
      expect((await get('Viewer', '/SdTask/CountReviewedDocuments')).status).toBe(403);
      expect((await get('Developer', '/SdTask/CountReviewedDocuments', [GLOBEX_WS])).status).toBe(403);
    });
  });

  describe('SdTask_CountTimestampByStatus', () => {
    it('averages the time between status events', async () => {
      const [a, b] = await insertTasks(db(), [{ status: 70 }, { status: 100 }]);
      const event = (task: string | undefined, status: number, at: string) => ({
        tenant_id: ACME_ID,
        task_id: task as string,
        event_type: 'StatusChanged',
        description: `to ${status}`,
        payload: JSON.stringify({ status }),
        created_on: new Date(at),
      });
      await db()
        .insertInto('task_events')
        .values([
          event(a, 30, '2026-01-01T00:00:00Z'),
          event(a, 60, '2026-01-01T00:00:10Z'),
          event(a, 70, '2026-01-01T00:01:10Z'),
          event(b, 30, '2026-01-01T00:00:00Z'),
          event(b, 60, '2026-01-01T00:00:30Z'),
          event(b, 100, '2026-01-01T00:02:30Z'),
          { ...event(b, 0, '2026-01-01T00:00:01Z'), payload: JSON.stringify({ note: 'not a status event' }) },
        ])
        .execute();
      const res = await get('Developer', '/SdTask/CountTimestampByStatus', [INVOICES]);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { status: 30, timeAvgInMilliseconds: 20_000 },
        { status: 60, timeAvgInMilliseconds: 90_000 },
      ]);
      expect((await get('Viewer', '/SdTask/CountTimestampByStatus')).status).toBe(403);
      expect((await get('Developer', '/SdTask/CountTimestampByStatus', [GLOBEX_WS])).status).toBe(403);
    });
  });

  describe('SdTask_ProcessedTasksCountInHistory', () => {
    it('counts what the filters select in the history or the main table', async () => {
      await seed();
      const body = (type: number, filters: unknown[] = []) => ({ workspaceId: INVOICES, type, filters });
      expect((await post('Developer', '/SdTask/ProcessedTasksCountInHistory', body(20))).body).toBe(1);
      expect((await post('Developer', '/SdTask/ProcessedTasksCountInHistory', body(10))).body).toBe(6);
      expect(
        (
          await post(
            'Developer',
            '/SdTask/ProcessedTasksCountInHistory',
            body(10, [{ field: 'status', operator: 'eq', value: 60 }]),
          )
        ).body,
      ).toBe(2);
      expect(
        (
          await post(
            'Developer',
            '/SdTask/ProcessedTasksCountInHistory',
            body(10, [{ field: 'nope', operator: 'eq', value: 1 }]),
          )
        ).status,
      ).toBe(400);
      expect(
        (await post('Developer', '/SdTask/ProcessedTasksCountInHistory', { ...body(20), workspaceId: GLOBEX_WS }))
          .status,
      ).toBe(403);
      await db().insertInto('ability_blacklist').values({ tenant_id: ACME_ID, ability: 'Task.History' }).execute();
      expect((await post('Developer', '/SdTask/ProcessedTasksCountInHistory', body(20))).status).toBe(403);
    });
  });
});
