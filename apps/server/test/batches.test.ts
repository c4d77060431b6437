// Batches (SdBatch): create, list with totals and the open/closed filter, delete (tasks stay).
import { beforeEach, describe, expect, it } from 'vitest';
import { batchInputProblem } from '../src/domain/batches.js';
import { ACME_ID, databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import {
  addMembers,
  FEBRUARY,
  GLOBEX_BATCH,
  GLOBEX_WS,
  INVOICES,
  insertTasks,
  MARCH,
  NON_SUPER_ROLES,
  RECEIPTS,
  withoutMemberships,
} from './support/list-fixtures.js';

const API = '/api/v1';
type Batch = {
  batchId: string;
  workspaceId: string;
  displayName: string;
  isOpen: boolean;
  status: number | null;
  batchType: number;
  totalTasks: number;
  totalTasksInHistory: number;
  anyBatchTaskId: string | null;
};
type Page = {
  items: Batch[];
  totalCount: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  pageNumber: number;
};

describe('batch input (pure)', () => {
  it('refuses blank or overlong names and descriptions', () => {
    expect(batchInputProblem({ displayName: '  ', workspaceId: INVOICES })).toContain('empty');
    expect(batchInputProblem({ displayName: 'x'.repeat(257), workspaceId: INVOICES })).toContain('longer');
    expect(batchInputProblem({ displayName: 'ok', description: 'x'.repeat(2001), workspaceId: INVOICES })).toContain(
      'longer',
    );
    expect(batchInputProblem({ displayName: 'ok', workspaceId: INVOICES })).toBeNull();
  });
});

describe.each(databaseKinds())('batches on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  // Non-super-users reach only the workspaces a test adds them to.
  beforeEach(() => withoutMemberships(t.server.database.db));
  const as = (role: string) => t.tokenFor(demoEmail(role));
  const db = () => t.server.database.db;
  const create = async (role: string, body: unknown) =>
    t.call('POST', `${API}/SdBatch`, { token: await as(role), body });
  const page = async (role: string, workspaceId: string, body: unknown) =>
    t.call('POST', `${API}/SdBatch/GetWithPagination/${workspaceId}`, { token: await as(role), body });
  const remove = async (role: string, id: string) =>
    t.call('DELETE', `${API}/SdBatch/${id}`, { token: await as(role) });

  describe('SdBatch_Post', () => {
    it('creates an open Default batch by default, or a closed one', async () => {
      await addMembers(db(), INVOICES, NON_SUPER_ROLES);
      const res = await create('Creator', {
        displayName: '  April 2026  ',
        workspaceId: INVOICES,
        description: 'April',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        displayName: 'April 2026',
        description: 'April',
        workspaceId: INVOICES,
        isOpen: true,
        status: 10,
        batchType: 10,
        totalTasks: 0,
        totalTasksInHistory: 0,
        anyBatchTaskId: null,
      });
      const closed = await create('Creator', { displayName: 'Closed', workspaceId: INVOICES, isOpen: false });
      expect(closed.body).toMatchObject({ isOpen: false, status: 20 });
    });

    it('answers 400 for a blank name, 403 without Batches.CreateBatch, for a foreign or unreachable workspace', async () => {
      expect((await create('Developer', { displayName: '   ', workspaceId: INVOICES })).status).toBe(400);
      expect((await create('Developer', { displayName: '', workspaceId: INVOICES })).status).toBe(400);
      expect((await create('Developer', { workspaceId: INVOICES })).status).toBe(400);
      await addMembers(db(), INVOICES, NON_SUPER_ROLES);
      expect((await create('Reviewer', { displayName: 'x', workspaceId: INVOICES })).status).toBe(403);
      const foreign = await create('Developer', { displayName: 'x', workspaceId: GLOBEX_WS });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toMatchObject({ errors: [{ code: 25 }] });
      expect((await create('Creator', { displayName: 'x', workspaceId: RECEIPTS })).status).toBe(403);
    });
  });

  describe('SdBatch_GetWithPagination', () => {
    it('lists batches with totals, filters open/closed, sorts and pages', async () => {
      await addMembers(db(), INVOICES, NON_SUPER_ROLES);
      const ids = await insertTasks(db(), [
        { batchId: MARCH, status: 60 },
        { batchId: MARCH, status: 100 },
        { batchId: MARCH, status: 20 },
        { batchId: FEBRUARY, status: 20 },
      ]);
      for (let i = 0; i < 30; i++) {
        await create('Creator', {
          displayName: `Extra ${String(i).padStart(2, '0')}`,
          workspaceId: INVOICES,
          isOpen: i % 2 === 0,
        });
      }
      const all = await page('Viewer', INVOICES, { pageNumber: 1, pageSize: 100, sort: [{ field: 'displayName' }] });
      expect(all.status).toBe(200);
      const body = all.body as Page;
      expect(body.totalCount).toBe(32);
      const march = body.items.find((b) => b.batchId === MARCH);
      expect(march).toMatchObject({ totalTasks: 2, totalTasksInHistory: 1, isOpen: true, anyBatchTaskId: ids[0] });
      expect(body.items.find((b) => b.batchId === FEBRUARY)).toMatchObject({
        totalTasks: 0,
        anyBatchTaskId: null,
        isOpen: false,
      });
      expect(body.items[0]?.displayName).toBe('Extra 00');

      const closed = (
        await page('Viewer', INVOICES, {
          pageNumber: 1,
          pageSize: 100,
          filters: [{ field: 'isOpen', operator: 'eq', value: false }],
        })
      ).body as Page;
      expect(closed.totalCount).toBe(16);
      expect(closed.items.every((b) => !b.isOpen)).toBe(true);

      const byTotal = (
        await page('Viewer', INVOICES, {
          pageNumber: 1,
          pageSize: 1,
          sort: [{ field: 'totalTasks', descending: true }],
        })
      ).body as Page;
      expect(byTotal).toMatchObject({ totalCount: 32, totalPages: 32, hasNextPage: true, hasPreviousPage: false });
      expect(byTotal.items[0]?.batchId).toBe(MARCH);

      const text = (await page('Viewer', INVOICES, { pageNumber: 2, pageSize: 5, filter: 'extra 1' })).body as Page;
      expect(text).toMatchObject({
        totalCount: 10,
        totalPages: 2,
        pageNumber: 2,
        hasPreviousPage: true,
        hasNextPage: false,
      });
    });

    it('answers 400 for bad filters, 403 without access or for another tenant', async () => {
      expect(
        (
          await page('Developer', INVOICES, {
            pageNumber: 1,
            pageSize: 10,
            filters: [{ field: 'tenant_id', operator: 'eq', value: 'x' }],
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await page('Developer', INVOICES, {
            pageNumber: 1,
            pageSize: 10,
            filters: [{ field: 'totalTasks', operator: 'gt', value: 1 }],
          })
        ).status,
      ).toBe(400);
      expect((await page('Developer', INVOICES, { pageNumber: 1 })).status).toBe(400);
      const foreign = await page('Developer', GLOBEX_WS, { pageNumber: 1, pageSize: 10 });
      expect(foreign.status).toBe(403);
      expect(foreign.text).not.toContain('Candidate');
      expect((await page('Viewer', INVOICES, { pageNumber: 1, pageSize: 10 })).status).toBe(403);
      await db()
        .insertInto('ability_blacklist')
        .values({ tenant_id: ACME_ID, ability: 'Batches.ListBatches' })
        .execute();
      expect((await page('Developer', INVOICES, { pageNumber: 1, pageSize: 10 })).status).toBe(403);
    });
  });

  describe('SdBatch_DeleteById', () => {
    it('answers 404 to a manager who cannot reach the workspace, and leaves the batch', async () => {
      await insertTasks(db(), [{ batchId: MARCH }]);
      expect((await remove('Manager', MARCH)).status).toBe(404);
      expect(await db().selectFrom('batches').select('id').where('id', '=', MARCH).executeTakeFirst()).toBeDefined();
    });

    it('deletes as a manager with access; tasks lose the batch and get an event', async () => {
      await addMembers(db(), INVOICES, NON_SUPER_ROLES);
      const ids = await insertTasks(db(), [{ batchId: MARCH }, { batchId: MARCH, status: 100 }, { batchId: FEBRUARY }]);
      const res = await remove('Manager', MARCH);
      expect(res.status).toBe(204);
      expect(await db().selectFrom('batches').select('id').where('id', '=', MARCH).executeTakeFirst()).toBeUndefined();
      const tasks = await db()
        .selectFrom('tasks')
        .select(['id', 'batch_id'])
        .where('id', 'in', ids)
        .orderBy('sequential_by_workspace_id')
        .execute();
      expect(tasks.map((x) => x.batch_id)).toEqual([null, null, FEBRUARY]);
      const events = await db()
        .selectFrom('task_events')
        .select(['task_id', 'event_type'])
        .where('event_type', '=', 'RemovedFromBatch')
        .execute();
      expect(events.map((e) => e.task_id).sort()).toEqual([ids[0], ids[1]].sort());
      expect((await remove('Manager', MARCH)).status).toBe(404);
    });

    it("answers 403 without Batches.Delete and 404 for another tenant's batch", async () => {
      await addMembers(db(), INVOICES, NON_SUPER_ROLES);
      expect((await remove('Creator', MARCH)).status).toBe(403);
      const foreign = await remove('Developer', GLOBEX_BATCH);
      expect(foreign.status).toBe(404);
      expect(
        await db().selectFrom('batches').select('id').where('id', '=', GLOBEX_BATCH).executeTakeFirst(),
      ).toBeDefined();
      expect((await remove('Developer', 'not-a-uuid')).status).toBe(400);
    });
  });
});
