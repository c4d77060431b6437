// How a caller reaches a task: only in the caller's tenant and, for people, in a workspace they
// reach (canAccessWorkspace); anything else answers 404 like an unknown id, so nothing leaks.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import type { TasksRepository } from '../../db/repositories/tasks.js';
import type { TaskRow } from '../../db/schema.js';
import { invalid, notFound } from '../errors.js';
import type { Session } from '../session.js';
import { canAccessWorkspace } from '../workspaces/access.js';
import { apiClientOf } from './callers.js';
import { fail } from './command-results.js';

export const taskNotFound = () => notFound('The task does not exist.', TaskErrorCode.NotFound);

/** Who asks: the repository of their tenant, the database and the session (for the workspace rule). */
export interface TaskCaller {
  repo: TasksRepository;
  db: Db;
  session: Session;
}

/** API clients act for their whole tenant; people only in the workspaces they reach. */
async function reaches(caller: TaskCaller, task: TaskRow): Promise<boolean> {
  if (apiClientOf(caller.session) !== null) return true;
  return canAccessWorkspace(caller.db, caller.session, task.workspace_id);
}

/** A task the caller reaches, by id, else 404 (the same answer as for an id that does not exist). */
export async function taskById(caller: TaskCaller, id: string) {
  const row = await caller.repo.byId(id);
  if (!row || !(await reaches(caller, row))) throw taskNotFound();
  return row;
}

/** TaskId wins over ExternalId; an external id of several reachable tasks is MultipleExternalIdMatches (2). */
export async function resolveTask(caller: TaskCaller, taskId: unknown, externalId: unknown): Promise<TaskRow> {
  if (typeof taskId === 'string' && taskId) return taskById(caller, taskId);
  if (typeof externalId === 'string' && externalId) {
    const found = await caller.repo.byExternalId(externalId, 100);
    const rows: TaskRow[] = [];
    for (const row of found) if (await reaches(caller, row)) rows.push(row);
    if (rows.length > 1) {
      throw fail(
        TaskErrorCode.MultipleExternalIdMatches,
        `Several tasks have the external id '${externalId}'; use TaskId.`,
      );
    }
    if (!rows[0]) throw taskNotFound();
    return rows[0];
  }
  throw invalid("One of the parameters 'TaskId' or 'ExternalId' must be defined.");
}
