// The worker runtime on both databases: claiming (exactly once, in priority order), stage outcomes
// and failures, leases and heartbeats, graceful stop. Stages here are small test stages; the real
// ones have their own tests.
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { QueueRedirectsScope } from '../src/db/repositories/queue-redirects.js';
import { TASK_STATUS as S } from '../src/domain/tasks/flags.js';
import { type Claim, claimNext } from '../src/pipeline/worker/claim.js';
import { type RunResult, runStage } from '../src/pipeline/worker/run-stage.js';
import { requeueExpiredLeases } from '../src/pipeline/worker/scheduler.js';
import { type Stage, type StageContext, type StageOutcome, TaskFailure } from '../src/pipeline/worker/stage.js';
import { finishStage, finishStageTakingNext } from '../src/pipeline/worker/transitions.js';
import { startWorkers } from '../src/pipeline/worker/workers.js';
import { blobStorageFor } from '../src/storage/blob-storage.js';
import { ACME_ID, databaseKinds, useTestServer } from './support/harness.js';
import { INVOICES, insertTasks } from './support/list-fixtures.js';
import { testPageThreads } from './support/page-threads.js';

/** A pre-processing stage whose work is `work`. */
function stage(work: (context: StageContext) => Promise<StageOutcome>, name = 'pre-processing'): Stage {
  return {
    name,
    queued: S.QueuedForPreProcessing,
    inProgress: S.PreProcessingInProgress,
    succeeded: S.PreProcessingSuccessful,
    failed: S.PreProcessingFailed,
    run: work,
  };
}

/** A recognition stage whose work is `work`. */
function recognition(work: (context: StageContext) => Promise<StageOutcome>): Stage {
  return {
    name: 'recognition',
    queued: S.QueuedForRecognizing,
    inProgress: S.RecognizingInProgress,
    succeeded: S.RecognizingSuccessful,
    failed: S.RecognizingFailed,
    run: work,
  };
}

const toRecognition = (reason = 'text layer found'): StageOutcome => ({ next: S.QueuedForRecognizing, reason });

const toReview = (reason = 'done'): StageOutcome => ({ next: S.ToReview, reason });

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const statuses = (db: Db, ids: string[]) =>
  db
    .selectFrom('tasks')
    .select(['id', 'status', 'restart_count', 'claimed_by', 'lease_until', 'last_error'])
    .where('id', 'in', ids)
    .execute();

/**
 * The task is back in `queued`, unclaimed and with no restart counted, and its last event says a
 * stopping worker released it (`event`).
 */
async function expectReleasedByStop(db: Db, id: string, queued: number, event: RegExp): Promise<void> {
  const [row] = await statuses(db, [id]);
  expect(row).toMatchObject({
    status: queued,
    restart_count: 0,
    claimed_by: null,
    lease_until: null,
  });
  expect((await eventsOf(db, id)).at(-1)?.description).toMatch(event);
}

const eventsOf = (db: Db, id: string) =>
  db.selectFrom('task_events').selectAll().where('task_id', '=', id).orderBy('id').execute();

