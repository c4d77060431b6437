// The task lists: main table, my assignments, history, archive (continuation tokens), the archive
// of a batch and the ready-to-review list. Every list is scoped to the caller's tenant (TaskQueries
// needs it) and to a workspace the caller may work in (workspaceAccess). Rows become contract
// shapes through mappers.ts (toTaskListItem / toTask) with the flags of flags.ts.

import { createHmac } from 'node:crypto';
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { myTurnSql, readyForSql, TaskListAccess } from '../../db/repositories/task-list-access.js';
import { type TaskListRow, type TaskListScope, TaskQueries, taskColumns } from '../../db/repositories/task-queries.js';
import type { WorkspaceRow } from '../../db/schema.js';
import { readToken, signToken } from '../continuation-tokens.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { isSuperUser, roleById } from '../roles.js';
import type { Session } from '../session.js';
import {
  LIMITS,
  ListFilterError,
  type ListFilterInput,
  type ParsedFilter,
  pageMeta,
  parseListFilter,
  parsePaging,
  TASK_DEFAULT_SORT,
  TASK_TEXT_COLUMNS,
  withTaskColumns,
} from './filters.js';
import { TASK_STATUS } from './flags.js';
import { type AssignmentUserView, type TaskRowLike, toTask, toTaskListItem } from './mappers.js';
import { ARCHIVE_STATUSES, HISTORY_STATUSES, MAIN_TABLE_STATUSES, statusCode } from './status-groups.js';

const ACTIVE = 10;

export const noWorkspaceAccess = () =>
  forbidden('You have no access to this workspace.', TaskErrorCode.NoWorkspaceAccess);

export function badList(error: unknown): never {
  if (error instanceof ListFilterError) throw invalid(error.message);
  throw error;
}

// ---- workspace access --------------------------------------------------------------------------

/**
 * Workspaces of the caller's tenant the caller may work in (migration 0003): super-users
 * (Developer, Administrator) reach every workspace; everybody else needs an active
 * workspace_members row. Soft-deleted workspaces are not listed.
 */
export function accessibleWorkspaces(db: Db, session: Session): Promise<WorkspaceRow[]> {
  return new TaskListAccess(db, session.membership.tenant_id).workspaces(
    isSuperUser(session.abilitiesRole) ? null : session.user.id,
  );
}

/** The workspace if the caller may work in it; 403 NoWorkspaceAccess otherwise (also for other tenants' ids). */
export async function workspaceAccess(db: Db, session: Session, workspaceId: string): Promise<WorkspaceRow> {
  const found = (await accessibleWorkspaces(db, session)).find((w) => w.id === workspaceId);
  if (!found) throw noWorkspaceAccess();
  return found;
}

/** The requested workspaces (all accessible ones when none is given); any inaccessible id → 403. */
export async function workspacesAccess(db: Db, session: Session, requested: readonly string[] | undefined) {
  const all = await accessibleWorkspaces(db, session);
  if (!requested || requested.length === 0) return all;
  const byId = new Map(all.map((w) => [w.id, w]));
  const unique = [...new Set(requested.map((id) => id.toLowerCase()))];
  return unique.map((id) => {
    const w = byId.get(id);
    if (!w) throw noWorkspaceAccess();
    return w;
  });
}

// ---- assignment ----------------------------------------------------------------------------------

/** Assignment users of the given tasks in review order, with their names and validity. */
export async function assignmentUsersOf(db: Db, tenantId: string, taskIds: readonly string[]) {
  const byTask = new Map<string, AssignmentUserView[]>();
  const rows = await new TaskListAccess(db, tenantId).assignmentUsers(taskIds);
  for (const r of rows) {
    const role = roleById(r.role_id);
    const isValid = r.tenant_status === ACTIVE && !!role && (isSuperUser(role) || r.workspace_status === ACTIVE);
    const list = byTask.get(r.task_id) ?? [];
    list.push({
      userId: r.user_id,
      hasReviewed: r.has_reviewed,
      isValid,
      userName: r.name,
      profilePicture: r.profile_picture,
    });
    byTask.set(r.task_id, list);
  }
  return byTask;
}

