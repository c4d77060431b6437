// Scheduled work on the task queue, safe when several processes run it at once: every rule takes
// one task at a time with `FOR UPDATE SKIP LOCKED` in its own transaction and re-checks the
// condition under the lock, so two schedulers never act on the same task. Each rule takes `now`
// so tests drive it without waiting. The look-ups span all tenants (the queue is global); every
// write and event then goes through the task's own tenant.
//
// - expired leases: the worker died — requeue, or fail at the workspace's maxRestartCount;
// - stuck tasks: in progress longer than hoursUntilTasksConsideredStuck — requeue the same way;
// - deletion: Deleting (19) → files removed → Deleted (20);
// - history removal: Processed (100) for longer than daysUntilHistoryRemoval → files removed →
//   ProcessedAfterPeriodAndDeletedFiles (110);
// - mail expiry: the raw messages received at import addresses, removed after 31 days;
// - export links past their date: the exported file removed (domain/exports/export-link.ts);
// - segment shares past their date: Expired, the cut file removed
//   (domain/sharing/segment-expiry.ts);
// - search index: tasks whose text is there but not indexed yet (processed before the index
//   existed) are indexed (domain/search/indexing.ts).
import type { Db } from '../../db/database.js';
import { type LockedTask, TaskQueue, type WorkspaceNumber } from '../../db/repositories/task-queue.js';
import { removeExpiredExportLinks } from '../../domain/exports/export-link.js';
import { removeExpiredMail } from '../../domain/mail-import/expiry.js';
import { indexWaitingTasks } from '../../domain/search/indexing.js';
import { expireSegmentShares } from '../../domain/sharing/segment-expiry.js';
import { recordStatusChange, TASK_EVENT } from '../../domain/tasks/events.js';
import { TASK_STATUS as S, taskStatusText } from '../../domain/tasks/flags.js';
import { workspaceRules } from '../../domain/tasks/workspace-rules.js';
import { DEFAULTS, LIMITS } from '../../domain/workspaces/configuration.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import type { Stage } from './stage.js';
import { IN_PROGRESS, SCHEDULER_ACTOR, stepOf } from './stage-statuses.js';
import { removeStored } from './task-files.js';

export interface SchedulerDeps {
  db: Db;
  storage: BlobStorage;
  stages: readonly Stage[];
  log?: (message: string, error?: unknown) => void;
  /** Most tasks one rule handles per run, so one run stays short. */
  batchSize?: number;
}

/** The workspace setting after which a task in progress counts as stuck. */
const STUCK_HOURS: WorkspaceNumber = {
  key: 'hoursUntilTasksConsideredStuck',
  fallback: DEFAULTS.hoursUntilTasksConsideredStuck,
  min: LIMITS.hoursUntilTasksConsideredStuck.min,
};
/** The workspace setting after which a processed task's files are removed. */
const HISTORY_DAYS: WorkspaceNumber = {
  key: 'daysUntilHistoryRemoval',
  fallback: DEFAULTS.daysUntilHistoryRemoval,
  min: LIMITS.daysUntilHistoryRemoval.min,
  max: LIMITS.daysUntilHistoryRemoval.max,
};

/**
 * Runs `act` on one locked task at a time until `pick` finds none (or `limit` tasks were handled);
 * `act` returns the storage keys to remove once its transaction committed.
 */
async function eachLocked(
  deps: SchedulerDeps,
  pick: (queue: TaskQueue) => Promise<LockedTask | undefined>,
  act: (queue: TaskQueue, row: LockedTask) => Promise<string[]>,
): Promise<string[]> {
  const handled: string[] = [];
  const limit = deps.batchSize ?? 100;
  while (handled.length < limit) {
    const done = await new TaskQueue(deps.db).transaction(async (queue) => {
      const row = await pick(queue);
      if (!row) return null;
      return { id: row.id, keys: await act(queue, row) };
    });
    if (!done) break;
    handled.push(done.id);
    await removeStored(deps.storage, done.keys, deps.log ?? (() => undefined));
  }
  return handled;
}

function inProgressStatuses(stages: readonly Stage[]) {
  return [...new Set([...IN_PROGRESS, ...stages.map((s) => s.inProgress)])];
}

async function maxRestartsOf(queue: TaskQueue, row: LockedTask): Promise<number> {
  const workspace = await queue.workspacesOf(row.tenant_id).find(row.workspace_id);
  return workspace ? workspaceRules(workspace).maxRestartCount : DEFAULTS.maxRestartCount;
}

/**
 * Back to the step's queue with one more restart, or — at the workspace's maxRestartCount — to the
 * step's failed status. `cause` starts the sentence ("Worker w-1 stopped responding").
 */
