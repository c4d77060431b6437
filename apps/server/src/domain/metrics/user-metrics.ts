// User/GetMetrics: the usage summary of the specification (workspaces reached, tasks processed)
// and the metrics page's breakdowns over the workspaces and the period chosen — tasks per status,
// tasks to review per workspace, reviews finished per reviewer, average time per status. The period
// narrows every figure to the tasks created in it, so the breakdowns of one answer add up. All is
// computed from the tasks and their events at the time of the call; nothing is kept in a counter.
import { TaskStatus } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { ReviewStore } from '../../db/repositories/review.js';
import { TaskQueries } from '../../db/repositories/task-queries.js';
import { createdBetweenSql, TaskStatistics } from '../../db/repositories/task-statistics.js';
import { invalid } from '../errors.js';
import type { Session } from '../session.js';
import { HISTORY_STATUSES } from '../tasks/flags.js';
import { workspacesAccess } from '../tasks/lists.js';
import { ALL_STATUSES, COUNTED_STATUSES, PROCESSED_STATUSES, TO_REVIEW_STATUSES } from '../tasks/status-groups.js';

export interface MetricsQuery {
  workspaceIds?: string[] | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
}

const instant = (value: string | null | undefined, name: string): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalid(`${name} is not a date.`);
  return date;
};

const asStatus = (code: number) => code as TaskStatus;
const KNOWN = new Set<number>(Object.values(TaskStatus));

export async function userMetrics(db: Db, session: Session, query: MetricsQuery) {
  const from = instant(query.from, 'from');
  const to = instant(query.to, 'to');
  if (from && to && from >= to) throw invalid('The period must end after it starts.');
  const workspaces = await workspacesAccess(db, session, query.workspaceIds);
  const ids = workspaces.map((w) => w.id);
  const tenantId = session.membership.tenant_id;
  const period = createdBetweenSql(from, to);
  const queries = new TaskQueries(db, tenantId);
  const statistics = new TaskStatistics(db, tenantId);

  const [byStatus, toReview, reviewers, stays] = await Promise.all([
    ids.length > 0
      ? queries.countByStatus({ workspaceIds: ids, statuses: COUNTED_STATUSES, where: period })
      : new Map(),
    queries.countPerWorkspace(ids, TO_REVIEW_STATUSES, period),
    ids.length > 0 ? statistics.reviewedPerUser(ids, [...HISTORY_STATUSES], period) : [],
    ids.length > 0 ? statistics.averageStays(ids, period) : [],
  ]);
  const names = await new ReviewStore(db, tenantId).userNames(reviewers.map((r) => r.reviewer));
  const counted = [...(byStatus as Map<number, number>).entries()].filter(([status]) => KNOWN.has(status));

  return {
    workspaceCount: workspaces.length,
    processedTasksCount: PROCESSED_STATUSES.reduce(
      (sum, status) => sum + ((byStatus as Map<number, number>).get(status) ?? 0),
      0,
    ),
    from: from?.toISOString() ?? null,
    to: to?.toISOString() ?? null,
    statusCounts: counted
      .sort(([a, countA], [b, countB]) => countB - countA || a - b)
      .map(([status, count]) => ({ status: asStatus(status), count })),
    toReviewByWorkspace: workspaces.map((w) => ({
      workspaceId: w.id,
      displayName: w.display_name,
      count: toReview.get(w.id) ?? 0,
    })),
    reviewedByUser: reviewers.map((r) => ({
      userId: r.reviewer,
      userName: names.get(r.reviewer) ?? null,
      count: r.count,
    })),
    averageTimeByStatus: stays
      .filter((r) => ALL_STATUSES.includes(r.status) && KNOWN.has(r.status))
      .map((r) => ({ status: asStatus(r.status), averageMilliseconds: Math.max(0, r.averageMs) })),
  };
}