// ---- list items --------------------------------------------------------------------------------

function maxRestartCountOf(workspace: WorkspaceRow | undefined): number | undefined {
  const value = (workspace?.configuration as Record<string, unknown> | undefined)?.maxRestartCount;
  return typeof value === 'number' ? value : undefined;
}

async function toListItems(db: Db, session: Session, rows: TaskListRow[], workspaces: readonly WorkspaceRow[]) {
  const assignments = await assignmentUsersOf(
    db,
    session.membership.tenant_id,
    rows.map((r) => r.id),
  );
  const now = new Date();
  return rows.map((row) =>
    toTaskListItem(row as unknown as TaskRowLike, {
      userId: session.user.id,
      abilities: session.abilities,
      maxRestartCount: maxRestartCountOf(workspaces.find((w) => w.id === row.workspace_id)),
      now,
      assignmentUsers: assignments.get(row.id) ?? [],
    }),
  );
}

async function parseTaskFilter(db: Db, input: ListFilterInput, nonNullSortOnly = false): Promise<ParsedFilter> {
  let fields = withTaskColumns(await taskColumns(db));
  if (nonNullSortOnly) {
    // Keyset paging compares sort values; NULLs and case-insensitive text would need their own
    // comparison rules, so the archive sorts on non-null numbers, statuses, dates and ids only.
    fields = Object.fromEntries(
      Object.entries(fields).map(([k, spec]) => [
        k,
        spec.nullable || spec.kind === 'text' ? { ...spec, sortable: false } : spec,
      ]),
    );
  }
  try {
    return parseListFilter(input, { fields, defaultSort: TASK_DEFAULT_SORT, idColumn: 't.id', status: statusCode });
  } catch (error) {
    return badList(error);
  }
}

export type TaskListKind = 'main' | 'mine' | 'history';

export interface TaskListRequest extends ListFilterInput {
  pageNumber?: unknown;
  pageSize?: unknown;
}

/** SdTask_GetWithPagination (main), SdTask_GetMyAssignmentsWithPagination (mine), the history. */
export async function taskPage(
  db: Db,
  session: Session,
  kind: TaskListKind,
  workspaceId: string,
  body: TaskListRequest,
  inBatchesOnly = false,
) {
  const workspace = await workspaceAccess(db, session, workspaceId);
  let paging: ReturnType<typeof parsePaging>;
  try {
    paging = parsePaging(body);
  } catch (error) {
    return badList(error);
  }
  const filter = await parseTaskFilter(db, body);
  const scope: TaskListScope = {
    workspaceIds: [workspace.id],
    statuses: kind === 'history' ? HISTORY_STATUSES : MAIN_TABLE_STATUSES,
    inBatchesOnly,
    where: kind === 'mine' ? myTurnSql(session.user.id) : undefined,
  };
  const queries = new TaskQueries(db, session.membership.tenant_id);
  const { rows, totalCount } = await queries.page(scope, filter, TASK_TEXT_COLUMNS, paging);
  return { ...pageMeta(paging, totalCount), items: await toListItems(db, session, rows, [workspace]) };
}

/** SdTask_GetReadyToReview: ToReview tasks the caller may review, over workspaces. */
export async function readyToReviewPage(
  db: Db,
  session: Session,
  body: { workspaceIds?: string[]; pageNumber?: unknown; pageSize?: unknown },
) {
  const workspaces = await workspacesAccess(db, session, body.workspaceIds);
  let paging: ReturnType<typeof parsePaging>;
  try {
    paging = parsePaging(body);
  } catch (error) {
    return badList(error);
  }
  const filter = await parseTaskFilter(db, {
    sort: [{ field: 'createdOn', descending: false }],
  });
  const now = new Date();
  const scope: TaskListScope = {
    workspaceIds: workspaces.map((w) => w.id),
    statuses: [TASK_STATUS.ToReview],
    where: readyForSql(session.user.id, now),
  };
  const { rows, totalCount } = await new TaskQueries(db, session.membership.tenant_id).page(
    scope,
    filter,
    TASK_TEXT_COLUMNS,
    paging,
  );
  return { ...pageMeta(paging, totalCount), items: await toListItems(db, session, rows, workspaces) };
}

