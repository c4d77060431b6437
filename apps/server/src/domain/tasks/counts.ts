// Counts of the dashboard and the task list: stages over workspaces (CountTotal, CountTotalUser),
// reviewed documents per user, average time per status, tasks to review per workspace and the
// processed tasks in the history. Every count is computed from the tasks' current status at the
// time of the call, never kept in a counter: the to-review count of product-spec §4 (+1 when a
// task enters ToReview, −1 when it leaves, never below 0) is exactly "how many tasks are in
// ToReview now", so it cannot drift and cannot go negative.
import type { Db } from '../../db/database.js';
import { TaskQueries, taskColumns } from '../../db/repositories/task-queries.js';
import { mineSql, TaskStatistics, withDetectionsSql } from '../../db/repositories/task-statistics.js';
import type { Session } from '../session.js';
import { parseListFilter, TASK_TEXT_COLUMNS, withTaskColumns } from './filters.js';
import { HISTORY_STATUSES } from './flags.js';
import { badList, workspaceAccess, workspacesAccess } from './lists.js';
import {
  ALL_STATUSES,
  COUNTED_STATUSES,
  IN_REVIEW_STATUSES,
  MAIN_TABLE_STATUSES,
  PROCESSED_STATUSES,
  PROCESSING_STATUSES,
  statusCode,
  TO_REVIEW_STATUSES,
} from './status-groups.js';

export interface TaskCounts {
  processingCount: number;
  toReviewCount: number;
  inReviewCount: number;
  processedCount: number;
  totalCount: number;
}

/** Sums per-status counts into the stages of TaskCounts. Pure. */
export function stageCounts(byStatus: ReadonlyMap<number, number>): TaskCounts {
  const sum = (statuses: readonly number[]) => statuses.reduce((n, s) => n + (byStatus.get(s) ?? 0), 0);
  return {
    processingCount: sum(PROCESSING_STATUSES),
    toReviewCount: sum(TO_REVIEW_STATUSES),
    inReviewCount: sum(IN_REVIEW_STATUSES),
    processedCount: sum(PROCESSED_STATUSES),
    totalCount: sum(COUNTED_STATUSES),
  };
}

/** SdTask_CountTotal (all tasks) and SdTask_CountTotalUser (the caller's). */
export async function countTotal(db: Db, session: Session, workspaceIds: string[] | undefined, onlyMine: boolean) {
  const workspaces = await workspacesAccess(db, session, workspaceIds);
  const queries = new TaskQueries(db, session.membership.tenant_id);
  const byStatus = await queries.countByStatus({
    workspaceIds: workspaces.map((w) => w.id),
    statuses: COUNTED_STATUSES,
    where: onlyMine ? mineSql(session.user.id) : undefined,
  });
  return stageCounts(byStatus);
}

/**
 * SdTask_GetTotalToReviewByWorkSpaceId (withDetections false) and …WithDetections (true): tasks
 * in ToReview per requested workspace, 0 for a workspace without any. "With detections" counts
 * tasks whose document has at least one detected field; the server records detected fields in
 * `tasks.detected_fields` when a later migration adds it — until then no task has detections.
 */
export async function toReviewCounts(db: Db, session: Session, workspaceIds: string[], withDetections: boolean) {
  const workspaces = await workspacesAccess(db, session, workspaceIds.length ? workspaceIds : undefined);
  const ids = workspaces.map((w) => w.id);
  const where = withDetections ? await withDetectionsSql(db) : undefined;
  const counts = await new TaskQueries(db, session.membership.tenant_id).countPerWorkspace(
    ids,
    TO_REVIEW_STATUSES,
    where,
  );
  return ids.map((id) => ({ workSpaceId: id, totalTasksToReview: Math.max(0, counts.get(id) ?? 0) }));
}

/**
 * SdTask_CountReviewedDocuments: tasks whose review is over (history statuses) per reviewer. The
 * reviewer is `last_integrated_by` when the database records it, else the last user who checked
 * the task out (finishing a review needs the checkout).
 */
export async function reviewedDocuments(db: Db, session: Session, workspaceIds: string[] | undefined) {
  const workspaces = await workspacesAccess(db, session, workspaceIds);
  if (workspaces.length === 0) return [];
  const rows = await new TaskStatistics(db, session.membership.tenant_id).reviewedPerUser(
    workspaces.map((w) => w.id),
    [...HISTORY_STATUSES],
  );
  return rows.map((r) => ({ lastIntegratedBy: r.reviewer, count: r.count }));
}

/**
 * SdTask_CountTimestampByStatus: average time tasks spent in each status, from the events table.
 * An event whose payload names the status the task entered (`status`, `toStatus` or `newStatus`)
 * starts a stay; the next such event of the task ends it. Stays still running are not counted.
 */
export async function timeByStatus(db: Db, session: Session, workspaceIds: string[] | undefined) {
  const workspaces = await workspacesAccess(db, session, workspaceIds);
  if (workspaces.length === 0) return [];
  const stays = await new TaskStatistics(db, session.membership.tenant_id).averageStays(workspaces.map((w) => w.id));
  return stays
    .filter((r) => ALL_STATUSES.includes(r.status))
    .map((r) => ({ status: r.status, timeAvgInMilliseconds: Math.max(0, r.averageMs) }));
}

/**
 * SdTask_ProcessedTasksCountInHistory: how many tasks of a list (History 20, or MainTable 10)
 * the filters select — what a history export or deletion would touch.
 */
export async function countInList(
  db: Db,
  session: Session,
  body: { workspaceId: string; filters?: unknown; type: number },
): Promise<number> {
  const workspace = await workspaceAccess(db, session, body.workspaceId);
  let filter: ReturnType<typeof parseListFilter>;
  try {
    filter = parseListFilter(
      { filters: body.filters },
      { fields: withTaskColumns(await taskColumns(db)), defaultSort: [], idColumn: 't.id', status: statusCode },
    );
  } catch (error) {
    return badList(error);
  }
  const statuses = body.type === 20 ? [...HISTORY_STATUSES] : MAIN_TABLE_STATUSES;
  return new TaskQueries(db, session.membership.tenant_id).count(
    { workspaceIds: [workspace.id], statuses },
    filter,
    TASK_TEXT_COLUMNS,
  );
}
