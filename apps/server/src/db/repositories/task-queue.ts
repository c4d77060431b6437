// The processing queue: the task status is the queue, across all tenants (workers and the scheduler
// serve every tenant). Each look-up locks one task with `FOR UPDATE SKIP LOCKED`, so concurrent
// claimers and schedulers in other processes skip it instead of waiting; each write is guarded by
// the claim it belongs to. What a worker then records about the task goes through the task's own
// tenant (`tasksOf`).
import { type RawBuilder, sql, type Updateable } from 'kysely';
import type { TaskRow, TasksTable } from '../schema.js';
import { type DetachedFiles, detachTaskFiles } from './task-files.js';
import { type TaskEventValues, TasksRepository } from './tasks.js';
import { type Executor, inTransaction } from './tenant-repository.js';
import { WorkspaceScope } from './workspace-scope.js';

/** A task the scheduler locked, with the workspace setting it was judged by. */
export type LockedTask = TaskRow & { limit_value?: number };

/** A number kept in workspaces.configuration (`w`): the default when absent or not a number, clamped. */
export interface WorkspaceNumber {
  key: string;
  fallback: number;
  min: number;
  max?: number | undefined;
}

function workspaceNumber({ key, fallback, min, max }: WorkspaceNumber): RawBuilder<number> {
  const value = sql`case when jsonb_typeof(w.configuration -> ${key}) = 'number'
    then (w.configuration ->> ${key})::float8 else ${fallback}::float8 end`;
  const low = sql`greatest(${min}::float8, ${value})`;
  return max === undefined ? sql<number>`${low}` : sql<number>`least(${max}::float8, ${low})`;
}

/** The queues a worker reads: named ones, and whether the default one too. */
export interface WorkerQueues {
  names: readonly string[];
  readsDefault: boolean;
}

/** What claiming a task waiting in `queued` does: its in-progress status, and the event saying so. */
export interface QueueStep {
  queued: number;
  inProgress: number;
  event: TaskEventValues;
}

/** The event columns the claim and leave statements take from their values lists (`s`). */
const EVENT_COLUMNS = sql.raw('event_type, description, payload, user_id, event_source, request_id');
const EVENT_COLUMNS_OF_S = sql.raw('s.event_type, s.description, s.payload, s.user_id, s.event_source, s.request_id');

/** An event's values, typed for a values list (EVENT_COLUMNS' order). */
const eventColumns = (event: TaskEventValues) =>
  sql`${event.eventType}::text, ${event.description}::text, ${JSON.stringify(event.payload ?? {})}::jsonb, ${event.userId ?? null}::uuid, ${event.eventSource ?? null}::text, ${event.requestId ?? null}::text`;

export class TaskQueue {
  constructor(private readonly db: Executor) {}

  /** Runs `work` in one transaction with a queue bound to it. */
  transaction<T>(work: (queue: TaskQueue) => Promise<T>): Promise<T> {
    return inTransaction(this.db, (trx) => work(trx === this.db ? this : new TaskQueue(trx)));
  }

  /** The task repository of a tenant on the queue's connection or transaction. */
  tasksOf(tenantId: string): TasksRepository {
    return new TasksRepository(this.db, tenantId);
  }

  /** The workspaces of a tenant on the queue's connection or transaction. */
  workspacesOf(tenantId: string): WorkspaceScope {
    return new WorkspaceScope(this.db, tenantId);
  }

  /** Detaches the files of a locked task (see task-files.ts); remove their bytes after the commit. */
  detachFiles(task: TaskRow, options: { dropResults: boolean }): Promise<DetachedFiles> {
    return detachTaskFiles(this.db, task, options);
  }

  // --- workers ---

  /**
   * The oldest task of the highest priority waiting in one of `statuses`, to lock. A task whose
   * workspace redirected the stage it waits for (step_queue_redirects) is taken only by a worker
   * reading that queue; the others only by workers reading the default queue.
   */
  private nextQueued(statuses: readonly number[], queues: WorkerQueues) {
    return this.db
      .selectFrom('tasks')
      .select(['id', 'status'])
      .where('status', 'in', [...statuses])
      .where('deleted_on', 'is', null)
      .where((eb) => {
        const redirects = eb
          .selectFrom('step_queue_redirects as r')
          .select('r.queue_name')
          .whereRef('r.workspace_id', '=', 'tasks.workspace_id')
          .whereRef('r.queued_status', '=', 'tasks.status');
        const redirectedHere =
          queues.names.length > 0 ? eb.exists(redirects.where('r.queue_name', 'in', [...queues.names])) : eb.val(false);
        return queues.readsDefault ? eb.or([eb.not(eb.exists(redirects)), redirectedHere]) : redirectedHere;
      })
      .orderBy('priority', (o) => o.desc().nullsLast())
      .orderBy('created_on')
      .limit(1)
      .forUpdate()
      .skipLocked();
  }

