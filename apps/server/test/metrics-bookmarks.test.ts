// User/GetMetrics (the metrics page: counts by status, to review per workspace, reviewed per user,
// average time per status, over a period and workspaces) and the home view's bookmarks.
import { describe, expect, it } from 'vitest';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, userIdOf, useTestServer } from './support/harness.js';
import { GLOBEX_WS, INVOICES, insertTasks, RECEIPTS } from './support/list-fixtures.js';

const API = '/api/v1';

interface Metrics {
  workspaceCount: number;
  processedTasksCount: number;
  from: string | null;
  to: string | null;
  statusCounts: Array<{ status: number; count: number }>;
  toReviewByWorkspace: Array<{ workspaceId: string; displayName: string; count: number }>;
  reviewedByUser: Array<{ userId: string; userName: string | null; count: number }>;
  averageTimeByStatus: Array<{ status: number; averageMilliseconds: number }>;
}
interface Bookmark {
  id: number;
  link: string;
  target: string | null;
  isBookmarked: boolean;
}

describe.each(databaseKinds())('metrics and bookmarks on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  const db = () => t.server.database.db;
  const who = (role: string) => (role.includes('@') ? t.tokenFor(role) : t.tokenFor(demoEmail(role)));
  const metrics = async (role: string, query: Record<string, string | string[]> = {}) => {
    const answer = await t.call('GET', `${API}/User/GetMetrics`, { token: await who(role), query });
    return { status: answer.status, body: answer.body as Metrics, text: answer.text };
  };
  const reviewer = userIdOf(demoEmail('Reviewer'));
  const january = (day: number) => new Date(Date.UTC(2026, 0, day));

  const seed = async () => {
    const [a, b] = await insertTasks(db(), [
      { status: 70, createdOn: january(2) },
      { status: 100, createdOn: january(3), lastCheckedOutBy: reviewer },
      { status: 60, createdOn: january(4) },
      { status: 60, createdOn: january(20) },
      { status: 60, workspaceId: RECEIPTS, createdOn: january(5) },
      { status: 60, workspaceId: GLOBEX_WS, createdOn: january(5) },
    ]);
    const event = (task: string | undefined, status: number, at: string) => ({
      tenant_id: ACME_ID,
      task_id: task as string,
      event_type: 'StatusChanged',
      description: `to ${status}`,
      payload: JSON.stringify({ toStatus: status }),
      created_on: new Date(at),
    });
    await db()
      .insertInto('task_events')
      .values([
        event(a, 60, '2026-01-02T00:00:00Z'),
        event(a, 70, '2026-01-02T00:01:00Z'),
        event(b, 60, '2026-01-03T00:00:00Z'),
        event(b, 70, '2026-01-03T00:03:00Z'),
        event(b, 100, '2026-01-03T00:05:00Z'),
      ])
      .execute();
  };

  it('breaks the workspaces given down by status, to review, reviewer and time per status', async () => {
    await seed();
    const { status, body, text } = await metrics('Manager', { workspaceIds: [INVOICES] });
    expect(status, text).toBe(200);
    expect(body.workspaceCount).toBe(1);
    expect(body.processedTasksCount).toBe(1);
    expect(body.statusCounts).toEqual([
      { status: 60, count: 2 },
      { status: 70, count: 1 },
      { status: 100, count: 1 },
    ]);
    expect(body.toReviewByWorkspace).toEqual([{ workspaceId: INVOICES, displayName: 'Supplier invoices', count: 2 }]);
    expect(body.reviewedByUser).toEqual([{ userId: reviewer, userName: 'Reviewer Demo', count: 1 }]);
    // 60: one and three minutes; 70: two minutes (the running stay of `a` is not counted).
    expect(body.averageTimeByStatus).toEqual([
      { status: 60, averageMilliseconds: 120_000 },
      { status: 70, averageMilliseconds: 120_000 },
    ]);
  });

  it('covers every workspace the caller reaches when none is given, never another tenant', async () => {
    await seed();
    const { body } = await metrics('Developer');
    expect(body.toReviewByWorkspace.find((w) => w.workspaceId === RECEIPTS)?.count).toBe(1);
    expect(body.toReviewByWorkspace.some((w) => w.workspaceId === GLOBEX_WS)).toBe(false);
    expect(body.statusCounts.find((s) => s.status === 60)?.count).toBe(3);
    const globex = await metrics(GLOBEX_ADMIN);
    expect(globex.body.statusCounts).toEqual([{ status: 60, count: 1 }]);
    expect((await metrics(GLOBEX_ADMIN, { workspaceIds: [INVOICES] })).status).toBe(403);
    expect((await metrics('Developer', { workspaceIds: [GLOBEX_WS] })).status).toBe(403);
  });

  it('narrows every figure to the tasks created in the period', async () => {
    await seed();
    const { body } = await metrics('Manager', {
      workspaceIds: [INVOICES],
      from: '2026-01-03T00:00:00Z',
      to: '2026-01-10T00:00:00Z',
    });
    expect(body).toMatchObject({ from: '2026-01-03T00:00:00.000Z', to: '2026-01-10T00:00:00.000Z' });
    expect(body.statusCounts).toEqual([
      { status: 60, count: 1 },
      { status: 100, count: 1 },
    ]);
    expect(body.toReviewByWorkspace[0]?.count).toBe(1);
    expect(body.averageTimeByStatus).toEqual([
      { status: 60, averageMilliseconds: 180_000 },
      { status: 70, averageMilliseconds: 120_000 },
    ]);
  });

  it('refuses a bad period with 400, and callers without Metrics.View with 403', async () => {
    expect((await metrics('Manager', { from: 'last week' })).status).toBe(400);
    expect((await metrics('Manager', { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })).status).toBe(400);
    for (const role of ['Developer', 'Administrator', 'Manager', 'Creator'])
      expect((await metrics(role)).status).toBe(200);
    for (const role of ['Reviewer', 'Viewer']) expect((await metrics(role)).status).toBe(403);
    expect((await t.call('GET', `${API}/User/GetMetrics`)).status).toBe(401);
  });

  it('suggests the pages the caller may open and keeps their bookmarks per person and tenant', async () => {
    const data = async (role: string) => {
      const answer = await t.call('GET', '/api/bookmarks/data', { token: await who(role) });
      expect(answer.status, answer.text).toBe(200);
      return answer.body as { suggestions: Bookmark[]; bookmarks: Bookmark[] };
    };
    const toggle = async (role: string, id: number) =>
      t.call('POST', '/api/bookmarks/update', { token: await who(role), body: { id } });

    const viewer = await data('Viewer');
    expect(viewer.suggestions.map((s) => s.link)).toContain('/home');
    expect(viewer.suggestions.map((s) => s.link)).not.toContain('/metrics');
    expect(viewer.bookmarks).toEqual([]);

    const on = await toggle('Manager', 3);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: 3, link: '/metrics', target: 'metrics', isBookmarked: true });
    expect((await data('Manager')).bookmarks.map((b) => b.id)).toEqual([3]);
    // Another person, and the same person in another role, keep their own.
    expect((await data('Creator')).bookmarks).toEqual([]);
    expect((await data(GLOBEX_ADMIN)).bookmarks).toEqual([]);
    const off = await toggle('Manager', 3);
    expect(off.body).toMatchObject({ id: 3, isBookmarked: false });
    expect((await data('Manager')).bookmarks).toEqual([]);

    // A page the caller may not open, or no page at all: 404, nothing stored.
    expect((await toggle('Viewer', 3)).status).toBe(404);
    expect((await toggle('Viewer', 999)).status).toBe(404);
    expect((await toggle('Viewer', 'x' as unknown as number)).status).toBe(400);
    expect((await data('Viewer')).bookmarks).toEqual([]);
    expect((await t.call('GET', '/api/bookmarks/data')).status).toBe(401);
  });
});
