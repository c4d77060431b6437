// The seam between the worker runtime (claiming, leases, transitions, events, retries) and the
// processing stages (what happens to a task's bytes). The task status is the queue: each stage
// takes tasks in its `queued` status; the runtime claims one with `FOR UPDATE SKIP LOCKED`, moves
// it to `inProgress`, runs the stage, then records `succeeded` and the stage's `next` status —
// or the failure status the stage names — each with an event a person can read.

import type { Updateable } from 'kysely';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { TaskRow, TasksTable } from '../../db/schema.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import type { PageThreads } from '../threads/page-threads.js';

export interface StageContext {
  db: Db;
  storage: BlobStorage;
  config: ServerConfig;
  /** The claimed task as it was when claimed (status = the stage's inProgress). */
  task: TaskRow;
  /** Id of the worker holding the claim (`tasks.claimed_by`). */
  workerId: string;
  /** Aborted when the worker shuts down or loses the claim; long steps should stop early. */
  signal: AbortSignal;
  /**
   * The process's threads for the CPU-bound page work and the engines' child processes, so the
   * worker's own thread only orchestrates (shared by the workers of the process). `size` is this
   * worker's share of them while others are busy too (thread-share.ts): split a document's work by it.
   */
  threads: PageThreads;
  /** Renews the claim's lease; call it between pages or chunks of long work. */
  heartbeat(): Promise<void>;
  /** A progress note, written as an event of the task (e.g. "Recognised page 3 of 12"). */
  note(description: string, payload?: Record<string, unknown>): Promise<void>;
}

export interface StageOutcome {
  /** The status the task moves to after the stage's `succeeded` status (e.g. 40 after pre-processing). */
  next: number;
  /** Why, in a sentence ("12 pages, text layer found; queued for recognition"). */
  reason: string;
  payload?: Record<string, unknown>;
  /**
   * Columns of the task the stage's result sets (e.g. its average confidence), written by the
   * statement that moves the task on, so the result and the status commit together.
   */
  result?: TaskResultColumns;
  /**
   * Notes the stage's last step has to say (e.g. what the search index took), written as
   * ProcessingNote events before the status change, in its statement: a note at the very end need
   * not cost a statement of its own.
   */
  notes?: StageNote[];
}

/** A progress note: its sentence and the data behind it (StageContext.note). */
export interface StageNote {
  description: string;
  payload?: Record<string, unknown>;
}

/** The task columns a stage's outcome may set; the status and the claim are the runtime's. */
export type TaskResultColumns = Omit<
  Updateable<TasksTable>,
  'id' | 'tenant_id' | 'status' | 'claimed_by' | 'lease_until' | 'status_changed_on' | 'last_error'
>;

/** A task-level failure: the task moves to `status` (a failure code of product-spec §4) with `reason`. */
export class TaskFailure extends Error {
  constructor(
    readonly status: number,
    reason: string,
    readonly payload: Record<string, unknown> = {},
  ) {
    super(reason);
    this.name = 'TaskFailure';
  }
}

export interface Stage {
  name: string;
  /** Status a task waits in for this stage (30, 40, 50, 90). */
  queued: number;
  /** Status while a worker runs the stage (31, 41, 51, 91). */
  inProgress: number;
  /** Status recorded when the stage succeeded (34, 43, 53, 93). */
  succeeded: number;
  /** Status for an unexpected error (32, 42, 52, 92); a TaskFailure names its own. */
  failed: number;
  run(context: StageContext): Promise<StageOutcome>;
}