  /**
   * Claims the next task waiting for one of `steps` (see nextQueued), in one statement: locks it
   * with `FOR UPDATE SKIP LOCKED` (concurrent claimers in other processes skip it instead of
   * waiting), moves it to its step's in-progress status with the holder and lease, and writes the
   * step's event. Answers the claimed row and the index of its step; undefined when none waits.
   */
  async claimNext(
    steps: readonly QueueStep[],
    queues: WorkerQueues,
    holder: { workerId: string; leaseUntil: Date; at: Date },
  ): Promise<{ task: TaskRow; step: number } | undefined> {
    if (steps.length === 0) return undefined;
    const next = this.nextQueued(
      steps.map((step) => step.queued),
      queues,
    );
    const stepRows = steps.map(
      (step, index) => sql`(${index}::int, ${step.queued}::int, ${step.inProgress}::int, ${eventColumns(step.event)})`,
    );
    const { at } = holder;
    const { rows } = await sql<TaskRow & { claimed_step: number }>`with
        next as materialized ${next},
        steps (n, queued, in_progress, ${EVENT_COLUMNS}) as (values ${sql.join(stepRows)}),
        claimed as (
          update tasks as t set status = s.in_progress, claimed_by = ${holder.workerId},
            lease_until = ${holder.leaseUntil}, status_changed_on = ${at},
            processing_started_on = coalesce(t.processing_started_on, ${at}), modified_on = ${at}
          from next join steps as s on s.queued = next.status
          where t.id = next.id
          returning t.*, s.n as claimed_step),
        events as (
          insert into task_events (tenant_id, task_id, ${EVENT_COLUMNS})
          select c.tenant_id, c.id, ${EVENT_COLUMNS_OF_S}
          from claimed as c join steps as s on s.n = c.claimed_step)
      select * from claimed`.execute(this.db);
    const row = rows[0];
    if (!row) return undefined;
    const { claimed_step: step, ...task } = row;
    return { task: task as TaskRow, step };
  }

  /** Extends the lease; false when `workerId` no longer holds the task in `inProgress`. */
  async renewLease(id: string, holder: { workerId: string; inProgress: number }, leaseUntil: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('tasks')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where('claimed_by', '=', holder.workerId)
      .where('status', '=', holder.inProgress)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Drops the claim with `changes` and writes `events` (ids in their order), in one statement;
   * false (nothing written) when `workerId` no longer holds the task.
   */
  async leave(
    id: string,
    holder: { workerId: string; inProgress: number },
    changes: Updateable<TasksTable>,
    events: readonly [...TaskEventValues[], TaskEventValues],
  ): Promise<boolean> {
    const eventRows = events.map((event, index) => sql`(${index}::int, ${eventColumns(event)})`);
    const row = await this.db
      .with('moved', (db) =>
        db
          .updateTable('tasks')
          .set({ ...changes, claimed_by: null, lease_until: null })
          .where('id', '=', id)
          .where('claimed_by', '=', holder.workerId)
          .where('status', '=', holder.inProgress)
          .returning(['id', 'tenant_id']),
      )
      .with('events', (db) =>
        db
          .insertInto('task_events')
          .columns([
            'tenant_id',
            'task_id',
            'event_type',
            'description',
            'payload',
            'user_id',
            'event_source',
            'request_id',
          ])
          .expression(
            sql`select m.tenant_id, m.id, ${EVENT_COLUMNS_OF_S}
              from moved as m cross join (values ${sql.join(eventRows)}) as s (n, ${EVENT_COLUMNS})
              order by s.n`,
          ),
      )
      .selectFrom('moved')
      .select((eb) => eb.fn.countAll<string | number>().as('moved'))
      .executeTakeFirstOrThrow();
    return Number(row.moved) > 0;
  }

  // --- the scheduler ---

  private async first(query: RawBuilder<LockedTask>): Promise<LockedTask | undefined> {
    return (await query.execute(this.db)).rows[0];
  }

  /** A claimed task in one of `inProgress` whose lease ran out before `now`, locked. */
  lockExpiredLease(now: Date, inProgress: readonly number[]) {
    return this.first(
      sql<LockedTask>`select * from tasks
        where claimed_by is not null and lease_until < ${now}
          and status in (${sql.join([...inProgress])})
        order by lease_until limit 1 for update skip locked`,
    );
  }

  /** A task in one of `inProgress` for longer than its workspace's `hours`, locked. */
  lockStuck(now: Date, inProgress: readonly number[], hours: WorkspaceNumber) {
    const limit = workspaceNumber(hours);
    return this.first(
      sql<LockedTask>`select t.*, ${limit} as limit_value from tasks t
        join workspaces w on w.id = t.workspace_id and w.tenant_id = t.tenant_id
        where t.status in (${sql.join([...inProgress])})
          and t.status_changed_on < ${now}::timestamptz - make_interval(secs => ${limit} * 3600)
        order by t.status_changed_on limit 1 for update of t skip locked`,
    );
  }

  /** A task in `status`, locked. */
  lockInStatus(status: number) {
    return this.first(sql<LockedTask>`select * from tasks where status = ${status} limit 1 for update skip locked`);
  }

  /** A task in `status` since longer than its workspace's `days`, locked. */
  lockInStatusLongerThan(now: Date, status: number, days: WorkspaceNumber) {
    const limit = workspaceNumber(days);
    return this.first(
      sql<LockedTask>`select t.*, ${limit} as limit_value from tasks t
        join workspaces w on w.id = t.workspace_id and w.tenant_id = t.tenant_id
        where t.status = ${status}
          and t.status_changed_on < ${now}::timestamptz - make_interval(secs => ${limit} * 86400)
        order by t.status_changed_on limit 1 for update of t skip locked`,
    );
  }

  /** Changes columns of a locked task. */
  async update(id: string, changes: Updateable<TasksTable>): Promise<void> {
    await this.db.updateTable('tasks').set(changes).where('id', '=', id).execute();
  }

  /** Marks a locked task deleted (`status`), keeping an earlier deletion time, and drops any claim. */
  async markDeleted(id: string, status: number, now: Date): Promise<void> {
    await this.db
      .updateTable('tasks')
      .set((eb) => ({
        status,
        deleted_on: eb.fn.coalesce('deleted_on', eb.val(now)),
        claimed_by: null,
        lease_until: null,
        status_changed_on: now,
        modified_on: now,
      }))
      .where('id', '=', id)
      .execute();
  }
}
