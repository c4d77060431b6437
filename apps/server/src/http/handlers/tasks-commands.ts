// Task commands and reads of one task or a selection: GetById, Status, StatusList(Paginated),
// UpdateDisplayName, DeleteTask, DeleteMany, RestartProcessing(Many), Recover, UpdateTaskAssignment,
// Events, history/DeleteTaskFromHistoryAsync, history/DeleteWorkSpaceAndTasksAsync. Rules live in
// src/domain/tasks (and src/domain/workspaces/deletion.ts); every task is loaded through taskById /
// resolveTask, which answer 404 for a task in a workspace the caller does not reach.
import { TasksRepository } from '../../db/repositories/tasks.js';
import {
  deleteFromHistory,
  deleteMany,
  deleteTask,
  getTask,
  recoverTask,
  renameTask,
  resolveTask,
  restartMany,
  restartTask,
  type Selection,
  statusList,
  statusListPage,
  type TaskCaller,
  taskEvents,
  taskStatus,
  updateAssignment,
} from '../../domain/tasks/commands.js';
import { workspaceForTask, workspaceRules } from '../../domain/tasks/import.js';
import { deleteWorkspaceAndTasks } from '../../domain/workspaces/deletion.js';
import type { HandlerInput, HandlerMap, OperationHandler } from '../handler.js';
import { requires } from '../handler.js';

const repoOf = ({ services, session }: HandlerInput) => new TasksRepository(services.db, session.membership.tenant_id);
const callerOf = (input: HandlerInput): TaskCaller => ({
  repo: repoOf(input),
  db: input.services.db,
  session: input.session,
});

/** Also reachable with a client-credentials token of a tenant API secret. */
export const withApiClients = (handler: OperationHandler): OperationHandler =>
  Object.assign(handler, { acceptsClients: true });

const list = (value: unknown): string[] | undefined =>
  value === undefined || value === null ? undefined : (Array.isArray(value) ? value : [value]).map(String);
const date = (value: unknown) => (typeof value === 'string' && value ? new Date(value) : undefined);

function statusFilter(query: Record<string, unknown>) {
  return {
    startDate: date(query.StartDate),
    endDate: date(query.EndDate),
    statuses: list(query.TaskStatus)?.map(Number),
    integrationStatuses: list(query.IntegrationStatus)?.map(Number),
    workspaceIds: list(query.WorkspaceId),
    batchIds: list(query.BatchId),
  };
}

async function maxRestartsOf(input: HandlerInput, workspaceId: string) {
  return workspaceRules(await workspaceForTask(input.services.db, input.session, workspaceId)).maxRestartCount;
}

export const taskCommandHandlers: HandlerMap = {
  SdTask_GetById: requires(['Task.View'], async (input) => getTask(callerOf(input), String(input.params.id))),

  SdTask_Status: withApiClients(
    requires(['Task.View'], async (input) => taskStatus(callerOf(input), input.query.TaskId, input.query.ExternalId)),
  ),
  SdTask_StatusList: withApiClients(
    requires(['Task.View'], async (input) => statusList(repoOf(input), statusFilter(input.query))),
  ),
  SdTask_StatusListPaginated: withApiClients(
    requires(['Task.View'], async (input) =>
      statusListPage(
        repoOf(input),
        statusFilter(input.query),
        Number(input.query.PageNumber),
        Number(input.query.PageSize),
      ),
    ),
  ),

  SdTask_UpdateDisplayName: requires(['Task.Import'], async (input) => {
    const { displayName } = input.body as { displayName: string };
    await renameTask(callerOf(input), String(input.params.taskId), displayName);
    return undefined;
  }),

  SdTask_DeleteTask: requires(['Task.Delete'], async (input) => {
    await deleteTask(callerOf(input), String(input.params.id));
    return undefined;
  }),

  SdTask_HistoryDeleteTaskFromHistoryAsync: requires(['Task.Delete'], async (input) => {
    await deleteFromHistory(callerOf(input), String(input.query.taskId));
    return undefined;
  }),

  SdTask_HistoryDeleteWorkSpaceAndTasksAsync: requires(['Workspace.Delete'], async (input) => {
    await deleteWorkspaceAndTasks(input.services.db, input.session, String(input.query.workSpaceId));
    return undefined;
  }),

  SdTask_DeleteMany: requires(['Task.DeleteMany'], async (input) => {
    const selection = input.body as Selection;
    await workspaceForTask(input.services.db, input.session, selection.workspaceId);
    return deleteMany(repoOf(input), input.session, selection);
  }),

  SdTask_RestartProcessing: requires(['Task.ReprocessMany'], async (input) => {
    const caller = callerOf(input);
    const task = await resolveTask(caller, input.query.TaskId, input.query.ExternalId);
    return restartTask(caller.repo, input.session, task, await maxRestartsOf(input, task.workspace_id));
  }),

  SdTask_RestartProcessingMany: requires(['Task.ReprocessMany'], async (input) => {
    const selection = input.body as Selection;
    const max = await maxRestartsOf(input, selection.workspaceId);
    return restartMany(repoOf(input), input.session, selection, max);
  }),

  SdTask_Recover: requires(['Task.Delete'], async (input) => recoverTask(callerOf(input), String(input.query.taskId))),

  SdTask_UpdateTaskAssignment: requires(['Task.EditAssignments'], async (input) =>
    updateAssignment(
      callerOf(input),
      String(input.query.taskId),
      Number(input.query.orderType),
      input.query.removeAssignment === true || input.query.removeAssignment === 'true',
      (Array.isArray(input.body) ? input.body : []).map(String),
    ),
  ),

  SdTask_Events: requires(['Task.ListEvents'], async (input) =>
    taskEvents(
      callerOf(input),
      String(input.params.taskId),
      typeof input.query.eventType === 'string' && input.query.eventType ? input.query.eventType : undefined,
    ),
  ),
};