async function requeueOrFail(
  queue: TaskQueue,
  stages: readonly Stage[],
  row: LockedTask,
  cause: string,
  now: Date,
  stuck: boolean,
): Promise<string[]> {
  const step = stepOf(stages, row.status);
  if (!step) return [];
  const max = await maxRestartsOf(queue, row);
  const restart = row.restart_count + 1;
  const giveUp = row.restart_count >= max;
  const reason = giveUp
    ? `${cause}; not requeued: the task was restarted ${row.restart_count} times, the most this workspace allows (maxRestartCount ${max})`
    : `${cause}; requeued (restart ${restart} of ${max})`;
  const status = giveUp ? step.failed : step.queued;
  await queue.update(row.id, {
    status,
    restart_count: giveUp ? row.restart_count : restart,
    claimed_by: null,
    lease_until: null,
    status_changed_on: now,
    modified_on: now,
    last_error: reason,
    ...(giveUp ? { processing_finished_on: now } : {}),
    ...(stuck ? { last_stuck_status: row.status, last_stuck_status_modified_on: now } : {}),
  });
  await recordStatusChange(
    queue.tasksOf(row.tenant_id),
    SCHEDULER_ACTOR,
    row.id,
    row.status,
    status,
    reason,
    giveUp ? TASK_EVENT.StatusChanged : TASK_EVENT.ProcessingRestarted,
  );
  return [];
}

/** Claims whose lease ran out: their worker died or hangs without heartbeats. */
export function requeueExpiredLeases(deps: SchedulerDeps, now: Date): Promise<string[]> {
  return eachLocked(
    deps,
    (queue) => queue.lockExpiredLease(now, inProgressStatuses(deps.stages)),
    (queue, row) => requeueOrFail(queue, deps.stages, row, `Worker ${row.claimed_by} stopped responding`, now, false),
  );
}

/** Tasks in progress for longer than their workspace's hoursUntilTasksConsideredStuck. */
export function requeueStuckTasks(deps: SchedulerDeps, now: Date): Promise<string[]> {
  return eachLocked(
    deps,
    (queue) => queue.lockStuck(now, inProgressStatuses(deps.stages), STUCK_HOURS),
    (queue, row) =>
      requeueOrFail(
        queue,
        deps.stages,
        row,
        `Stuck in ${taskStatusText(row.status)} for more than ${Number(row.limit_value)} h`,
        now,
        true,
      ),
  );
}

/** Deleting (19) → the task's files and results removed → Deleted (20). */
export function removeDeletingTasks(deps: SchedulerDeps, now: Date): Promise<string[]> {
  return eachLocked(
    deps,
    (queue) => queue.lockInStatus(S.Deleting),
    async (queue, row) => {
      const files = await queue.detachFiles(row, { dropResults: true });
      await queue.markDeleted(row.id, S.Deleted, now);
      await recordStatusChange(
        queue.tasksOf(row.tenant_id),
        SCHEDULER_ACTOR,
        row.id,
        S.Deleting,
        S.Deleted,
        `Files removed (${files.blobCount} stored file(s))`,
        TASK_EVENT.Deleted,
      );
      return files.keys;
    },
  );
}

/** Processed (100) longer than daysUntilHistoryRemoval → files removed → ProcessedAfterPeriodAndDeletedFiles (110). */
export function removeExpiredHistory(deps: SchedulerDeps, now: Date): Promise<string[]> {
  return eachLocked(
    deps,
    (queue) => queue.lockInStatusLongerThan(now, S.Processed, HISTORY_DAYS),
    async (queue, row) => {
      const files = await queue.detachFiles(row, { dropResults: false });
      await queue.update(row.id, {
        status: S.ProcessedAfterPeriodAndDeletedFiles,
        status_changed_on: now,
        modified_on: now,
      });
      await recordStatusChange(
        queue.tasksOf(row.tenant_id),
        SCHEDULER_ACTOR,
        row.id,
        S.Processed,
        S.ProcessedAfterPeriodAndDeletedFiles,
        `Files removed after ${Number(row.limit_value)} days in the history (${files.blobCount} stored file(s))`,
      );
      return files.keys;
    },
  );
}

/** One pass of every rule; a rule that fails is logged and the others still run. */
export async function runScheduledWork(deps: SchedulerDeps, now = new Date()) {
  const log = deps.log ?? (() => undefined);
  const result: Record<string, string[]> = {};
  const rules = {
    expiredLeases: requeueExpiredLeases,
    stuck: requeueStuckTasks,
    deleting: removeDeletingTasks,
    history: removeExpiredHistory,
    mailExpiry: (d: SchedulerDeps, at: Date) => removeExpiredMail(d.db, d.storage, at, d.batchSize),
    exportLinks: (d: SchedulerDeps, at: Date) => removeExpiredExportLinks(d.db, d.storage, at, d.batchSize),
    segmentShares: (d: SchedulerDeps, at: Date) =>
      expireSegmentShares(d.db, d.storage, at, { limit: d.batchSize ?? 100 }),
    indexed: (d: SchedulerDeps) => indexWaitingTasks(d.db, d.batchSize ?? 100),
  };
  for (const [name, rule] of Object.entries(rules)) {
    try {
      result[name] = await rule(deps, now);
    } catch (error) {
      log(`scheduler: ${name} failed`, error);
      result[name] = [];
    }
  }
  return result;
}

/** Runs the rules every `intervalMs` (first pass right away) until stopped. */
export function startScheduler(deps: SchedulerDeps & { intervalMs: number }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = runScheduledWork(deps).finally(() => {
      if (!stopped) timer = setTimeout(tick, deps.intervalMs);
    });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
}
