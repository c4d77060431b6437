// Commands on tasks: rename, delete (one, many, from the history), restart processing (one, many,
// the restart limit), recover, assignment, events, status lookups; the workspace rule (a person who
// does not reach the task's workspace gets 404); and the per-task flags.
import { beforeEach, describe, expect, it } from 'vitest';
import { abilitiesOfRole } from '../src/domain/abilities.js';
import { roleByName } from '../src/domain/roles.js';
import { type AssignmentState, taskFlags } from '../src/domain/tasks/flags.js';
import { databaseKinds, demoEmail, GLOBEX_ADMIN, userIdOf, useTestServer } from './support/harness.js';
import {
  GLOBEX_INVOICES_WS,
  INVOICES_WS,
  importInvoice,
  setTaskStatus,
  setWorkspaceConfig,
} from './support/task-import.js';

const API = '/api/v1';
type Errors = { succeeded: boolean; result?: boolean; errors: Array<{ code: number; message: string }> };

describe('task flags (pure)', () => {
  const abilities = (role: 'Reviewer' | 'Viewer' | 'Manager') => new Set(abilitiesOfRole(roleByName(role)));
  const none: AssignmentState = { order: null, users: [] };
  const base = { status: 60, restartCount: 0, lastCheckedOutBy: null, lastCheckedOutUntil: null, assignment: none };

  it('derives the flags from status, checkout, assignment and abilities', () => {
    expect(taskFlags(base, { userId: 'a', abilities: abilities('Manager') })).toEqual({
      canBeReviewed: true,
      canBeExported: true,
      canBeDeleted: true,
      canBeReprocessed: true,
    });
    expect(taskFlags(base, { userId: 'a', abilities: abilities('Viewer') })).toMatchObject({
      canBeReviewed: false,
      canBeDeleted: false,
      canBeReprocessed: false,
    });
    expect(taskFlags({ ...base, status: 30 }, { userId: 'a', abilities: abilities('Manager') })).toMatchObject({
      canBeReviewed: false,
      canBeExported: false,
      canBeReprocessed: false,
    });
    const held = { ...base, status: 70, lastCheckedOutBy: 'b', lastCheckedOutUntil: new Date(Date.now() + 60_000) };
    expect(taskFlags(held, { userId: 'a', abilities: abilities('Manager') })).toMatchObject({
      canBeReviewed: false,
      canBeDeleted: false,
    });
    expect(taskFlags(held, { userId: 'b', abilities: abilities('Manager') }).canBeReviewed).toBe(true);
    const sequence: AssignmentState = {
      order: 30,
      users: [
        { userId: 'a', hasReviewed: true },
        { userId: 'b', hasReviewed: false },
      ],
    };
    expect(
      taskFlags({ ...base, assignment: sequence }, { userId: 'b', abilities: abilities('Reviewer') }).canBeReviewed,
    ).toBe(true);
    expect(
      taskFlags({ ...base, assignment: sequence }, { userId: 'c', abilities: abilities('Reviewer') }).canBeReviewed,
    ).toBe(false);
    expect(
      taskFlags({ ...base, restartCount: 3 }, { userId: 'a', abilities: abilities('Manager'), maxRestartCount: 3 })
        .canBeReprocessed,
    ).toBe(false);
  });
});

