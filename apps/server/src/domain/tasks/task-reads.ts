// The reads that go with the task commands: the full task, its status (by id or external id),
// status lists and the task's events.
import type { StatusListFilter, TasksRepository } from '../../db/repositories/tasks.js';
import { toAuditEvent } from './events.js';
import { toTask, toTaskStatusSummary, toTaskStatusSummaryWithAssignment } from './mappers.js';
import { resolveTask, type TaskCaller, taskById } from './task-access.js';

export async function getTask(caller: TaskCaller, id: string) {
  return toTask(await taskById(caller, id));
}

/**
 * The developer dashboard of a task (row action devdashboard): the reference app's trace page,
 * which shows the task's processing stages and their timings from its events. A deployment that
 * ships traces to a tracing system would answer that system's address for the task instead.
 */
export async function tracesDashboardUrl(caller: TaskCaller, taskId: string, origin: string): Promise<string> {
  const task = await taskById(caller, taskId);
  const url = new URL('/task/traces', origin);
  url.searchParams.set('taskId', task.id);
  url.searchParams.set('workspaceId', task.workspace_id);
  return url.toString();
}

export async function taskStatus(caller: TaskCaller, taskId: unknown, externalId: unknown) {
  const row = await resolveTask(caller, taskId, externalId);
  const users = (await caller.repo.assignmentUsers([row.id])).get(row.id) ?? [];
  return toTaskStatusSummaryWithAssignment(
    row,
    users.map((u) => u.user_id),
  );
}

export async function statusList(repo: TasksRepository, filter: StatusListFilter) {
  return (await repo.statusList(filter)).map(toTaskStatusSummary);
}

export async function statusListPage(repo: TasksRepository, filter: StatusListFilter, number: number, size: number) {
  const [rows, totalCount] = await Promise.all([repo.statusList(filter, { number, size }), repo.statusCount(filter)]);
  const totalPages = Math.ceil(totalCount / size);
  return {
    items: rows.map(toTaskStatusSummary),
    pageNumber: number,
    totalPages,
    totalCount,
    hasPreviousPage: number > 1,
    hasNextPage: number < totalPages,
  };
}

export async function taskEvents(caller: TaskCaller, taskId: string, eventType: string | undefined) {
  await taskById(caller, taskId);
  return (await caller.repo.events(taskId, eventType)).map(toAuditEvent);
}
