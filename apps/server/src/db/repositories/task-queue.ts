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

/**
 * Whether a worker reading `queues` takes a task of `workspaceId` waiting in `status`: a stage the
 * workspace redirected to a named queue (step_queue_redirects) only by workers reading that queue,
 * any other only by workers reading the default queue. The claim and the hand-over to a task's
 * next stage judge by this one rule.
 */
function readableBy(queues: WorkerQueues, workspaceId: RawBuilder<unknown>, status: RawBuilder<unknown>) {
  const redirects = sql`select 1 from step_queue_redirects as r
    where r.workspace_id = ${workspaceId} and r.queued_status = ${status}`;
  const redirectedHere =
    queues.names.length > 0
      ? sql`exists (${redirects} and r.queue_name in (${sql.join([...queues.names])}))`
      : sql`false`;
  return queues.readsDefault
    ? sql<boolean>`(not exists (${redirects}) or ${redirectedHere})`
    : sql<boolean>`${redirectedHere}`;
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
   * The oldest task of the highest priority waiting in one of `statuses` that a worker reading
   * `queues` may take (readableBy). The claim locks it; a worker finishing a stage only looks at
   * it (leaveForNextStep).
   */
  private firstWaiting(statuses: readonly number[], queues: WorkerQueues) {
    return this.db
      .selectFrom('tasks')
      .select(['id', 'status', 'priority', 'created_on'])
      .where('status', 'in', [...statuses])
      .where('deleted_on', 'is', null)
      .where(readableBy(queues, sql.ref('tasks.workspace_id'), sql.ref('tasks.status')))
      .orderBy('priority', (o) => o.desc().nullsLast())
      .orderBy('created_on')
      .limit(1);
  }

  /** The task the next claim takes (firstWaiting), locked for it, skipped when another claimer has it. */
  private nextQueued(statuses: readonly number[], queues: WorkerQueues) {
    return this.firstWaiting(statuses, queues).forUpdate().skipLocked();
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

  /**
   * A leave (see leave) whose new status queues the task for a step this worker runs (`next`):
   * when the task would be the next this worker claims anyway — no task the claim may take
   * (firstWaiting over `waiting`) comes before it by priority and age, and `queues` reads its next
   * step — the same statement claims that step too, as claimNext would (in-progress status,
   * holder, lease and claim stamps, and `next.event` after `events`); otherwise it only leaves.
   * One round trip between two stages instead of two, and no wake-up of idle workers for a task
   * already taken. Answers `moved` false (nothing written) when `workerId` no longer holds the
   * task, and the claimed row when it took the next step.
   */
  async leaveForNextStep(
    id: string,
    holder: { workerId: string; inProgress: number },
    changes: Updateable<TasksTable> & { status: number },
    events: readonly [...TaskEventValues[], TaskEventValues],
    next: { step: QueueStep; waiting: readonly number[]; queues: WorkerQueues; leaseUntil: Date; at: Date },
  ): Promise<{ moved: false } | { moved: true; claimed?: TaskRow }> {
    const { step, at } = next;
    if (changes.status !== step.queued) throw new Error('The next step must take the status the task leaves for.');
    const first = this.firstWaiting(next.waiting, next.queues);
    // Comes `o` (the first waiting task) before `t` (the held one) in the claim's order: priority
    // descending with no priority last, then the older first.
    const before = sql`(o.priority > t.priority or (o.priority is not null and t.priority is null)
      or (o.priority is not distinct from t.priority and o.created_on < t.created_on))`;
    const takes = sql<boolean>`exists (select 1 from take)`;
    const moved = this.db
      .updateTable('tasks')
      .set({
        ...changes,
        status: sql<number>`case when ${takes} then ${step.inProgress}::int else ${step.queued}::int end`,
        claimed_by: sql<string | null>`case when ${takes} then ${holder.workerId} end`,
        lease_until: sql<Date | null>`case when ${takes} then ${next.leaseUntil}::timestamptz end`,
        processing_started_on: sql<Date | null>`case when ${takes}
          then coalesce(tasks.processing_started_on, ${at}::timestamptz) else tasks.processing_started_on end`,
      })
      .where('id', '=', id)
      .where('claimed_by', '=', holder.workerId)
      .where('status', '=', holder.inProgress)
      .returningAll();
    const eventRows = [...events, step.event].map((event, index) => sql`(${index}::int, ${eventColumns(event)})`);
    const { rows } = await sql<TaskRow>`with
        take as materialized (
          select t.id from tasks as t
          where t.id = ${id} and t.claimed_by = ${holder.workerId} and t.status = ${holder.inProgress}
            and t.deleted_on is null
            and ${readableBy(next.queues, sql.ref('t.workspace_id'), sql`${step.queued}::int`)}
            and not exists (select 1 from ${first} as o where ${before})),
        moved as (${moved}),
        events as (
          insert into task_events (tenant_id, task_id, ${EVENT_COLUMNS})
          select m.tenant_id, m.id, ${EVENT_COLUMNS_OF_S}
          from moved as m cross join (values ${sql.join(eventRows)}) as s (n, ${EVENT_COLUMNS})
          where s.n < ${events.length} or m.status = ${step.inProgress}
          order by s.n)
      select * from moved`.execute(this.db);
    const row = rows[0];
    if (!row) return { moved: false };
    return row.status === step.inProgress ? { moved: true, claimed: row } : { moved: true };
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
