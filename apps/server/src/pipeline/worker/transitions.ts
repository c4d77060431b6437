// The writes a worker makes on the task it holds. Every one is guarded by `claimed_by = me` and the
// stage's in-progress status: a worker that lost its claim (its lease ran out and the scheduler
// requeued the task, or another worker has it now) changes nothing and learns so from the answer.
import type { Db } from '../../db/database.js';
import { TaskQueue } from '../../db/repositories/task-queue.js';
import type { TaskEventValues } from '../../db/repositories/tasks.js';
import { type Actor, eventBy, statusChangeEvent, TASK_EVENT } from '../../domain/tasks/events.js';
import { TASK_STATUS as S, taskStatusText } from '../../domain/tasks/flags.js';
import { type Claim, claimStep, workerQueues } from './claim.js';
import type { Stage, StageNote, StageOutcome, TaskResultColumns } from './stage.js';
import { sentenceCase, workerActor } from './stage-statuses.js';

/** Statuses in which a task waits for the machine; any other next status means processing is over. */
const QUEUED: ReadonlySet<number> = new Set([
  S.QueuedForPreProcessing,
  S.QueuedForRecognizing,
  S.QueuedForPostProcessing,
  S.QueuedForExport,
]);

/** A status code product-spec §4 knows (a stage must not invent one). */
export const isKnownStatus = (status: unknown): status is number =>
  typeof status === 'number' && Number.isInteger(status) && taskStatusText(status) !== String(status);

/** Extends the lease; false when the worker no longer holds the task. */
export async function renewLease(db: Db, claim: Claim, workerId: string, leaseMs: number, now = new Date()) {
  return new TaskQueue(db).renewLease(
    claim.task.id,
    { workerId, inProgress: claim.stage.inProgress },
    new Date(now.getTime() + leaseMs),
  );
}

interface LeaveChanges {
  status: number;
  lastError: string | null;
  finished: boolean;
  now: Date;
  result?: TaskResultColumns;
}

/** The task columns a leave writes besides dropping the claim. */
function taskChanges(changes: LeaveChanges) {
  return {
    ...changes.result,
    status: changes.status,
    status_changed_on: changes.now,
    modified_on: changes.now,
    last_error: changes.lastError,
    ...(changes.finished ? { processing_finished_on: changes.now } : {}),
  };
}

/**
 * Moves the held task to `status` and drops the claim, with `events`, in one statement (so the
 * status, the stage's result columns and the events commit together); false (and nothing written)
 * when the worker no longer holds it.
 */
function leave(
  db: Db,
  claim: Claim,
  workerId: string,
  changes: LeaveChanges,
  events: readonly [...TaskEventValues[], TaskEventValues],
): Promise<boolean> {
  return new TaskQueue(db).leave(
    claim.task.id,
    { workerId, inProgress: claim.stage.inProgress },
    taskChanges(changes),
    events,
  );
}

/** A stage's progress note as its event (StageContext.note writes the same). */
export const processingNote = (actor: Actor, stageName: string, note: StageNote) =>
  eventBy(actor, TASK_EVENT.ProcessingNote, note.description, { ...note.payload, stage: stageName });

/** The task columns and events of a stage's success: inProgress → succeeded → next. */
function finishing(claim: Claim, workerId: string, outcome: StageOutcome, now: Date) {
  const { stage } = claim;
  const actor = workerActor(workerId);
  const finished = !QUEUED.has(outcome.next);
  const changes = {
    status: outcome.next,
    lastError: null,
    finished,
    now,
    ...(outcome.result ? { result: outcome.result } : {}),
  };
  const events: [...TaskEventValues[], TaskEventValues] = [
    ...(outcome.notes ?? []).map((note) => processingNote(actor, stage.name, note)),
    statusChangeEvent(
      actor,
      stage.inProgress,
      stage.succeeded,
      `${sentenceCase(stage.name)} finished: ${outcome.reason}`,
    ),
    statusChangeEvent(
      actor,
      stage.succeeded,
      outcome.next,
      finished ? 'Processing finished' : `Next step after ${stage.name}`,
    ),
  ];
  return { changes, events };
}

/**
 * inProgress → succeeded → next, with an event for each step after the outcome's notes; the
 * outcome's result columns with them.
 */
export function finishStage(db: Db, claim: Claim, workerId: string, outcome: StageOutcome, now = new Date()) {
  const { changes, events } = finishing(claim, workerId, outcome, now);
  return leave(db, claim, workerId, changes, events);
}

/** What the worker finishing a stage runs and reads, to take the task's next stage itself (finishStageTakingNext). */
export interface NextStageOptions {
  /** The stages the worker runs (what it claims). */
  stages: readonly Stage[];
  /** The queues it reads (WORKER_QUEUES). */
  queues: readonly string[];
  leaseMs: number;
}

/**
 * finishStage, and when `outcome.next` queues the task for a stage this worker runs and the task
 * is the one it would claim next anyway (TaskQueue.leaveForNextStep: no task it may take comes
 * first by priority and age, and it reads that stage's queue), the claim of that stage in the same
 * statement: the same statuses and events as a leave followed by claimNext — the task still passes
 * through the next stage's queued status in its events — and the same lease and claim stamps.
 * Between two stages of one task that is one round trip instead of two on the thread the
 * in-process workers share. Answers false (nothing written) when the worker no longer holds the
 * task; else the next stage's claim, or null when the task was only left in its queue (another
 * task comes first, the stage is not this worker's, or processing is over).
 */
export async function finishStageTakingNext(
  db: Db,
  claim: Claim,
  workerId: string,
  outcome: StageOutcome,
  options: NextStageOptions,
  now = new Date(),
): Promise<false | { claimed: Claim | null }> {
  const nextStage = options.stages.find((stage) => stage.queued === outcome.next);
  if (!nextStage) return (await finishStage(db, claim, workerId, outcome, now)) && { claimed: null };
  const { changes, events } = finishing(claim, workerId, outcome, now);
  const left = await new TaskQueue(db).leaveForNextStep(
    claim.task.id,
    { workerId, inProgress: claim.stage.inProgress },
    taskChanges(changes),
    events,
    {
      step: claimStep(nextStage, workerId),
      waiting: options.stages.map((stage) => stage.queued),
      queues: workerQueues(options.queues),
      leaseUntil: new Date(now.getTime() + options.leaseMs),
      at: now,
    },
  );
  if (!left.moved) return false;
  return { claimed: left.claimed ? { task: left.claimed, stage: nextStage } : null };
}

/** inProgress → a failure status, `reason` kept as the task's last error. */
export function failStage(db: Db, claim: Claim, workerId: string, status: number, reason: string, now = new Date()) {
  return leave(db, claim, workerId, { status, lastError: reason, finished: true, now }, [
    statusChangeEvent(workerActor(workerId), claim.stage.inProgress, status, reason),
  ]);
}

/** inProgress → back to the stage's queue when the worker stops; no restart is counted. */
export function releaseTask(db: Db, claim: Claim, workerId: string, now = new Date()) {
  const { stage } = claim;
  return leave(db, claim, workerId, { status: stage.queued, lastError: null, finished: false, now }, [
    statusChangeEvent(
      workerActor(workerId),
      stage.inProgress,
      stage.queued,
      `Worker ${workerId} is stopping; ${stage.name} released to run again (not counted as a restart)`,
      TASK_EVENT.StatusChanged,
    ),
  ]);
}