describe.each(databaseKinds())('task commands on %s', (kind) => {
  const t = useTestServer(kind);
  let creator: string;
  let manager: string;
  let viewer: string;
  let developer: string;

  beforeEach(async () => {
    await t.reset();
    creator = await t.tokenFor(demoEmail('Creator'));
    manager = await t.tokenFor(demoEmail('Manager'));
    viewer = await t.tokenFor(demoEmail('Viewer'));
    developer = await t.tokenFor(demoEmail('Developer'));
  });

  const events = async (taskId: string, eventType?: string) =>
    (
      await t.call('GET', `${API}/SdTask/Events/${taskId}`, {
        token: manager,
        ...(eventType ? { query: { eventType } } : {}),
      })
    ).body as Array<{ entityTypeText: string; eventDescription: string; payload: string }>;
  const taskOf = async (taskId: string) =>
    (await t.call('GET', `${API}/SdTask/${taskId}`, { token: manager })).body as Record<string, unknown>;

  it('GetById: the full task for Task.View; 404 for an unknown or foreign id', async () => {
    const id = await importInvoice(t, creator);
    const answer = await t.call('GET', `${API}/SdTask/${id}`, { token: viewer });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ taskId: id, status: 30, isSplitSourceTask: false });
    expect((await t.call('GET', `${API}/SdTask/${GLOBEX_INVOICES_WS}`, { token: developer })).status).toBe(404);
    expect((await t.call('GET', `${API}/SdTask/not-a-uuid`, { token: developer })).status).toBe(400);
  });

  it('UpdateDisplayName renames and writes an event', async () => {
    const id = await importInvoice(t, creator);
    const done = await t.call('PUT', `${API}/SdTask/UpdateDisplayName/${id}`, {
      token: creator,
      body: { displayName: ' March invoice ' },
    });
    expect(done.status).toBe(204);
    expect((await taskOf(id)).displayName).toBe('March invoice');
    const [event] = await events(id, 'DisplayNameChanged');
    expect(event?.eventDescription).toContain("to 'March invoice'");
    expect(
      (await t.call('PUT', `${API}/SdTask/UpdateDisplayName/${id}`, { token: viewer, body: { displayName: 'x' } }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('PUT', `${API}/SdTask/UpdateDisplayName/${id}`, { token: creator, body: { displayName: '' } }))
        .status,
    ).toBe(400);
    expect(
      (await t.call('PUT', `${API}/SdTask/UpdateDisplayName/${id}`, { token: creator, body: { displayName: '   ' } }))
        .status,
    ).toBe(400);
    const foreign = await t.call('PUT', `${API}/SdTask/UpdateDisplayName/${GLOBEX_INVOICES_WS}`, {
      token: developer,
      body: { displayName: 'x' },
    });
    expect(foreign.status).toBe(404);
  });

  it('DeleteTask: Deleting then Deleted, both in the events; refused twice and while processing', async () => {
    const id = await importInvoice(t, creator);
    expect((await t.call('DELETE', `${API}/SdTask/DeleteTask/${id}`, { token: viewer })).status).toBe(403);
    expect((await t.call('DELETE', `${API}/SdTask/DeleteTask/${id}`, { token: creator })).status).toBe(204);
    expect((await taskOf(id)).status).toBe(20);
    const deleted = await events(id, 'TaskDeleted');
    expect(deleted.map((e) => JSON.parse(e.payload).to)).toEqual([20, 19]);
    const again = await t.call('DELETE', `${API}/SdTask/DeleteTask/${id}`, { token: creator });
    expect(again.status).toBe(400);
    const busy = await importInvoice(t, creator);
    await setTaskStatus(t, busy, 41);
    expect((await t.call('DELETE', `${API}/SdTask/DeleteTask/${busy}`, { token: creator })).status).toBe(400);
    expect(
      (await t.call('DELETE', `${API}/SdTask/DeleteTask/${GLOBEX_INVOICES_WS}`, { token: developer })).status,
    ).toBe(404);
  });

  it('DeleteMany deletes the listed ids or everything matching, for Task.DeleteMany', async () => {
    const [a, b, c] = [
      await importInvoice(t, creator),
      await importInvoice(t, creator),
      await importInvoice(t, creator),
    ];
    const selection = { workspaceId: INVOICES_WS, taskIdList: [a, b], type: 10, allSelected: false };
    expect((await t.call('PATCH', `${API}/SdTask/DeleteMany`, { token: creator, body: selection })).status).toBe(403);
    const done = await t.call('PATCH', `${API}/SdTask/DeleteMany`, { token: manager, body: selection });
    expect(done.body).toMatchObject({ succeeded: true, result: true });
    expect([(await taskOf(a)).status, (await taskOf(b)).status, (await taskOf(c)).status]).toEqual([20, 20, 30]);
    const all = await t.call('PATCH', `${API}/SdTask/DeleteMany`, {
      token: manager,
      body: {
        workspaceId: INVOICES_WS,
        type: 10,
        allSelected: true,
        filters: [{ field: 'status', operator: 'eq', value: 30 }],
      },
    });
    expect(all.body).toMatchObject({ succeeded: true, result: true });
    expect((await taskOf(c)).status).toBe(20);
    const foreign = await t.call('PATCH', `${API}/SdTask/DeleteMany`, {
      token: developer,
      body: { workspaceId: GLOBEX_INVOICES_WS, taskIdList: [], type: 10, allSelected: true },
    });
    expect(foreign.status).toBe(403);
  });

  it('RestartProcessing queues again, counts restarts and stops at maxRestartCount', async () => {
    await setWorkspaceConfig(t, INVOICES_WS, { maxRestartCount: 1 });
    const id = await importInvoice(t, creator, { externalId: 'R-1' });
    const queued = await t.call('PATCH', `${API}/SdTask/RestartProcessing`, { token: manager, query: { TaskId: id } });
    expect(queued.status).toBe(400);
    expect((queued.body as Errors).errors[0]?.message).toContain('already queued');
    await setTaskStatus(t, id, 42);
    const done = await t.call('PATCH', `${API}/SdTask/RestartProcessing`, {
      token: manager,
      query: { ExternalId: 'R-1' },
    });
    expect(done.body).toMatchObject({ succeeded: true, result: true });
    expect(await taskOf(id)).toMatchObject({ status: 30, restartCount: 1 });
    const [event] = await events(id, 'ProcessingRestarted');
    expect(event?.eventDescription).toContain('RecognizingFailed (42) to QueuedForPreProcessing (30)');
    await setTaskStatus(t, id, 42);
    const limit = await t.call('PATCH', `${API}/SdTask/RestartProcessing`, { token: manager, query: { TaskId: id } });
    expect(limit.status).toBe(400);
    expect((limit.body as Errors).errors[0]?.message).toContain('maxRestartCount 1');
    expect(
      (await t.call('PATCH', `${API}/SdTask/RestartProcessing`, { token: creator, query: { TaskId: id } })).status,
    ).toBe(403);
    expect((await t.call('PATCH', `${API}/SdTask/RestartProcessing`, { token: manager })).status).toBe(400);
    expect(
      (
        await t.call('PATCH', `${API}/SdTask/RestartProcessing`, {
          token: developer,
          query: { TaskId: GLOBEX_INVOICES_WS },
        })
      ).status,
    ).toBe(404);
  });

  it('an external id of several tasks is MultipleExternalIdMatches (2)', async () => {
    await importInvoice(t, creator, { externalId: 'DUP' });
    await importInvoice(t, creator, { externalId: 'DUP' });
    for (const [method, path] of [
      ['GET', 'Status'],
      ['PATCH', 'RestartProcessing'],
    ] as const) {
      const answer = await t.call(method, `${API}/SdTask/${path}`, { token: manager, query: { ExternalId: 'DUP' } });
      expect(answer.status).toBe(400);
      expect((answer.body as Errors).errors[0]?.code).toBe(2);
    }
    expect(
      (await t.call('GET', `${API}/SdTask/Status`, { token: manager, query: { ExternalId: 'none' } })).status,
    ).toBe(404);
  });

  it('RestartProcessingMany restarts what it can and says what it could not', async () => {
    const [a, b] = [await importInvoice(t, creator), await importInvoice(t, creator)];
    await setTaskStatus(t, a, 52);
    const answer = await t.call('PATCH', `${API}/SdTask/RestartProcessingMany`, {
      token: manager,
      body: { workspaceId: INVOICES_WS, taskIdList: [a, b], type: 10, allSelected: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ succeeded: false, result: true });
    expect((answer.body as Errors).errors).toHaveLength(1);
    expect((await taskOf(a)).restartCount).toBe(1);
    const denied = await t.call('PATCH', `${API}/SdTask/RestartProcessingMany`, {
      token: creator,
      body: { workspaceId: INVOICES_WS, taskIdList: [a], type: 10, allSelected: false },
    });
    expect(denied.status).toBe(403);
  });

  it('Recover brings a task from the history or archive back to ToReview', async () => {
    const id = await importInvoice(t, creator);
    const early = await t.call('PATCH', `${API}/SdTask/Recover`, { token: creator, query: { taskId: id } });
    expect(early.status).toBe(400);
    await setTaskStatus(t, id, 100);
    const done = await t.call('PATCH', `${API}/SdTask/Recover`, { token: creator, query: { taskId: id } });
    expect(done.body).toMatchObject({ succeeded: true, result: true });
    expect((await taskOf(id)).status).toBe(60);
    expect((await events(id, 'TaskRecovered'))[0]?.eventDescription).toContain('Processed (100) to ToReview (60)');
    expect((await t.call('PATCH', `${API}/SdTask/Recover`, { token: viewer, query: { taskId: id } })).status).toBe(403);
    expect(
      (await t.call('PATCH', `${API}/SdTask/Recover`, { token: developer, query: { taskId: GLOBEX_INVOICES_WS } }))
        .status,
    ).toBe(404);
  });

  it('UpdateTaskAssignment assigns valid users in order, removes, refuses others (30)', async () => {
    const id = await importInvoice(t, creator);
    const reviewer = userIdOf(demoEmail('Reviewer'));
    const managerId = userIdOf(demoEmail('Manager'));
    const assign = (token: string, query: Record<string, string>, body: string[]) =>
      t.call('POST', `${API}/SdTask/UpdateTaskAssignment`, { token, query: { taskId: id, ...query }, body });
    const done = await assign(manager, { orderType: '30', removeAssignment: 'false' }, [reviewer, managerId]);
    expect(done.body).toMatchObject({ succeeded: true, result: true });
    expect((await taskOf(id)).assignmentOrderType).toBe(30);
    const status = await t.call('GET', `${API}/SdTask/Status`, { token: manager, query: { TaskId: id } });
    expect(status.body).toMatchObject({ taskAssignment: { order: 30, assignedUsers: [reviewer, managerId] } });
    const bad = await assign(manager, { orderType: '10', removeAssignment: 'false' }, [userIdOf(GLOBEX_ADMIN)]);
    expect(bad.status).toBe(400);
    expect((bad.body as Errors).errors[0]?.code).toBe(30);
    expect((await assign(manager, { orderType: '10', removeAssignment: 'false' }, [reviewer, reviewer])).status).toBe(
      400,
    );
    expect((await assign(manager, { orderType: '10', removeAssignment: 'false' }, [])).status).toBe(400);
    const removed = await assign(manager, { orderType: '10', removeAssignment: 'true' }, []);
    expect(removed.body).toMatchObject({ succeeded: true });
    expect((await taskOf(id)).assignmentOrderType).toBeNull();
    expect((await events(id, 'AssignmentChanged')).map((e) => e.eventDescription)[0]).toContain('removed');
    expect((await assign(creator, { orderType: '10', removeAssignment: 'true' }, [])).status).toBe(403);
    const foreign = await t.call('POST', `${API}/SdTask/UpdateTaskAssignment`, {
      token: developer,
      query: { taskId: GLOBEX_INVOICES_WS, orderType: '10', removeAssignment: 'true' },
      body: [],
    });
    expect(foreign.status).toBe(404);
  });

  it('Events lists every change newest first, filtered by eventType, for Task.ListEvents', async () => {
    const id = await importInvoice(t, creator);
    await t.call('PUT', `${API}/SdTask/UpdateDisplayName/${id}`, { token: creator, body: { displayName: 'Renamed' } });
    const all = await events(id);
    expect(all.map((e) => e.entityTypeText)).toEqual(['DisplayNameChanged', 'TaskCreated']);
    expect(all[1]?.eventDescription).toMatch(/Task #1 'AmazonWebServices.pdf' created by Creator Demo/);
    expect(await events(id, 'taskcreated')).toHaveLength(1);
    expect((await t.call('GET', `${API}/SdTask/Events/${id}`, { token: creator })).status).toBe(403);
    expect((await t.call('GET', `${API}/SdTask/Events/${GLOBEX_INVOICES_WS}`, { token: developer })).status).toBe(404);
  });

  it('TracesDashboardUrl answers the app trace page of the task, for Task.TracesDashboardView only', async () => {
    const id = await importInvoice(t, creator);
    const answer = await t.call('GET', `${API}/SdTask/TracesDashboardUrl/${id}`, { token: developer });
    expect(answer.status).toBe(200);
    const url = new URL(answer.body as string);
    expect(url.pathname).toBe('/task/traces');
    expect(Object.fromEntries(url.searchParams)).toEqual({ taskId: id, workspaceId: INVOICES_WS });
    expect((await t.call('GET', `${API}/SdTask/TracesDashboardUrl/${id}`, { token: manager })).status).toBe(403);
    const foreign = await t.call('GET', `${API}/SdTask/TracesDashboardUrl/${GLOBEX_INVOICES_WS}`, { token: developer });
    expect(foreign.status).toBe(404);
  });

  it('Status, StatusList and StatusListPaginated filter and page', async () => {
    const ids = [await importInvoice(t, creator), await importInvoice(t, creator), await importInvoice(t, creator)];
    await setTaskStatus(t, ids[0] as string, 60);
    const list = await t.call('GET', `${API}/SdTask/StatusList`, {
      token: viewer,
      query: { TaskStatus: ['60', '30'], WorkspaceId: INVOICES_WS },
    });
    expect((list.body as unknown[]).length).toBe(3);
    const toReview = await t.call('GET', `${API}/SdTask/StatusList`, { token: viewer, query: { TaskStatus: '60' } });
    expect(toReview.body).toMatchObject([{ taskId: ids[0], taskStatusText: 'ToReview' }]);
    const future = await t.call('GET', `${API}/SdTask/StatusList`, {
      token: viewer,
      query: { StartDate: '2999-01-01T00:00:00Z' },
    });
    expect(future.body).toEqual([]);
    const page = await t.call('GET', `${API}/SdTask/StatusListPaginated`, {
      token: viewer,
      query: { PageNumber: '2', PageSize: '2' },
    });
    expect(page.body).toMatchObject({
      pageNumber: 2,
      totalPages: 2,
      totalCount: 3,
      hasPreviousPage: true,
      hasNextPage: false,
    });
    expect((page.body as { items: unknown[] }).items).toHaveLength(1);
    expect(
      (
        await t.call('GET', `${API}/SdTask/StatusListPaginated`, {
          token: viewer,
          query: { PageNumber: '0', PageSize: '2' },
        })
      ).status,
    ).toBe(400);
    const foreign = await t.call('GET', `${API}/SdTask/StatusList`, {
      token: developer,
      query: { WorkspaceId: GLOBEX_INVOICES_WS },
    });
    expect(foreign.body).toEqual([]);
    expect(
      (await t.call('GET', `${API}/SdTask/Status`, { token: developer, query: { TaskId: GLOBEX_INVOICES_WS } })).status,
    ).toBe(404);
  });

  it('DeleteTaskFromHistoryAsync deletes a task of the history, with events; refuses others (16)', async () => {
    const id = await importInvoice(t, creator);
    const path = `${API}/SdTask/history/DeleteTaskFromHistoryAsync`;
    const notYet = await t.call('DELETE', path, { token: creator, query: { taskId: id } });
    expect(notYet.status).toBe(400);
    expect((notYet.body as Errors).errors[0]).toMatchObject({ code: 16 });
    expect((notYet.body as Errors).errors[0]?.message).toContain('QueuedForPreProcessing (30)');
    await setTaskStatus(t, id, 100);
    expect((await t.call('DELETE', path, { token: viewer, query: { taskId: id } })).status).toBe(403);
    expect((await t.call('DELETE', path, { token: creator, query: { taskId: id } })).status).toBe(204);
    expect((await taskOf(id)).status).toBe(20);
    const deleted = await events(id, 'TaskDeleted');
    expect(deleted.map((e) => JSON.parse(e.payload).to)).toEqual([20, 19]);
    expect(deleted[1]?.eventDescription).toContain('Processed (100) to Deleting (19)');
    const again = await t.call('DELETE', path, { token: creator, query: { taskId: id } });
    expect(again.status).toBe(400);
    expect((again.body as Errors).errors[0]?.code).toBe(16);
    expect((await t.call('DELETE', path, { token: creator, query: { taskId: 'not-a-uuid' } })).status).toBe(400);
    expect((await t.call('DELETE', path, { token: creator })).status).toBe(400);
    const foreign = await t.call('DELETE', path, { token: developer, query: { taskId: GLOBEX_INVOICES_WS } });
    expect(foreign.status).toBe(404);
  });

  it('a person who is no member of the task workspace gets 404 from every command by id', async () => {
    const id = await importInvoice(t, creator, { externalId: 'NM-1' });
    await setTaskStatus(t, id, 100);
    const outsiders = ['Reviewer', 'Creator', 'Manager'];
    await t.server.database.db
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', INVOICES_WS)
      .where(
        'user_id',
        'in',
        outsiders.map((role) => userIdOf(demoEmail(role))),
      )
      .execute();
    const reviewer = await t.tokenFor(demoEmail('Reviewer'));
    const calls: Array<[string, string, string, { query?: Record<string, string>; body?: unknown }]> = [
      [reviewer, 'GET', `${API}/SdTask/${id}`, {}],
      [reviewer, 'GET', `${API}/SdTask/Status`, { query: { TaskId: id } }],
      [reviewer, 'GET', `${API}/SdTask/Status`, { query: { ExternalId: 'NM-1' } }],
      [creator, 'PUT', `${API}/SdTask/UpdateDisplayName/${id}`, { body: { displayName: 'x' } }],
      [creator, 'DELETE', `${API}/SdTask/DeleteTask/${id}`, {}],
      [creator, 'DELETE', `${API}/SdTask/history/DeleteTaskFromHistoryAsync`, { query: { taskId: id } }],
      [creator, 'PATCH', `${API}/SdTask/Recover`, { query: { taskId: id } }],
      [manager, 'PATCH', `${API}/SdTask/RestartProcessing`, { query: { TaskId: id } }],
      [manager, 'GET', `${API}/SdTask/Events/${id}`, {}],
      [
        manager,
        'POST',
        `${API}/SdTask/UpdateTaskAssignment`,
        { query: { taskId: id, orderType: '10', removeAssignment: 'true' }, body: [] },
      ],
    ];
    for (const [token, method, url, options] of calls) {
      const answer = await t.call(method, url, { token, ...options });
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.text).not.toContain('AmazonWebServices');
    }
    // Selections name the workspace: NoWorkspaceAccess (25), as for another tenant's workspace.
    const many = await t.call('PATCH', `${API}/SdTask/DeleteMany`, {
      token: manager,
      body: { workspaceId: INVOICES_WS, taskIdList: [id], type: 20, allSelected: false },
    });
    expect(many.status).toBe(403);
    expect((many.body as Errors).errors[0]?.code).toBe(25);
    // Nothing changed; a member (Viewer) and a super-user without membership still reach the task.
    const administrator = await t.tokenFor(demoEmail('Administrator'));
    await t.server.database.db
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', INVOICES_WS)
      .where('user_id', '=', userIdOf(demoEmail('Administrator')))
      .execute();
    expect((await t.call('GET', `${API}/SdTask/${id}`, { token: viewer })).body).toMatchObject({ status: 100 });
    expect((await t.call('GET', `${API}/SdTask/${id}`, { token: administrator })).status).toBe(200);
    const trail = await t.call('GET', `${API}/SdTask/Events/${id}`, { token: administrator });
    expect((trail.body as Array<{ entityTypeText: string }>).map((e) => e.entityTypeText)).toEqual(['TaskCreated']);
  });
});
