// Task lists: main table, my assignments, history, archive (continuation tokens), archive of a
// batch, ready to review — paging, sort, filters, permissions, bad input and other tenants.
import { beforeEach, describe, expect, it } from 'vitest';
import { parseListFilter, TASK_LIST_FIELDS } from '../src/domain/tasks/filters.js';
import { statusCode } from '../src/domain/tasks/status-groups.js';
import { databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import {
  addMembers,
  assign,
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
type Item = {
  id: string;
  sequentialByWorkspaceId: number;
  displayName: string;
  status: number;
  createdOn: string;
} & Record<string, unknown>;
type Page = {
  items: Item[];
  pageNumber: number;
  totalPages: number;
  totalCount: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
};

describe('list filter parsing (pure)', () => {
  const options = {
    fields: TASK_LIST_FIELDS,
    defaultSort: [{ field: 'createdOn', descending: true }],
    idColumn: 't.id',
    status: statusCode,
  };

  it('maps whitelisted fields to columns and keeps values apart from SQL', () => {
    const parsed = parseListFilter(
      {
        filter: '  acme ',
        filters: [
          { field: 'STATUS', operator: 'in', value: ['ToReview', 70] },
          { field: 'displayName', operator: 'contains', value: "x'; drop table tasks; --" },
          {
            field: 'createdOn',
            operator: 'between',
            value: ['2026-01-01', '2026-02-01T00:00:00Z'],
            operationType: 'or',
          },
        ],
        sort: [{ field: 'displayName', descending: true }],
      },
      options,
    );
    expect(parsed.text).toBe('acme');
    expect(parsed.groups).toHaveLength(2);
    expect(parsed.groups[0]?.[0]).toMatchObject({ column: 't.status', values: [60, 70] });
    expect(parsed.groups[0]?.[1]).toMatchObject({ column: 't.display_name', values: ["x'; drop table tasks; --"] });
    expect(parsed.groups[1]?.[0]?.values[0]).toBeInstanceOf(Date);
    expect(parsed.sort.map((s) => s.column)).toEqual(['t.display_name', 't.id']);
  });

  it.each([
    [{ filters: [{ field: 'password_hash', operator: 'eq', value: 'x' }] }, 'cannot be filtered'],
    [{ filters: [{ field: 't.id; drop', operator: 'eq', value: 'x' }] }, 'cannot be filtered'],
    [{ filters: [{ field: 'status', operator: 'like', value: 60 }] }, 'Unknown filter operator'],
    [{ filters: [{ field: 'status', operator: 'contains', value: 60 }] }, 'does not apply'],
    [{ filters: [{ field: 'status', operator: 'eq', value: 'Nope' }] }, 'not a task status'],
    [{ filters: [{ field: 'createdOn', operator: 'gt', value: 'yesterday' }] }, 'ISO 8601'],
    [{ filters: [{ field: 'createdOn', operator: 'between', value: ['2026-01-01'] }] }, 'two values'],
    [{ filters: [{ field: 'totalPages', operator: 'gt', value: 1.5 }] }, 'whole number'],
    [{ filters: [{ field: 'batchId', operator: 'eq', value: 'not-a-uuid' }] }, 'uuid'],
    [{ filters: [{ field: 'status', operator: 'eq', value: 60, operationType: 'xor' }] }, 'operationType'],
    [{ filters: [{ field: 'status', operator: 'in', value: [] }] }, 'values'],
    [{ sort: [{ field: 'secret' }] }, 'cannot be sorted'],
    [{ filter: 'x'.repeat(300) }, 'longer than'],
  ])('refuses %j', (input, message) => {
    expect(() => parseListFilter(input, options)).toThrow(message);
  });
});

describe.each(databaseKinds())('task lists on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  // Non-super-users reach only the workspaces a test adds them to.
  beforeEach(() => withoutMemberships(t.server.database.db));
  const as = (role: string) => t.tokenFor(demoEmail(role));
  const db = () => t.server.database.db;
  const list = async (role: string, path: string, body: unknown, query: Record<string, string> = {}) =>
    t.call('POST', `${API}${path}`, { token: await as(role), body, query });

  describe('SdTask_GetWithPagination', () => {
    it('pages 300 tasks in a stable order with the paging fields', async () => {
      await insertTasks(
        db(),
        Array.from({ length: 300 }, (_, i) => ({ status: i % 3 === 0 ? 60 : 41 })),
      );
      const seen = new Set<string>();
      let previous = Number.POSITIVE_INFINITY;
      for (let page = 1; page <= 4; page++) {
        const res = await list(
          'Developer',
          `/SdTask/GetWithPagination/${INVOICES}`,
          { pageNumber: page, pageSize: 80 },
          { inBatchesOnly: 'false' },
        );
        expect(res.status).toBe(200);
        const body = res.body as Page;
        expect(body).toMatchObject({
          pageNumber: page,
          totalPages: 4,
          totalCount: 300,
          hasPreviousPage: page > 1,
          hasNextPage: page < 4,
        });
        expect(body.items).toHaveLength(page < 4 ? 80 : 60);
        for (const item of body.items) {
          expect(item.sequentialByWorkspaceId).toBeLessThan(previous);
          previous = item.sequentialByWorkspaceId;
          seen.add(item.id);
        }
      }
      expect(seen.size).toBe(300);
      const beyond = await list(
        'Developer',
        `/SdTask/GetWithPagination/${INVOICES}`,
        { pageNumber: 9, pageSize: 80 },
        { inBatchesOnly: 'false' },
      );
      expect(beyond.body).toMatchObject({
        items: [],
        totalCount: 300,
        totalPages: 4,
        hasNextPage: false,
        hasPreviousPage: true,
      });
    });

    it('sorts by whitelisted fields, filters by status, text and dates, and honours inBatchesOnly', async () => {
      await insertTasks(db(), [
        { displayName: 'Beta invoice', status: 60, batchId: MARCH, externalId: 'EXT-1' },
        { displayName: 'alpha invoice', status: 70, description: 'from ACME 100%' },
        { displayName: 'Gamma', status: 41, batchId: FEBRUARY, createdOn: new Date('2025-06-01T00:00:00Z') },
        { displayName: 'Delta', status: 100 },
        { displayName: 'Deleted one', status: 20 },
      ]);
      const call = (body: Record<string, unknown>, inBatchesOnly = 'false') =>
        list(
          'Viewer',
          `/SdTask/GetWithPagination/${INVOICES}`,
          { pageNumber: 1, pageSize: 50, ...body },
          { inBatchesOnly },
        );
      await addMembers(db(), INVOICES, NON_SUPER_ROLES);

      const byName = (await call({ sort: [{ field: 'displayName' }] })).body as Page;
      // History (Processed) and deleted tasks are not in the main table.
      expect(byName.items.map((i) => i.displayName)).toEqual(['alpha invoice', 'Beta invoice', 'Gamma']);

      const toReview = (await call({ filters: [{ field: 'status', operator: 'eq', value: 'ToReview' }] })).body as Page;
      expect(toReview.items.map((i) => i.displayName)).toEqual(['Beta invoice']);
      expect(toReview.items[0]).toMatchObject({
        batchId: MARCH,
        batchDisplayName: 'March 2026 invoices',
        batchType: 10,
        externalId: 'EXT-1',
      });

      const either = (
        await call({
          filters: [
            { field: 'status', operator: 'eq', value: 60 },
            { field: 'status', operator: 'eq', value: 41, operationType: 'or' },
          ],
          sort: [{ field: 'createdOn', descending: false }],
        })
      ).body as Page;
      expect(either.items.map((i) => i.displayName)).toEqual(['Gamma', 'Beta invoice']);

      expect(((await call({ filter: 'acme 100%' })).body as Page).items.map((i) => i.displayName)).toEqual([
        'alpha invoice',
      ]);
      expect(((await call({ filter: 'ext-1' })).body as Page).items.map((i) => i.displayName)).toEqual([
        'Beta invoice',
      ]);
      // LIKE wildcards in the text are literal.
      expect(((await call({ filter: '%' })).body as Page).totalCount).toBe(1);
      expect(((await call({ filter: '_' })).body as Page).totalCount).toBe(0);

      const recent = (await call({ filters: [{ field: 'createdOn', operator: 'gte', value: '2026-01-01T00:00:00Z' }] }))
        .body as Page;
      expect(recent.items.map((i) => i.displayName).sort()).toEqual(['Beta invoice', 'alpha invoice']);
      const between = (
        await call({ filters: [{ field: 'createdOn', operator: 'between', value: ['2025-01-01', '2025-12-31'] }] })
      ).body as Page;
      expect(between.items.map((i) => i.displayName)).toEqual(['Gamma']);

      const batched = (await call({ sort: [{ field: 'batchDisplayName' }] }, 'true')).body as Page;
      expect(batched.items.map((i) => i.displayName)).toEqual(['Gamma', 'Beta invoice']);

      const noExternal = (await call({ filters: [{ field: 'externalId', operator: 'eq', value: null }] })).body as Page;
      expect(noExternal.totalCount).toBe(2);
    });

    it('sets the per-task flags for the caller', async () => {
      await insertTasks(db(), [{ status: 60 }, { status: 41 }]);
      const reviewer = (
        await list(
          'Developer',
          `/SdTask/GetWithPagination/${INVOICES}`,
          { pageNumber: 1, pageSize: 10 },
          { inBatchesOnly: 'false' },
        )
      ).body as Page;
      const [inProgress, toReview] = reviewer.items;
      expect(toReview).toMatchObject({ status: 60, canBeReviewed: true, canBeExported: true, canBeDeleted: true });
      expect(inProgress).toMatchObject({
        status: 41,
        canBeReviewed: false,
        canBeDeleted: false,
        canBeReprocessed: false,
      });
      await addMembers(db(), INVOICES, NON_SUPER_ROLES);
      const viewer = (
        await list(
          'Viewer',
          `/SdTask/GetWithPagination/${INVOICES}`,
          { pageNumber: 1, pageSize: 10 },
          { inBatchesOnly: 'false' },
        )
      ).body as Page;
      expect(viewer.items.every((i) => !i.canBeReviewed && !i.canBeDeleted)).toBe(true);
    });

    it('answers 400 for bad filters, sort and paging', async () => {
      const path = `/SdTask/GetWithPagination/${INVOICES}`;
      for (const body of [
        { pageNumber: 1, pageSize: 10, filters: [{ field: 'password_hash', operator: 'eq', value: 'x' }] },
        { pageNumber: 1, pageSize: 10, sort: [{ field: 'status; drop table tasks' }] },
        { pageNumber: 1, pageSize: 5000 },
        { pageNumber: 0, pageSize: 10 },
        { pageSize: 10 },
      ]) {
        const res = await list('Developer', path, body, { inBatchesOnly: 'false' });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({ kind: 'ValidationError' });
      }
      expect((await list('Developer', path, { pageNumber: 1, pageSize: 10 })).status).toBe(400);
    });

    it('needs Task.ListView and access to the workspace', async () => {
      await t.server.database.db
        .insertInto('ability_blacklist')
        .values({
          tenant_id: (
            await t.server.database.db
              .selectFrom('workspaces')
              .select('tenant_id')
              .where('id', '=', INVOICES)
              .executeTakeFirstOrThrow()
          ).tenant_id,
          ability: 'Task.ListView',
        })
        .execute();
      expect(
        (
          await list(
            'Viewer',
            `/SdTask/GetWithPagination/${INVOICES}`,
            { pageNumber: 1, pageSize: 10 },
            { inBatchesOnly: 'false' },
          )
        ).status,
      ).toBe(403);
    });

    it("refuses a workspace the caller is no member of, and another tenant's", async () => {
      await insertTasks(db(), [{ workspaceId: GLOBEX_WS, displayName: 'Globex secret' }]);
      const notMember = await list(
        'Reviewer',
        `/SdTask/GetWithPagination/${RECEIPTS}`,
        { pageNumber: 1, pageSize: 10 },
        { inBatchesOnly: 'false' },
      );
      expect(notMember.status).toBe(403);
      expect(notMember.body).toMatchObject({ errors: [{ code: 25 }] });
      const other = await list(
        'Developer',
        `/SdTask/GetWithPagination/${GLOBEX_WS}`,
        { pageNumber: 1, pageSize: 10 },
        { inBatchesOnly: 'false' },
      );
      expect(other.status).toBe(403);
      expect(other.text).not.toContain('Globex secret');
    });
  });

  describe('SdTask_GetMyAssignmentsWithPagination', () => {
    it('lists tasks assigned to the caller, honouring Sequence order', async () => {
      await addMembers(db(), INVOICES, NON_SUPER_ROLES);
      const [sequence, anyOrder, anyUserDone, unassigned, sequenceMyTurn] = await insertTasks(db(), [
        { displayName: 'Sequence, manager first' },
        { displayName: 'Any order' },
        { displayName: 'Any user, already reviewed' },
        { displayName: 'Unassigned' },
        { displayName: 'Sequence, my turn' },
      ]);
      const reviewer = demoEmail('Reviewer');
      const manager = demoEmail('Manager');
      await assign(db(), sequence as string, 30, [{ email: manager }, { email: reviewer }]);
      await assign(db(), anyOrder as string, 20, [{ email: manager }, { email: reviewer }]);
      await assign(db(), anyUserDone as string, 10, [{ email: manager, hasReviewed: true }, { email: reviewer }]);
      await assign(db(), sequenceMyTurn as string, 30, [{ email: manager, hasReviewed: true }, { email: reviewer }]);
      expect(unassigned).toBeDefined();

      const mine = async (role: string) =>
        (
          (
            await list(
              role,
              `/SdTask/GetMyAssignmentsWithPagination/${INVOICES}`,
              { pageNumber: 1, pageSize: 10, sort: [{ field: 'displayName' }] },
              { inBatchesOnly: 'false' },
            )
          ).body as Page
        ).items;
      const forReviewer = await mine('Reviewer');
      expect(forReviewer.map((i) => i.displayName)).toEqual(['Any order', 'Sequence, my turn']);
      expect(forReviewer[1]).toMatchObject({
        assignmentOrderType: 30,
        canBeReviewed: true,
        assignmentUsers: [
          { userName: 'Manager Demo', hasReviewed: true, isValid: true },
          { userName: 'Reviewer Demo', hasReviewed: false, isValid: true },
        ],
      });
      expect((await mine('Manager')).map((i) => i.displayName)).toEqual(['Any order', 'Sequence, manager first']);
      expect(await mine('Creator')).toEqual([]);
    });
  });

  describe('SdTask_HistoryGetAllHistoryByWorkspaceAsync', () => {
    it('lists only tasks whose review is over, and needs Task.History', async () => {
      await insertTasks(db(), [
        { status: 60, displayName: 'open' },
        { status: 100, displayName: 'processed' },
        { status: 93, displayName: 'exported' },
        { status: 20, displayName: 'deleted' },
      ]);
      const res = await list('Developer', `/SdTask/history/GetAllHistoryByWorkspaceAsync/${INVOICES}`, {
        pageNumber: 1,
        pageSize: 10,
        sort: [{ field: 'displayName' }],
      });
      expect(res.status).toBe(200);
      expect((res.body as Page).items.map((i) => i.displayName)).toEqual(['exported', 'processed']);
      await t.server.database.db
        .insertInto('ability_blacklist')
        .values({ tenant_id: (res.body as Page).items[0]?.tenantId as string, ability: 'Task.History' })
        .execute();
      expect(
        (
          await list('Developer', `/SdTask/history/GetAllHistoryByWorkspaceAsync/${INVOICES}`, {
            pageNumber: 1,
            pageSize: 10,
          })
        ).status,
      ).toBe(403);
    });
  });

  describe('SdTask_ArchiveGetAllArchiveByWorkspaceAsync', () => {
    const path = `/SdTask/archive/GetAllArchiveByWorkspaceAsync/${INVOICES}`;
    const page = async (body: Record<string, unknown>, token?: string | null) => {
      const res = await list('Developer', path, body, token ? { continuationToken: token } : {});
      expect(res.status, res.text).toBe(200);
      return res.body as {
        items: Array<{ taskId: string; displayName: string; sequentialByWorkspaceId: number }>;
        continuationToken: string | null;
      };
    };

    it('walks the archive with tokens that stay stable while tasks are added', async () => {
      // Same creation time for many tasks: the id breaks ties, so nothing repeats or goes missing.
      const sameTime = new Date('2026-02-01T10:00:00.123456Z');
      const ids = await insertTasks(
        db(),
        Array.from({ length: 120 }, (_, i) => ({
          status: 20,
          createdOn: i % 2 ? sameTime : new Date(Date.UTC(2026, 1, 2, 0, i)),
        })),
      );
      await insertTasks(db(), [{ status: 60, displayName: 'not archived' }]);
      const seen: string[] = [];
      let token: string | null = null;
      let calls = 0;
      do {
        const body = await page({ pageSize: 25, sort: [{ field: 'createdOn', descending: true }] }, token);
        seen.push(...body.items.map((i) => i.taskId));
        token = body.continuationToken;
        if (calls === 1) {
          // Inserted between calls, before and after the position of the walk.
          await insertTasks(db(), [
            { status: 20, createdOn: new Date('2030-01-01T00:00:00Z') },
            { status: 20, createdOn: new Date('2020-01-01T00:00:00Z'), displayName: 'old newcomer' },
          ]);
        }
        calls++;
      } while (token && calls < 20);
      const original = new Set(ids);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((id) => original.has(id)).length).toBe(120);
      expect(calls).toBeGreaterThanOrEqual(5);
    });

    it('uses the default page size, ends with a null token and refuses tampered or foreign tokens', async () => {
      await insertTasks(
        db(),
        Array.from({ length: 60 }, () => ({ status: 20 })),
      );
      const first = await page({});
      expect(first.items).toHaveLength(50);
      expect(first.continuationToken).toEqual(expect.any(String));
      const rest = await page({}, first.continuationToken);
      expect(rest.items).toHaveLength(10);
      expect(rest.continuationToken).toBeNull();

      const token = first.continuationToken as string;
      const [payload, mac] = token.split('.') as [string, string];
      const forged = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), after: ['0'] }),
      ).toString('base64url');
      for (const bad of [`${forged}.${mac}`, `${payload}.${mac.slice(0, -2)}AA`, 'garbage', `${payload}`]) {
        const res = await list('Developer', path, {}, { continuationToken: bad });
        expect(res.status, bad).toBe(400);
      }
      // A token of one filter does not continue another.
      const other = await list('Developer', path, { filter: 'Task' }, { continuationToken: token });
      expect(other.status).toBe(400);
      // Nor another workspace's list.
      const elsewhere = await list(
        'Developer',
        `/SdTask/archive/GetAllArchiveByWorkspaceAsync/${RECEIPTS}`,
        {},
        { continuationToken: token },
      );
      expect(elsewhere.status).toBe(400);
    });

    it('refuses a sort on a field that may be empty and a bad page size', async () => {
      expect((await list('Developer', path, { sort: [{ field: 'externalId' }] })).status).toBe(400);
      expect((await list('Developer', path, { pageSize: 0 })).status).toBe(400);
      expect((await list('Developer', path, { pageSize: 100000 })).status).toBe(400);
    });
  });

  describe('SdTask_ArchiveGetAllByWorkspaceAndBatchWithPaginationAsync', () => {
    it('pages the archived tasks of one batch', async () => {
      await insertTasks(db(), [
        ...Array.from({ length: 7 }, () => ({ status: 20, batchId: MARCH })),
        { status: 20, batchId: FEBRUARY },
        { status: 60, batchId: MARCH },
      ]);
      const res = await list(
        'Developer',
        `/SdTask/archive/GetAllByWorkspaceAndBatchWithPaginationAsync/${INVOICES}/${MARCH}`,
        { pageNumber: 2, pageSize: 5 },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        pageNumber: 2,
        totalCount: 7,
        totalPages: 2,
        hasPreviousPage: true,
        hasNextPage: false,
      });
      expect((res.body as { items: unknown[] }).items).toHaveLength(2);
    });

    it('answers 404 for an unknown batch, 400 for a batch of another workspace, 403 for another tenant', async () => {
      const base = '/SdTask/archive/GetAllByWorkspaceAndBatchWithPaginationAsync';
      const body = { pageNumber: 1, pageSize: 5 };
      expect((await list('Developer', `${base}/${INVOICES}/00000000-0000-4000-8000-000000000000`, body)).status).toBe(
        404,
      );
      const mismatch = await list('Developer', `${base}/${RECEIPTS}/${MARCH}`, body);
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toMatchObject({ errors: [{ code: 21 }] });
      expect((await list('Developer', `${base}/${INVOICES}/${GLOBEX_BATCH}`, body)).status).toBe(404);
      expect((await list('Developer', `${base}/${GLOBEX_WS}/${GLOBEX_BATCH}`, body)).status).toBe(403);
    });
  });

  describe('the assignee filter', () => {
    it('finds tasks by assignee, unassigned tasks, and excludes a user', async () => {
      const { userIdOf } = await import('./support/harness.js');
      const [mine, both] = await insertTasks(db(), [
        { status: 60, displayName: 'assigned to manager' },
        { status: 60, displayName: 'assigned to manager and reviewer' },
        { status: 60, displayName: 'unassigned' },
      ]);
      await assign(db(), mine as string, 20, [{ email: demoEmail('Manager') }]);
      await assign(db(), both as string, 30, [{ email: demoEmail('Manager') }, { email: demoEmail('Reviewer') }]);
      const names = async (filter: Record<string, unknown>) => {
        const res = await list(
          'Developer',
          `/SdTask/GetWithPagination/${INVOICES}`,
          { pageNumber: 1, pageSize: 10, filters: [filter], sort: [{ field: 'displayName' }] },
          { inBatchesOnly: 'false' },
        );
        expect(res.status).toBe(200);
        return (res.body as Page).items.map((i) => i.displayName);
      };
      const reviewer = userIdOf(demoEmail('Reviewer'));
      const manager = userIdOf(demoEmail('Manager'));
      expect(await names({ field: 'assignedUserId', operator: 'eq', value: reviewer })).toEqual([
        'assigned to manager and reviewer',
      ]);
      expect(await names({ field: 'assignedUserId', operator: 'in', value: [reviewer, manager] })).toEqual([
        'assigned to manager',
        'assigned to manager and reviewer',
      ]);
      expect(await names({ field: 'assignedUserId', operator: 'eq', value: null })).toEqual(['unassigned']);
      expect(await names({ field: 'assignedUserId', operator: 'neq', value: reviewer })).toEqual([
        'assigned to manager',
        'unassigned',
      ]);
      const bad = await list(
        'Developer',
        `/SdTask/GetWithPagination/${INVOICES}`,
        { pageNumber: 1, pageSize: 10, sort: [{ field: 'assignedUserId' }] },
        { inBatchesOnly: 'false' },
      );
      expect(bad.status).toBe(400);
    });
  });

  describe('SdTask_GetReadyToReview', () => {
    it('lists ToReview tasks the caller may take, over the workspaces they can reach', async () => {
      await addMembers(db(), INVOICES, NON_SUPER_ROLES);
      const future = new Date(Date.now() + 3_600_000);
      const [, , , theirs] = await insertTasks(db(), [
        { status: 60, displayName: 'free' },
        {
          status: 60,
          displayName: 'checked out by manager',
          lastCheckedOutBy: (await import('./support/harness.js')).userIdOf(demoEmail('Manager')),
          lastCheckedOutUntil: future,
        },
        { status: 70, displayName: 'in review' },
        { status: 60, displayName: 'assigned to manager' },
        { status: 60, workspaceId: RECEIPTS, displayName: 'in a workspace the reviewer cannot reach' },
      ]);
      await assign(db(), theirs as string, 20, [{ email: demoEmail('Manager') }]);
      const res = await list('Reviewer', '/SdTask/GetReadyToReview', { pageNumber: 1, pageSize: 10 });
      expect(res.status).toBe(200);
      expect((res.body as Page).items.map((i) => i.displayName)).toEqual(['free']);
      const dev = await list('Developer', '/SdTask/GetReadyToReview', {
        pageNumber: 1,
        pageSize: 10,
        workspaceIds: [RECEIPTS],
      });
      expect((dev.body as Page).items.map((i) => i.displayName)).toEqual(['in a workspace the reviewer cannot reach']);
      expect(
        (await list('Reviewer', '/SdTask/GetReadyToReview', { pageNumber: 1, pageSize: 10, workspaceIds: [RECEIPTS] }))
          .status,
      ).toBe(403);
      expect(
        (
          await list('Developer', '/SdTask/GetReadyToReview', {
            pageNumber: 1,
            pageSize: 10,
            workspaceIds: [GLOBEX_WS],
          })
        ).status,
      ).toBe(403);
      expect((await list('Developer', '/SdTask/GetReadyToReview', { pageNumber: 1 })).status).toBe(400);
    });
  });
});
