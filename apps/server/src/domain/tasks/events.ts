// The audit trail of a task: every state change writes one event with a sentence a person can read
// (the event inspector shows it as it is) and the data behind it as JSON.
import type { TaskEventValues, TasksRepository } from '../../db/repositories/tasks.js';
import type { TaskEventRow } from '../../db/schema.js';
import { taskStatusText } from './flags.js';
import { iso } from './mappers.js';

export const TASK_EVENT = {
  Created: 'TaskCreated',
  StatusChanged: 'StatusChanged',
  Renamed: 'DisplayNameChanged',
  AssignmentChanged: 'AssignmentChanged',
  ProcessingRestarted: 'ProcessingRestarted',
  Deleted: 'TaskDeleted',
  Recovered: 'TaskRecovered',
  /** A task of a labelling workspace changed its labelling status. */
  LabellingChanged: 'LabellingChanged',
  /** Progress written by a processing stage ("Recognised page 3 of 12"). */
  ProcessingNote: 'ProcessingNote',
} as const;

export type TaskEventType = (typeof TASK_EVENT)[keyof typeof TASK_EVENT];

/** Who caused an event: a signed-in user, an API client (tenant API secret) or the processing system. */
export interface Actor {
  userId: string | null;
  clientId: string | null;
  /** Shown in descriptions: the user's name, "API client <id>", "worker <id>". */
  label: string;
  /** Set for the workers and the scheduler, whose events are neither Web nor Api. */
  system?: boolean;
}

export const eventSourceOf = (actor: Actor) => (actor.system ? 'Processing' : actor.clientId ? 'Api' : 'Web');

/** An event by `actor`, its payload naming the API client when one caused it. */
export function eventBy(
  actor: Actor,
  eventType: TaskEventType,
  description: string,
  payload: Record<string, unknown> = {},
): TaskEventValues {
  return {
    eventType,
    description,
    payload: { ...payload, ...(actor.clientId ? { clientId: actor.clientId } : {}) },
    userId: actor.userId,
    eventSource: eventSourceOf(actor),
  };
}

export async function recordEvent(
  repo: TasksRepository,
  actor: Actor,
  taskId: string,
  eventType: TaskEventType,
  description: string,
  payload: Record<string, unknown> = {},
): Promise<void> {
  await repo.addEvent({ taskId, ...eventBy(actor, eventType, description, payload) });
}

/** A status change, described as "Status changed from ToReview (60) to QueuedForPreProcessing (30) by …". */
export function statusChangeEvent(
  actor: Actor,
  from: number,
  to: number,
  reason: string,
  eventType: TaskEventType = TASK_EVENT.StatusChanged,
): TaskEventValues {
  return eventBy(
    actor,
    eventType,
    `${reason}: status changed from ${taskStatusText(from)} (${from}) to ${taskStatusText(to)} (${to}) by ${actor.label}.`,
    { from, to, fromText: taskStatusText(from), toText: taskStatusText(to) },
  );
}

/** Writes a status change event (statusChangeEvent). */
export async function recordStatusChange(
  repo: TasksRepository,
  actor: Actor,
  taskId: string,
  from: number,
  to: number,
  reason: string,
  eventType: TaskEventType = TASK_EVENT.StatusChanged,
): Promise<void> {
  await repo.addEvent({ taskId, ...statusChangeEvent(actor, from, to, reason, eventType) });
}

/** AuditEvent of the contract. */
export function toAuditEvent(row: TaskEventRow) {
  return {
    createdOn: iso(row.created_on) as string,
    eventDescription: row.description,
    payload: JSON.stringify(row.payload ?? {}),
    requestId: row.request_id,
    entityId: row.task_id,
    entityTypeText: row.event_type,
    eventSourceText: row.event_source,
  };
}
