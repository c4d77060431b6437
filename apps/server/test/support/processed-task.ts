// Processes one imported task now, in the test's process: every stage of src/pipeline/stages in
// order, called directly with a StageContext (no worker loop, no polling), until the task leaves
// the queued statuses (ToReview, a failure, SplitProcessed, Processed …). The claim columns, the
// status changes and their events are written as the worker runtime writes them, so what a test
// reads afterwards through the API is what a real worker would have left.
import { TasksRepository } from '../../src/db/repositories/tasks.js';
import type { TaskRow } from '../../src/db/schema.js';
import { type Actor, recordEvent, recordStatusChange, type TaskEventType } from '../../src/domain/tasks/events.js';
import { stages } from '../../src/pipeline/stages/index.js';
import { type Stage, type StageContext, TaskFailure, type TaskResultColumns } from '../../src/pipeline/worker/stage.js';
import { blobStorageFor } from '../../src/storage/blob-storage.js';
import type { TestServer } from './harness.js';
import { testPageThreads } from './page-threads.js';

const WORKER_ID = 'test-direct';
const LEASE_MS = 5 * 60_000;
const actor: Actor = { userId: null, clientId: null, label: `worker ${WORKER_ID}` };

// The threads load pdf.js and the detectors while the test file's server starts, not in its first test.
testPageThreads();

export interface ProcessOptions {
  /** Stop after this many stages (e.g. 1 to run pre-processing only). */
  maxStages?: number;
}

/** Runs the task through the stages until it rests; returns the final row. */
export async function processTaskNow(
  server: TestServer,
  taskId: string,
  options: ProcessOptions = {},
): Promise<TaskRow> {
  const db = server.server.database.db;
  const storage = blobStorageFor(server.config);
  let ran = 0;
  for (;;) {
    const task = await db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
    const stage = stages.find((s) => s.queued === task.status);
    if (!stage || ran >= (options.maxStages ?? Number.POSITIVE_INFINITY)) return task;
    await runOne(server, stage, task, storage);
    ran++;
  }
}

async function runOne(server: TestServer, stage: Stage, queued: TaskRow, storage: ReturnType<typeof blobStorageFor>) {
  const db = server.server.database.db;
  const repo = new TasksRepository(db, queued.tenant_id);
  const now = () => new Date();
  // The claim, as the runtime's claimNext stamps it.
  const task = await db
    .updateTable('tasks')
    .set((eb) => ({
      status: stage.inProgress,
      claimed_by: WORKER_ID,
      lease_until: new Date(Date.now() + LEASE_MS),
      status_changed_on: now(),
      processing_started_on: eb.fn.coalesce('processing_started_on', eb.val(now())),
      modified_on: now(),
    }))
    .where('id', '=', queued.id)
    .where('status', '=', stage.queued)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordStatusChange(repo, actor, task.id, stage.queued, stage.inProgress, `${stage.name} started`);

  const context: StageContext = {
    db,
    storage,
    config: server.config,
    threads: testPageThreads(),
    task,
    workerId: WORKER_ID,
    signal: new AbortController().signal,
    heartbeat: async () => {
      await db
        .updateTable('tasks')
        .set({ lease_until: new Date(Date.now() + LEASE_MS) })
        .where('id', '=', task.id)
        .where('claimed_by', '=', WORKER_ID)
        .execute();
    },
    note: (description, payload = {}) =>
      recordEvent(repo, actor, task.id, 'ProcessingNote' as TaskEventType, description, {
        ...payload,
        stage: stage.name,
      }),
  };

  let next: number;
  let reason: string;
  let lastError: string | null = null;
  try {
    const outcome = await stage.run(context);
    for (const note of outcome.notes ?? []) await context.note(note.description, note.payload);
    await recordStatusChange(
      repo,
      actor,
      task.id,
      stage.inProgress,
      stage.succeeded,
      `${stage.name} finished: ${outcome.reason}`,
    );
    next = outcome.next;
    reason = `Next step after ${stage.name}`;
    await leave(stage.succeeded, next, reason, null, outcome.result);
  } catch (error) {
    next = error instanceof TaskFailure ? error.status : stage.failed;
    reason = error instanceof Error ? error.message : String(error);
    if (!(error instanceof TaskFailure)) reason = `${stage.name} failed: ${reason}`;
    lastError = reason;
    await leave(stage.inProgress, next, reason, lastError);
  }

  async function leave(from: number, to: number, why: string, error: string | null, result?: TaskResultColumns) {
    await db
      .updateTable('tasks')
      .set({
        ...result,
        status: to,
        claimed_by: null,
        lease_until: null,
        last_error: error,
        status_changed_on: now(),
        modified_on: now(),
        ...(stages.some((s) => s.queued === to) ? {} : { processing_finished_on: now() }),
      })
      .where('id', '=', task.id)
      .execute();
    await recordStatusChange(repo, actor, task.id, from, to, why);
  }
}