/** SdTask_ArchiveGetAllByWorkspaceAndBatchWithPaginationAsync: the archive of one batch, paged. */
export async function archiveBatchPage(
  db: Db,
  session: Session,
  workspaceId: string,
  batchId: string,
  body: TaskListRequest,
) {
  const workspace = await workspaceAccess(db, session, workspaceId);
  const queries = new TaskQueries(db, session.membership.tenant_id);
  const batch = await queries.findBatch(batchId);
  if (!batch) throw notFound('The batch does not exist.', TaskErrorCode.NotFound);
  if (batch.workspace_id !== workspace.id) {
    throw invalid('The batch belongs to another workspace.', TaskErrorCode.WorkspacesDontMatch);
  }
  let paging: ReturnType<typeof parsePaging>;
  try {
    paging = parsePaging(body);
  } catch (error) {
    return badList(error);
  }
  const filter = await parseTaskFilter(db, body);
  const { rows, totalCount } = await queries.page(
    { workspaceIds: [workspace.id], statuses: ARCHIVE_STATUSES, batchId },
    filter,
    TASK_TEXT_COLUMNS,
    paging,
  );
  return { ...pageMeta(paging, totalCount), items: rows.map((r) => toTask(r as unknown as TaskRowLike)) };
}

// ---- continuation tokens -------------------------------------------------------------------------

function scopeOf(tenantId: string, workspaceId: string, filter: ParsedFilter): string {
  return createHmac('sha256', 'scope')
    .update(JSON.stringify([tenantId, workspaceId, 'archive', filter]))
    .digest('base64url')
    .slice(0, 22);
}

export const ARCHIVE_DEFAULT_PAGE_SIZE = 50;

/**
 * SdTask_ArchiveGetAllArchiveByWorkspaceAsync. Keyset paging: the token holds the sort values of
 * the last task handed out, so tasks added or removed meanwhile neither repeat nor shift the
 * following pages. A token only continues the list (tenant, workspace, filter, sort) it came from.
 */
export async function archivePage(
  db: Db,
  session: Session,
  workspaceId: string,
  body: ListFilterInput & { pageSize?: unknown },
  continuationToken: string | null | undefined,
) {
  const workspace = await workspaceAccess(db, session, workspaceId);
  const size = body.pageSize ?? ARCHIVE_DEFAULT_PAGE_SIZE;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 1 || size > LIMITS.pageSize) {
    throw invalid(`pageSize must be a whole number from 1 to ${LIMITS.pageSize}.`);
  }
  const filter = await parseTaskFilter(db, body, true);
  const scope = scopeOf(session.membership.tenant_id, workspace.id, filter);
  let after: string[] | null = null;
  if (continuationToken) {
    const token = await readToken(db, continuationToken);
    if (token.scope !== scope || token.after.length !== filter.sort.length) {
      throw invalid('The continuationToken belongs to another list or filter.');
    }
    after = token.after;
  }
  const queries = new TaskQueries(db, session.membership.tenant_id);
  const rows = await queries.after(
    { workspaceIds: [workspace.id], statuses: ARCHIVE_STATUSES },
    filter,
    TASK_TEXT_COLUMNS,
    after,
    size + 1,
  );
  const more = rows.length > size;
  const items = rows.slice(0, size);
  const last = items[items.length - 1];
  const continuation =
    more && last ? await signToken(db, { scope, after: (last.keyset_values as string[]) ?? [] }) : null;
  return { items: items.map((r) => toTask(r as unknown as TaskRowLike)), continuationToken: continuation };
}
