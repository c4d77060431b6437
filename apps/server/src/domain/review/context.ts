// Who asks a review command and how the task is found. A task is reached only in the caller's
// tenant and in a workspace the caller reaches (taskById of tasks/commands.ts); anything else is
// 404, the same answer as an id that does not exist, before any rule is looked at.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { ReviewStore } from '../../db/repositories/review.js';
import { TasksRepository } from '../../db/repositories/tasks.js';
import { inTransaction as inDbTransaction } from '../../db/repositories/tenant-repository.js';
import { WorkspaceScope } from '../../db/repositories/workspace-scope.js';
import type { TaskRow, WorkspaceRow } from '../../db/schema.js';
import type { Session } from '../session.js';
import { actorOf } from '../tasks/callers.js';
import type { Actor } from '../tasks/events.js';
import { taskById, taskNotFound } from '../tasks/task-access.js';
import { canAccessWorkspace } from '../workspaces/access.js';
import { DEFAULTS, resolveConfiguration, type WorkspaceConfiguration } from '../workspaces/configuration.js';
import { ReviewRefusal } from './outcome.js';

export interface ReviewCaller {
  db: Db;
  session: Session;
  /** The clock; tests may pin it. */
  now?: () => Date;
}

export const tenantOf = (caller: ReviewCaller) => caller.session.membership.tenant_id;
export const userOf = (caller: ReviewCaller) => caller.session.user.id;
export const nowOf = (caller: ReviewCaller) => caller.now?.() ?? new Date();
export const actorOfCaller = (caller: ReviewCaller): Actor => actorOf(caller.session);
export const tasksOf = (caller: ReviewCaller) => new TasksRepository(caller.db, tenantOf(caller));
export const storeOf = (caller: ReviewCaller) => new ReviewStore(caller.db, tenantOf(caller));

export interface TaskReference {
  taskId?: unknown;
  externalId?: unknown;
  /** Narrows an external id to one workspace (Checkout). */
  workspaceId?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The task a review call names: by id (an external id sent along must be the task's), or by
 * external id, optionally within one workspace. An external id of several reachable tasks is
 * refused with MultipleExternalIdMatches (2); neither given is bad input (400).
 */
export async function findTask(caller: ReviewCaller, ref: TaskReference): Promise<TaskRow> {
  const repo = tasksOf(caller);
  const taskId = text(ref.taskId);
  const externalId = text(ref.externalId);
  const workspaceId = text(ref.workspaceId);
  if (taskId) {
    const task = await taskById({ repo, db: caller.db, session: caller.session }, taskId);
    if (externalId && task.external_id !== externalId) throw taskNotFound();
    if (workspaceId && task.workspace_id !== workspaceId) throw taskNotFound();
    return task;
  }
  if (!externalId) {
    // A refusal like an unknown task (the contract's Checkout body makes both optional); ViewerInit,
    // a read, answers it as 400.
    throw new ReviewRefusal(TaskErrorCode.NotFound, "Name the task: one of 'taskId' or 'externalId' must be given.");
  }
  const matches: TaskRow[] = [];
  for (const row of await repo.byExternalId(externalId, 100)) {
    if (workspaceId && row.workspace_id !== workspaceId) continue;
    if (await canAccessWorkspace(caller.db, caller.session, row.workspace_id)) matches.push(row);
  }
  if (matches.length > 1) {
    throw new ReviewRefusal(
      TaskErrorCode.MultipleExternalIdMatches,
      `${matches.length} tasks have the external id '${externalId}'; name the task by its id${workspaceId ? '' : ' or add the workspace'}.`,
    );
  }
  const [task] = matches;
  if (!task) throw taskNotFound();
  return task;
}

/** The workspace of a task (same tenant by construction) and its configuration with defaults. */
export async function workspaceOf(
  caller: ReviewCaller,
  task: TaskRow,
): Promise<{ row: WorkspaceRow; config: WorkspaceConfiguration }> {
  const row = await new WorkspaceScope(caller.db, tenantOf(caller)).find(task.workspace_id);
  if (!row) throw taskNotFound();
  return { row, config: resolveConfiguration(row) };
}

/**
 * How long a checkout lasts: the workspace's checkoutExpireMinutes (WorkspaceConfiguration, kept
 * in workspaces.configuration); when it is unset or unusable, the server default of 30 minutes
 * (configuration.ts DEFAULTS) — comfortably longer than the client's 4-minute renewal interval.
 */
export function checkoutMinutesOf(config: WorkspaceConfiguration): number {
  const minutes = Number(config.checkoutExpireMinutes);
  return Number.isInteger(minutes) && minutes >= 1 ? minutes : DEFAULTS.checkoutExpireMinutes;
}

/** Runs `work` in one transaction with a store and a task repository bound to it. */
export function inTransaction<T>(
  caller: ReviewCaller,
  work: (tx: { store: ReviewStore; tasks: TasksRepository }) => Promise<T>,
): Promise<T> {
  return inDbTransaction(caller.db, (trx) =>
    work({ store: new ReviewStore(trx, tenantOf(caller)), tasks: new TasksRepository(trx, tenantOf(caller)) }),
  );
}