describe.each(databaseKinds())('worker runtime on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  const db = () => t.server.database.db;
  const deps = () => ({ db: db(), storage: blobStorageFor(t.config), config: t.config, threads: testPageThreads() });
  const queued = (n: number, extra: Parameters<typeof insertTasks>[1][number] = {}) =>
    insertTasks(
      db(),
      Array.from({ length: n }, () => ({ status: S.QueuedForPreProcessing, ...extra })),
    );

  it('claims the highest priority first, then the oldest, and writes the claim', async () => {
    const [oldLow, newHigh, oldest, noPriority] = await queued(4);
    // created_on is written once by the schema's types; the test moves it with plain SQL.
    const set = (id: string | undefined, priority: number | null, minute: number) =>
      sql`update tasks set priority = ${priority}, created_on = ${new Date(Date.UTC(2026, 0, 1, 0, minute))}
        where id = ${id as string}`.execute(db());
    await set(oldLow, 1, 1);
    await set(newHigh, 5, 9);
    await set(oldest, 1, 0);
    await set(noPriority, null, 0);
    const stages = [stage(async () => toReview())];
    const order: string[] = [];
    for (let i = 0; i < 4; i++) order.push(((await claimNext(db(), 'w-order', stages, 60_000)) as Claim).task.id);
    expect(order).toEqual([newHigh, oldest, oldLow, noPriority]);
    expect(await claimNext(db(), 'w-order', stages, 60_000)).toBeNull();
    const [row] = await statuses(db(), [newHigh as string]);
    expect(row).toMatchObject({ status: S.PreProcessingInProgress, claimed_by: 'w-order' });
    expect(new Date(row?.lease_until as Date).getTime()).toBeGreaterThan(Date.now() + 50_000);
    const events = await eventsOf(db(), newHigh as string);
    expect(events.at(-1)?.description).toBe(
      'Pre-processing started: status changed from QueuedForPreProcessing (30) to PreProcessingInProgress (31) by worker w-order.',
    );
  });

  it('concurrent claimers never take the same task', async () => {
    const ids = await queued(12);
    const stages = [stage(async () => toReview())];
    const claims = await Promise.all(
      Array.from({ length: 30 }, (_, i) => claimNext(db(), `w-race-${i % 3}`, stages, 60_000)),
    );
    const taken = claims.filter((c) => c !== null).map((c) => c.task.id);
    expect(taken.sort()).toEqual([...ids].sort());
  });

  it('two workers process N tasks, each exactly once', async () => {
    const ids = await queued(16);
    const runs = new Map<string, number>();
    const byWorker = new Map<string, number>();
    const workers = startWorkers({
      ...deps(),
      count: 2,
      scheduler: false,
      idleMs: { min: 5, max: 20 },
      stages: [
        stage(async (context) => {
          runs.set(context.task.id, (runs.get(context.task.id) ?? 0) + 1);
          byWorker.set(context.workerId, (byWorker.get(context.workerId) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 15));
          return toReview('16 pages; ready for review');
        }),
      ],
    });
    try {
      await waitFor(
        () => statuses(db(), ids),
        (rows) => rows.every((r) => r.status === S.ToReview),
      );
    } finally {
      await workers.stop();
    }
    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    // Both workers took part (each sleeps in its stage, leaving the queue to the other).
    expect(byWorker.size).toBe(2);
    const rows = await statuses(db(), ids);
    expect(rows.every((r) => r.claimed_by === null && r.lease_until === null)).toBe(true);
    const events = await eventsOf(db(), ids[0] as string);
    expect(events.map((e) => JSON.parse(JSON.stringify(e.payload)).to)).toEqual([31, 34, 60]);
    expect(events[1]?.description).toMatch(
      /^Pre-processing finished: 16 pages; ready for review: status changed from PreProcessingInProgress \(31\) to PreProcessingSuccessful \(34\) by worker /,
    );
    expect(events[2]?.description).toMatch(/^Processing finished: status changed from PreProcessingSuccessful/);
  });

  it('a stage sees its share of the page threads: the whole pool alone, half while the other worker runs one too', async () => {
    expect(testPageThreads().size).toBe(2);
    const sizes: number[] = [];
    // Both workers meet inside their stage, read their share, and leave only once both have read it.
    let inside = 0;
    let read = 0;
    const [alone] = await queued(1);
    const workers = startWorkers({
      ...deps(),
      count: 2,
      scheduler: false,
      idleMs: { min: 5, max: 20 },
      stages: [
        stage(async (context) => {
          if (context.task.id === alone) {
            sizes.push(context.threads.size);
            return toReview();
          }
          inside++;
          await waitFor(
            async () => inside,
            (n) => n === 2,
          );
          sizes.push(context.threads.size);
          read++;
          await waitFor(
            async () => read,
            (n) => n === 2,
          );
          return toReview();
        }),
      ],
    });
    try {
      await waitFor(
        () => statuses(db(), [alone as string]),
        (rows) => rows.every((r) => r.status === S.ToReview),
      );
      const pair = await queued(2);
      await waitFor(
        () => statuses(db(), pair),
        (rows) => rows.every((r) => r.status === S.ToReview),
      );
    } finally {
      await workers.stop();
    }
    expect(sizes).toEqual([2, 1, 1]);
  });

  it('a TaskFailure ends in its status, any other error in the failed status; the worker goes on', async () => {
    const [licence, broken, fine, badOutcome] = await queued(4);
    const logged: string[] = [];
    const workers = startWorkers({
      ...deps(),
      count: 1,
      scheduler: false,
      idleMs: { min: 5, max: 20 },
      log: (m) => logged.push(m),
      stages: [
        stage(async ({ task, note }) => {
          await note('Looked at the file', { bytes: 1 });
          if (task.id === licence)
            throw new TaskFailure(S.PreProcessingInsufficientVolume, 'The licence has no volume left.');
          if (task.id === broken) throw new TypeError('Cannot read the page count');
          if (task.id === badOutcome) return { next: 12345, reason: 'nonsense' };
          return toReview();
        }),
      ],
    });
    const ids = [licence, broken, fine, badOutcome] as string[];
    try {
      await waitFor(
        () => statuses(db(), ids),
        (rows) => rows.every((r) => r.status !== S.QueuedForPreProcessing && r.status !== S.PreProcessingInProgress),
      );
    } finally {
      await workers.stop();
    }
    const byId = new Map((await statuses(db(), ids)).map((r) => [r.id, r]));
    expect(byId.get(licence as string)).toMatchObject({
      status: S.PreProcessingInsufficientVolume,
      last_error: 'The licence has no volume left.',
      claimed_by: null,
    });
    expect(byId.get(broken as string)).toMatchObject({
      status: S.PreProcessingFailed,
      last_error: 'Pre-processing failed: Cannot read the page count',
    });
    expect(byId.get(fine as string)?.status).toBe(S.ToReview);
    expect(byId.get(badOutcome as string)).toMatchObject({
      status: S.PreProcessingFailed,
      last_error: 'Pre-processing failed: the step answered no valid next status.',
    });
    const events = await eventsOf(db(), broken as string);
    expect(events.map((e) => e.event_type)).toEqual(['StatusChanged', 'ProcessingNote', 'StatusChanged']);
    expect(events[1]?.description).toBe('Looked at the file');
    expect(events.at(-1)?.description).toContain('Pre-processing failed: Cannot read the page count: status changed');
    expect(events.every((e) => !e.description.includes('    at '))).toBe(true);
    expect(logged.some((m) => m.includes(broken as string))).toBe(true);
  });

  it("an outcome's result columns and closing notes are written with its status change, in order", async () => {
    const [id] = await queued(1);
    const claim = (await claimNext(db(), 'w-notes', [stage(async () => toReview())], 60_000)) as Claim;
    const written = await finishStage(db(), claim, 'w-notes', {
      ...toReview('1 page; ready for review'),
      result: { average_confidence: 0.875 },
      notes: [
        { description: 'Indexed 1 page', payload: { entries: 2 } },
        { description: 'Second note', payload: {} },
      ],
    });
    expect(written).toBe(true);
    const row = await db()
      .selectFrom('tasks')
      .select(['status', 'average_confidence', 'claimed_by', 'processing_finished_on'])
      .where('id', '=', id as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: S.ToReview, claimed_by: null });
    expect(Number(row.average_confidence)).toBe(0.875);
    expect(row.processing_finished_on).not.toBeNull();
    const events = await eventsOf(db(), id as string);
    expect(events.map((e) => [e.event_type, e.description.split(':')[0]])).toEqual([
      ['StatusChanged', 'Pre-processing started'],
      ['ProcessingNote', 'Indexed 1 page'],
      ['ProcessingNote', 'Second note'],
      ['StatusChanged', 'Pre-processing finished'],
      ['StatusChanged', 'Processing finished'],
    ]);
    expect(JSON.parse(JSON.stringify(events[1]?.payload))).toEqual({ entries: 2, stage: 'pre-processing' });
    expect(events.every((e) => e.event_source === 'Processing')).toBe(true);
    // A second leave of the same claim finds it gone and writes nothing, notes included.
    expect(await finishStage(db(), claim, 'w-notes', { ...toReview(), notes: [{ description: 'late' }] })).toBe(false);
    expect(await eventsOf(db(), id as string)).toHaveLength(5);
  });

  it('a success takes the next stage in the same statement, with the events and stamps of a leave and a claim', async () => {
    const [id] = await queued(1);
    const seen: { status: number; claimedBy: string | null; lease: number }[] = [];
    const record = async (context: StageContext) => {
      seen.push({
        status: context.task.status,
        claimedBy: context.task.claimed_by,
        lease: new Date(context.task.lease_until as Date).getTime(),
      });
    };
    const stages = [
      stage(async (context) => {
        await record(context);
        return { ...toRecognition(), notes: [{ description: 'Kept 1 page' }] };
      }),
      recognition(async (context) => {
        await record(context);
        return toReview('recognised');
      }),
    ];
    const results: RunResult[] = [];
    const workers = startWorkers({
      ...deps(),
      count: 1,
      scheduler: false,
      idleMs: { min: 5, max: 20 },
      stages,
      onResult: (result) => results.push(result),
    });
    try {
      await waitFor(
        () => statuses(db(), [id as string]),
        (rows) => rows[0]?.status === S.ToReview,
      );
    } finally {
      await workers.stop();
    }
    // Pre-processing's success claimed recognition (its result says so); recognition's ended processing.
    expect(results.map((r) => r.kind === 'succeeded' && r.claimed?.stage.name)).toEqual(['recognition', undefined]);
    expect(seen.map((s) => [s.status, s.claimedBy !== null])).toEqual([
      [S.PreProcessingInProgress, true],
      [S.RecognizingInProgress, true],
    ]);
    expect(seen[1]?.claimedBy).toBe(seen[0]?.claimedBy);
    expect(seen[1]?.lease).toBeGreaterThan(Date.now() + 30_000);
    const events = await eventsOf(db(), id as string);
    expect(events.map((e) => [e.event_type, JSON.parse(JSON.stringify(e.payload)).to ?? null])).toEqual([
      ['StatusChanged', S.PreProcessingInProgress],
      ['ProcessingNote', null],
      ['StatusChanged', S.PreProcessingSuccessful],
      ['StatusChanged', S.QueuedForRecognizing],
      ['StatusChanged', S.RecognizingInProgress],
      ['StatusChanged', S.RecognizingSuccessful],
      ['StatusChanged', S.ToReview],
    ]);
    expect(events[4]?.description).toMatch(
      /^Recognition started: status changed from QueuedForRecognizing \(40\) to RecognizingInProgress \(41\) by worker /,
    );
    const [row] = await statuses(db(), [id as string]);
    expect(row).toMatchObject({ claimed_by: null, lease_until: null, last_error: null, restart_count: 0 });
  });

  it('a success leaves the task in the next queue when another task comes first by priority or age', async () => {
    const [held, older, newer] = await queued(3);
    const stages = [stage(async () => toRecognition()), recognition(async () => toReview())];
    const setTask = (
      taskId: string | undefined,
      values: { priority?: number | null; minute: number; status?: number },
    ) =>
      sql`update tasks set priority = ${values.priority ?? null}, created_on = ${new Date(Date.UTC(2026, 0, 1, 0, values.minute))},
        status = ${values.status ?? S.QueuedForPreProcessing} where id = ${taskId as string}`.execute(db());
    await setTask(held, { minute: 5 });
    await setTask(older, { minute: 9 });
    await setTask(newer, { minute: 9 });
    const take = { stages, queues: ['default'], leaseMs: 60_000 };
    const claimHeld = async () => {
      const claim = (await claimNext(db(), 'w-next', stages, 60_000)) as Claim;
      expect(claim.task.id).toBe(held);
      return claim;
    };

    // Nothing comes before it: the same statement claims recognition.
    let claim = await claimHeld();
    const taken = await finishStageTakingNext(db(), claim, 'w-next', toRecognition(), take);
    expect(taken && taken.claimed?.task).toMatchObject({
      id: held,
      status: S.RecognizingInProgress,
      claimed_by: 'w-next',
    });
    expect(taken && taken.claimed?.stage.name).toBe('recognition');

    // An older task waiting for pre-processing comes first: the held task waits in recognition's queue.
    await setTask(held, { minute: 5 });
    claim = await claimHeld();
    await setTask(older, { minute: 1 });
    expect(await finishStageTakingNext(db(), claim, 'w-next', toRecognition(), take)).toEqual({ claimed: null });
    expect((await statuses(db(), [held as string]))[0]).toMatchObject({
      status: S.QueuedForRecognizing,
      claimed_by: null,
      lease_until: null,
    });
    expect((await eventsOf(db(), held as string)).at(-1)?.description).toMatch(/^Next step after pre-processing/);
    expect(((await claimNext(db(), 'w-next', stages, 60_000)) as Claim).task.id).toBe(older);

    // A newer task of a higher priority comes first too.
    await setTask(older, { minute: 1, status: S.ToReview });
    await setTask(held, { minute: 5 });
    claim = await claimHeld();
    await setTask(newer, { priority: 3, minute: 9 });
    expect(await finishStageTakingNext(db(), claim, 'w-next', toRecognition(), take)).toEqual({ claimed: null });
    expect(((await claimNext(db(), 'w-next', stages, 60_000)) as Claim).task.id).toBe(newer);

    // A next status no stage of the worker takes is a plain leave.
    await setTask(held, { minute: 5, status: S.QueuedForPreProcessing });
    claim = await claimHeld();
    const preOnly = { ...take, stages: [stages[0] as Stage] };
    expect(await finishStageTakingNext(db(), claim, 'w-next', toRecognition(), preOnly)).toEqual({ claimed: null });
    expect((await statuses(db(), [held as string]))[0]?.status).toBe(S.QueuedForRecognizing);
  });

  it("a success takes the next stage only when the worker reads that stage's queue", async () => {
    const [id] = await queued(1);
    await new QueueRedirectsScope(db(), ACME_ID).put({
      workspaceId: INVOICES,
      pipelineId: '00000000-0000-4000-8000-000000000001',
      stepId: 'recognition',
      queuedStatus: S.QueuedForRecognizing,
      queueName: 'gpu',
      userId: '00000000-0000-4000-8000-000000000002',
    });
    const stages = [stage(async () => toRecognition()), recognition(async () => toReview())];
    const finish = async (queues: string[]) => {
      await sql`update tasks set status = ${S.QueuedForPreProcessing} where id = ${id as string}`.execute(db());
      const claim = (await claimNext(db(), 'w-queues', stages, 60_000, undefined, queues)) as Claim;
      return finishStageTakingNext(db(), claim, 'w-queues', toRecognition(), { stages, queues, leaseMs: 60_000 });
    };
    // Redirected to "gpu": a worker of the default queue only leaves it there.
    expect(await finish(['default'])).toEqual({ claimed: null });
    expect((await statuses(db(), [id as string]))[0]).toMatchObject({
      status: S.QueuedForRecognizing,
      claimed_by: null,
    });
    // A worker reading both takes it on.
    const both = await finish(['default', 'gpu']);
    expect(both && both.claimed?.task.status).toBe(S.RecognizingInProgress);
  });

  it('a worker stopped between taking the next stage and running it releases that stage', async () => {
    const [id] = await queued(1);
    let recognised = false;
    let stopping: Promise<void> | undefined;
    const workers = startWorkers({
      ...deps(),
      count: 1,
      scheduler: false,
      idleMs: { min: 5, max: 20 },
      stages: [
        stage(async () => toRecognition()),
        recognition(async () => {
          recognised = true;
          return toReview();
        }),
      ],
      onResult: (result) => {
        if (result.kind === 'succeeded' && result.claimed) stopping = workers.stop();
      },
    });
    // (a flag, not the promise itself: an async reader would resolve to what the promise resolves to)
    await waitFor(
      async () => stopping !== undefined,
      (stopped) => stopped,
    );
    await stopping;
    expect(recognised).toBe(false);
    await expectReleasedByStop(
      db(),
      id as string,
      S.QueuedForRecognizing,
      /^Worker .+ is stopping; recognition released to run again \(not counted as a restart\): status changed from RecognizingInProgress \(41\) to QueuedForRecognizing \(40\)/,
    );
  });

  it('a worker that lost its claim stops and cannot overwrite the task', async () => {
    const [id] = await queued(1);
    let seenAbort = false;
    let started!: () => void;
    const running = new Promise<void>((r) => {
      started = r;
    });
    const slow = stage(async (context) => {
      started();
      // Heartbeats keep the claim until the scheduler takes the task away.
      for (;;) {
        await new Promise((r) => setTimeout(r, 20));
        try {
          await context.heartbeat();
        } catch (error) {
          seenAbort = context.signal.aborted;
          throw error;
        }
      }
    });
    const claim = (await claimNext(db(), 'w-stale', [slow], 60_000)) as Claim;
    const result = runStage(claim, {
      ...deps(),
      workerId: 'w-stale',
      leaseMs: 60_000,
      shutdown: new AbortController().signal,
    });
    await running;
    // The scheduler sees the lease as expired (its clock is 2 minutes ahead) and requeues the task.
    expect(
      await requeueExpiredLeases(
        { db: db(), storage: blobStorageFor(t.config), stages: [slow] },
        new Date(Date.now() + 120_000),
      ),
    ).toEqual([id]);
    expect(await result).toEqual({ kind: 'lost' });
    expect(seenAbort).toBe(true);
    const [row] = await statuses(db(), [id as string]);
    expect(row).toMatchObject({ status: S.QueuedForPreProcessing, restart_count: 1, claimed_by: null });
    // A late success of the stale worker changes nothing.
    const eventsBefore = (await eventsOf(db(), id as string)).length;
    expect(await finishStage(db(), claim, 'w-stale', toReview())).toBe(false);
    const take = { stages: [slow, recognition(async () => toReview())], queues: ['default'], leaseMs: 60_000 };
    expect(await finishStageTakingNext(db(), claim, 'w-stale', toRecognition(), take)).toBe(false);
    expect((await statuses(db(), [id as string]))[0]?.status).toBe(S.QueuedForPreProcessing);
    expect(await eventsOf(db(), id as string)).toHaveLength(eventsBefore);
  });

  it('stopping releases a task whose stage stops on the signal, without counting a restart', async () => {
    const [id] = await queued(1);
    const workers = startWorkers({
      ...deps(),
      count: 1,
      scheduler: false,
      idleMs: { min: 5, max: 20 },
      stages: [
        stage(
          (context) =>
            new Promise((_, reject) => {
              context.signal.addEventListener('abort', () => reject(context.signal.reason));
            }),
        ),
      ],
    });
    await waitFor(
      () => statuses(db(), [id as string]),
      (rows) => rows[0]?.status === S.PreProcessingInProgress,
    );
    await workers.stop();
    await expectReleasedByStop(
      db(),
      id as string,
      S.QueuedForPreProcessing,
      /^Worker .+ is stopping; pre-processing released to run again \(not counted as a restart\): status changed from PreProcessingInProgress \(31\) to QueuedForPreProcessing \(30\)/,
    );
  });

  it('stopping lets a stage finish within the grace period, and releases one that ignores it', async () => {
    const [finishing, ignoring] = await queued(2);
    // A stage that ignores the signal but finishes in time: the task completes.
    const unhurried = stage(async () => {
      await new Promise((r) => setTimeout(r, 300));
      return toReview();
    });
    let workers = startWorkers({
      ...deps(),
      count: 1,
      scheduler: false,
      idleMs: { min: 5, max: 20 },
      stages: [unhurried],
      graceMs: 5000,
    });
    await waitFor(
      () => statuses(db(), [finishing as string]),
      (r) => r[0]?.status === S.PreProcessingInProgress,
    );
    await workers.stop();
    expect((await statuses(db(), [finishing as string]))[0]?.status).toBe(S.ToReview);
    // One that takes longer than the grace period: released when it runs out.
    const never = stage(() => new Promise<StageOutcome>(() => undefined));
    workers = startWorkers({
      ...deps(),
      count: 1,
      scheduler: false,
      idleMs: { min: 5, max: 20 },
      stages: [never],
      graceMs: 100,
    });
    await waitFor(
      () => statuses(db(), [ignoring as string]),
      (r) => r[0]?.status === S.PreProcessingInProgress,
    );
    await workers.stop();
    expect((await statuses(db(), [ignoring as string]))[0]).toMatchObject({
      status: S.QueuedForPreProcessing,
      restart_count: 0,
    });
  });

  it('the stage reads the stored file through the context', async () => {
    const storage = blobStorageFor(t.config);
    const key = `ab/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
    await storage.append(key, Readable.from([Buffer.from('%PDF-1.7 hello')]));
    const [id] = await queued(1);
    let read = '';
    const claim = (await claimNext(db(), 'w-read', [stage(async () => toReview())], 60_000)) as Claim;
    const reading = stage(async (context) => {
      for await (const chunk of context.storage.read(key)) read += String(chunk);
      return toReview(`read ${read.length} bytes`);
    });
    expect(
      await runStage(
        { ...claim, stage: reading },
        { ...deps(), workerId: 'w-read', leaseMs: 60_000, shutdown: new AbortController().signal },
      ),
    ).toEqual({
      kind: 'succeeded',
      next: S.ToReview,
    });
    expect(read).toBe('%PDF-1.7 hello');
    expect((await statuses(db(), [id as string]))[0]?.status).toBe(S.ToReview);
  });
});
