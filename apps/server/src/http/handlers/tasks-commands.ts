// Task commands and reads of one task or a selection: GetById, Status, StatusList(Paginated),
// UpdateDisplayName, DeleteTask, DeleteMany, RestartProcessing(Many), Recover, UpdateTaskAssignment,
// Events, TracesDashboardUrl, history/DeleteTaskFromHistoryAsync, history/DeleteWorkSpaceAndTasksAsync. Rules live in
// src/domain/tasks (and src/domain/workspaces/deletion.ts); every task is loaded through taskById /
// resolveTask, which answer 404 for a task in a workspace the caller does not reach.

import type { StatusListFilter } from '../../db/repositories/tasks.js';
import { folderMonitorUrl } from '../../domain/folder-monitor.js';
import { updateAssignment } from '../../domain/tasks/assignment.js';
import { renameTask } from '../../domain/tasks/commands.js';
import { deleteFromHistory, deleteTask, recoverTask } from '../../domain/tasks/deletion.js';
import { restartTask } from '../../domain/tasks/restart.js';
import { deleteMany, restartMany } from '../../domain/tasks/selections.js';
import { resolveTask } from '../../domain/tasks/task-access.js';
import {
  getTask,
  statusList,
  statusListPage,
  taskEvents,
  taskStatus,
  tracesDashboardUrl,
} from '../../domain/tasks/task-reads.js';
import { workspaceForTask, workspaceRules } from '../../domain/tasks/workspace-rules.js';
import { deleteWorkspaceAndTasks } from '../../domain/workspaces/deletion.js';
import { taskCallerOf as callerOf, tasksOf as repoOf } from '../callers.js';
import { type CallContext, defineHandlers, type QueryOf, requires, withApiClients } from '../handler.js';

const date = (value: string | null | undefined) => (value ? new Date(value) : undefined);

function statusFilter(query: QueryOf<'SdTask_StatusList'>): StatusListFilter {
  return {
    startDate: date(query.StartDate),
    endDate: date(query.EndDate),
    statuses: query.TaskStatus,
    integrationStatuses: query.IntegrationStatus,
    workspaceIds: query.WorkspaceId,
    batchIds: query.BatchId,
  };
}

async function maxRestartsOf(input: CallContext, workspaceId: string) {
  return workspaceRules(await workspaceForTask(input.services.db, input.session, workspaceId)).maxRestartCount;
}

export const taskCommandHandlers = defineHandlers({
  SdTask_GetById: requires(['Task.View'], async (input) => getTask(callerOf(input), input.params.id)),

  SdTask_Status: withApiClients(
    requires(['Task.View'], async (input) => taskStatus(callerOf(input), input.query.TaskId, input.query.ExternalId)),
  ),
  SdTask_StatusList: withApiClients(
    requires(['Task.View'], async (input) => statusList(repoOf(input), statusFilter(input.query))),
  ),
  SdTask_StatusListPaginated: withApiClients(
    requires(['Task.View'], async (input) =>
      statusListPage(repoOf(input), statusFilter(input.query), input.query.PageNumber, input.query.PageSize),
    ),
  ),

  SdTask_UpdateDisplayName: requires(['Task.Import'], async (input) => {
    await renameTask(callerOf(input), input.params.taskId, input.body.displayName);
    return undefined;
  }),

  SdTask_DeleteTask: requires(['Task.Delete'], async (input) => {
    await deleteTask(callerOf(input), input.params.id);
    return undefined;
  }),

  SdTask_HistoryDeleteTaskFromHistoryAsync: requires(['Task.Delete'], async (input) => {
    await deleteFromHistory(callerOf(input), input.query.taskId);
    return undefined;
  }),

  SdTask_HistoryDeleteWorkSpaceAndTasksAsync: requires(['Workspace.Delete'], async (input) => {
    await deleteWorkspaceAndTasks(input.services.db, input.session, input.query.workSpaceId);
    return undefined;
  }),

  SdTask_DeleteMany: requires(['Task.DeleteMany'], async (input) => {
    const selection = input.body;
    await workspaceForTask(input.services.db, input.session, selection.workspaceId);
    return deleteMany(repoOf(input), input.session, selection);
  }),

  SdTask_RestartProcessing: requires(['Task.ReprocessMany'], async (input) => {
    const caller = callerOf(input);
    const task = await resolveTask(caller, input.query.TaskId, input.query.ExternalId);
    return restartTask(caller.repo, input.session, task, await maxRestartsOf(input, task.workspace_id));
  }),

  SdTask_RestartProcessingMany: requires(['Task.ReprocessMany'], async (input) => {
    const selection = input.body;
    const max = await maxRestartsOf(input, selection.workspaceId);
    return restartMany(repoOf(input), input.session, selection, max);
  }),

  SdTask_Recover: requires(['Task.Delete'], async (input) => recoverTask(callerOf(input), input.query.taskId)),

  SdTask_UpdateTaskAssignment: requires(['Task.EditAssignments'], async (input) =>
    updateAssignment(
      callerOf(input),
      input.query.taskId,
      input.query.orderType,
      input.query.removeAssignment,
      input.body,
    ),
  ),

  SdTask_GetFolderMonitorUrl: requires(['Task.DownloadFolderMonitor'], async ({ services }) =>
    folderMonitorUrl(services.config),
  ),

  SdTask_TracesDashboardUrl: requires(['Task.TracesDashboardView'], async (input) =>
    tracesDashboardUrl(callerOf(input), input.params.taskId, input.services.config.origin),
  ),

  SdTask_Events: requires(['Task.ListEvents'], async (input) =>
    taskEvents(callerOf(input), input.params.taskId, input.query.eventType || undefined),
  ),
});
