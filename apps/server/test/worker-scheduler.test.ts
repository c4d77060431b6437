// The scheduler's rules on both databases, driven with a `now` of the test's choosing: dead workers
// (expired leases) and stuck tasks are requeued up to the workspace's maxRestartCount, deleted tasks
// and old history lose their files, and two schedulers running at once never act twice.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { TASK_STATUS as S } from '../src/domain/tasks/flags.js';
import { type Claim, claimNext } from '../src/pipeline/worker/claim.js';
import {
  removeDeletingTasks,
  removeExpiredHistory,
  requeueExpiredLeases,
  requeueStuckTasks,
  runScheduledWork,
} from '../src/pipeline/worker/scheduler.js';
import type { Stage } from '../src/pipeline/worker/stage.js';
import { type BlobStorage, blobStorageFor, newStorageKey } from '../src/storage/blob-storage.js';
import { ACME_ID, databaseKinds, useTestServer } from './support/harness.js';
import { INVOICES, insertTasks } from './support/list-fixtures.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const preProcessing: Stage = {
  name: 'pre-processing',
  queued: S.QueuedForPreProcessing,
  inProgress: S.PreProcessingInProgress,
  succeeded: S.PreProcessingSuccessful,
  failed: S.PreProcessingFailed,
  run: async () => ({ next: S.ToReview, reason: 'done' }),
};
const recognition: Stage = {
  name: 'recognition',
  queued: S.QueuedForRecognizing,
  inProgress: S.RecognizingInProgress,
  succeeded: S.RecognizingSuccessful,
  failed: S.RecognizingFailed,
  run: async () => ({ next: S.ToReview, reason: 'done' }),
};
const STAGES = [preProcessing, recognition];

const rowOf = (db: Db, id: string) => db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const eventsOf = (db: Db, id: string) =>
  db.selectFrom('task_events').selectAll().where('task_id', '=', id).orderBy('id').execute();

/** Stores `content` as a blob of the tenant; returns its id and key. */
async function storeBlob(db: Db, storage: BlobStorage, content: string) {
  const key = newStorageKey();
  await storage.append(key, Readable.from([Buffer.from(content)]));
  const id = randomUUID();
  await db
    .insertInto('blobs')
    .values({
      id,
      tenant_id: ACME_ID,
      storage_key: key,
      file_name: 'file.pdf',
      content_type: 'application/pdf',
      size: content.length,
      sha256: 'x',
      created_by: null,
    })
    .execute();
  return { id, key };
}

/** A task with an original file, one page image and a waveform: the three kinds of files a task has. */
async function taskWithFiles(db: Db, storage: BlobStorage, status: number) {
  const [id] = await insertTasks(db, [{ status }]);
  const original = await storeBlob(db, storage, 'original');
  const page = await storeBlob(db, storage, 'page image');
  const waveform = await storeBlob(db, storage, 'peaks');
  await db
    .updateTable('tasks')
    .set({ blob_id: original.id })
    .where('id', '=', id as string)
    .execute();
  await db
    .insertInto('task_pages')
    .values({
      tenant_id: ACME_ID,
      task_id: id as string,
      page_number: 1,
      width: 595,
      height: 842,
      unit: 'point',
      image_blob_id: page.id,
      document: JSON.stringify({ entities: [] }),
      ocr: null,
      modified_by: null,
    })
    .execute();
  await db
    .insertInto('task_media')
    .values({
      tenant_id: ACME_ID,
      task_id: id as string,
      duration_ms: 1000,
      info: JSON.stringify({}),
      waveform_blob_id: waveform.id,
      transcript: null,
      engine: null,
      modified_by: null,
    })
    .execute();
  return { id: id as string, blobs: [original, page, waveform] };
}

describe.each(databaseKinds())('scheduler on %s', (kind) => {
  const t = useTestServer(kind, { resetEachTest: true });
  const db = () => t.server.database.db;
  const storage = () => blobStorageFor(t.config);
  const deps = () => ({ db: db(), storage: storage(), stages: STAGES });
  const setConfig = async (values: Record<string, unknown>) => {
    const ws = await db()
      .selectFrom('workspaces')
      .select('configuration')
      .where('id', '=', INVOICES)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('workspaces')
      .set({ configuration: JSON.stringify({ ...ws.configuration, ...values }) })
      .where('id', '=', INVOICES)
      .execute();
  };
  /** Queues a task and lets a worker that then "dies" claim it with a 1 s lease. */
  const claimedByDeadWorker = async (restartCount = 0, status: number = S.QueuedForPreProcessing) => {
    const [id] = await insertTasks(db(), [{ status }]);
    await db()
      .updateTable('tasks')
      .set({ restart_count: restartCount })
      .where('id', '=', id as string)
      .execute();
    const claim = (await claimNext(db(), 'dead-1', STAGES, 1000)) as Claim;
    expect(claim.task.id).toBe(id);
    return id as string;
  };

  it('an expired lease requeues the task with one more restart and says so', async () => {
    const id = await claimedByDeadWorker();
    // Not yet: the lease still runs.
    expect(await requeueExpiredLeases(deps(), new Date())).toEqual([]);
    expect(await requeueExpiredLeases(deps(), new Date(Date.now() + 5000))).toEqual([id]);
    expect(await rowOf(db(), id)).toMatchObject({
      status: S.QueuedForPreProcessing,
      restart_count: 1,
      claimed_by: null,
      lease_until: null,
    });
    const last = (await eventsOf(db(), id)).at(-1);
    expect(last?.event_type).toBe('ProcessingRestarted');
    expect(last?.description).toBe(
      'Worker dead-1 stopped responding; requeued (restart 1 of 3): status changed from PreProcessingInProgress (31) to QueuedForPreProcessing (30) by the scheduler.',
    );
    // The task is claimable again.
    expect((await claimNext(db(), 'alive-1', STAGES, 60_000))?.task.id).toBe(id);
  });

  it('at the workspace maxRestartCount the task fails instead, in its stage failed status', async () => {
    await setConfig({ maxRestartCount: 1 });
    const id = await claimedByDeadWorker(1, S.QueuedForRecognizing);
    expect(await requeueExpiredLeases(deps(), new Date(Date.now() + 5000))).toEqual([id]);
    const row = await rowOf(db(), id);
    expect(row).toMatchObject({ status: S.RecognizingFailed, restart_count: 1, claimed_by: null });
    expect(row.last_error).toBe(
      'Worker dead-1 stopped responding; not requeued: the task was restarted 1 times, the most this workspace allows (maxRestartCount 1)',
    );
    expect((await eventsOf(db(), id)).at(-1)?.event_type).toBe('StatusChanged');
  });

  it('two schedulers at once requeue each dead claim exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await claimedByDeadWorker());
    const later = new Date(Date.now() + 5000);
    const [a, b] = await Promise.all([requeueExpiredLeases(deps(), later), requeueExpiredLeases(deps(), later)]);
    expect([...(a ?? []), ...(b ?? [])].sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect((await rowOf(db(), id)).restart_count).toBe(1);
      expect((await eventsOf(db(), id)).filter((e) => e.event_type === 'ProcessingRestarted')).toHaveLength(1);
    }
  });

  it('a task in progress longer than hoursUntilTasksConsideredStuck is requeued, with its stuck status', async () => {
    const [stuck, recent] = await insertTasks(db(), [
      { status: S.RecognizingInProgress },
      { status: S.PreProcessingSplittingInProgress },
    ]);
    const now = new Date();
    await db()
      .updateTable('tasks')
      .set({ status_changed_on: new Date(now.getTime() - 5 * HOUR) })
      .where('id', '=', stuck as string)
      .execute();
    await db()
      .updateTable('tasks')
      .set({ status_changed_on: new Date(now.getTime() - 3 * HOUR) })
      .where('id', '=', recent as string)
      .execute();
    // The demo workspace says 4 h: only the 5-hour one is stuck.
    expect(await requeueStuckTasks(deps(), now)).toEqual([stuck]);
    const row = await rowOf(db(), stuck as string);
    expect(row).toMatchObject({
      status: S.QueuedForRecognizing,
      restart_count: 1,
      last_stuck_status: S.RecognizingInProgress,
    });
    expect((await eventsOf(db(), stuck as string)).at(-1)?.description).toContain(
      'Stuck in RecognizingInProgress for more than 4 h; requeued (restart 1 of 3)',
    );
    // Two hours later the splitting task (no stage of its own: pre-processing's queue) is stuck too.
    expect(await requeueStuckTasks(deps(), new Date(now.getTime() + 2 * HOUR))).toEqual([recent]);
    expect((await rowOf(db(), recent as string)).status).toBe(S.QueuedForPreProcessing);
  });

  it('reads hoursUntilTasksConsideredStuck from the workspace, never below 1 hour', async () => {
    const [id] = await insertTasks(db(), [{ status: S.PreProcessingInProgress }]);
    const now = new Date();
    await db()
      .updateTable('tasks')
      .set({ status_changed_on: new Date(now.getTime() - 5 * HOUR) })
      .where('id', '=', id as string)
      .execute();
    await setConfig({ hoursUntilTasksConsideredStuck: 10 });
    expect(await requeueStuckTasks(deps(), now)).toEqual([]);
    await setConfig({ hoursUntilTasksConsideredStuck: 0 });
    await db()
      .updateTable('tasks')
      .set({ status_changed_on: new Date(now.getTime() - 30 * 60_000) })
      .where('id', '=', id as string)
      .execute();
    expect(await requeueStuckTasks(deps(), now)).toEqual([]);
    expect(await requeueStuckTasks(deps(), new Date(now.getTime() + HOUR))).toEqual([id]);
  });

  it('Deleting tasks lose their files, pages and waveform and become Deleted', async () => {
    const task = await taskWithFiles(db(), storage(), S.Deleting);
    // Another task shares the original file (a part of a split task): that blob stays.
    const [sibling] = await insertTasks(db(), [{ status: S.ToReview }]);
    await db()
      .updateTable('tasks')
      .set({ blob_id: task.blobs[0]?.id as string })
      .where('id', '=', sibling as string)
      .execute();
    const [original, page, waveform] = task.blobs as [
      { id: string; key: string },
      { id: string; key: string },
      { id: string; key: string },
    ];
    expect(await removeDeletingTasks(deps(), new Date())).toEqual([task.id]);
    const row = await rowOf(db(), task.id);
    expect(row.status).toBe(S.Deleted);
    expect(row.deleted_on).not.toBeNull();
    expect(await storage().size(page.key)).toBeNull();
    expect(await storage().size(waveform.key)).toBeNull();
    expect(await storage().size(original.key)).toBe('original'.length);
    const blobs = await db()
      .selectFrom('blobs')
      .select('id')
      .where('id', 'in', [original.id, page.id, waveform.id])
      .execute();
    expect(blobs.map((b) => b.id)).toEqual([original.id]);
    expect(await db().selectFrom('task_pages').select('task_id').where('task_id', '=', task.id).execute()).toEqual([]);
    expect(await db().selectFrom('task_media').select('task_id').where('task_id', '=', task.id).execute()).toEqual([]);
    const last = (await eventsOf(db(), task.id)).at(-1);
    expect(last?.event_type).toBe('TaskDeleted');
    expect(last?.description).toBe(
      'Files removed (2 stored file(s)): status changed from Deleting (19) to Deleted (20) by the scheduler.',
    );
  });

  it('Processed tasks older than daysUntilHistoryRemoval lose their files and become 110', async () => {
    const old = await taskWithFiles(db(), storage(), S.Processed);
    const young = await taskWithFiles(db(), storage(), S.Processed);
    const now = new Date();
    const age = async (id: string, days: number) =>
      db()
        .updateTable('tasks')
        .set({ status_changed_on: new Date(now.getTime() - days * DAY) })
        .where('id', '=', id)
        .execute();
    await age(old.id, 40);
    await age(young.id, 10);
    expect(await removeExpiredHistory(deps(), now)).toEqual([old.id]);
    expect((await rowOf(db(), old.id)).status).toBe(S.ProcessedAfterPeriodAndDeletedFiles);
    for (const blob of old.blobs) expect(await storage().size(blob.key)).toBeNull();
    for (const blob of young.blobs) expect(await storage().size(blob.key)).not.toBeNull();
    // The page's result stays with the task; only its image is gone.
    const page = await db()
      .selectFrom('task_pages')
      .selectAll()
      .where('task_id', '=', old.id)
      .executeTakeFirstOrThrow();
    expect(page.image_blob_id).toBeNull();
    expect((await eventsOf(db(), old.id)).at(-1)?.description).toBe(
      'Files removed after 31 days in the history (3 stored file(s)): status changed from Processed (100) to ProcessedAfterPeriodAndDeletedFiles (110) by the scheduler.',
    );
    // A workspace that keeps its history 5 days.
    await setConfig({ daysUntilHistoryRemoval: 5 });
    expect(await removeExpiredHistory(deps(), now)).toEqual([young.id]);
    for (const blob of young.blobs) expect(await storage().size(blob.key)).toBeNull();
  });

  it('one pass runs every rule and leaves healthy tasks alone', async () => {
    const [healthy, review] = await insertTasks(db(), [{ status: S.QueuedForPreProcessing }, { status: S.ToReview }]);
    const deleting = await taskWithFiles(db(), storage(), S.Deleting);
    const result = await runScheduledWork(deps(), new Date());
    // The task in review was never indexed: the pass catches up with it (a task still in the
    // pipeline is indexed when post-processing ends).
    expect(result).toEqual({
      expiredLeases: [],
      stuck: [],
      deleting: [deleting.id],
      history: [],
      mailExpiry: [],
      exportLinks: [],
      segmentShares: [],
      indexed: [review],
    });
    expect((await rowOf(db(), healthy as string)).status).toBe(S.QueuedForPreProcessing);
    expect((await rowOf(db(), review as string)).status).toBe(S.ToReview);
    expect((await rowOf(db(), review as string)).index_status).toBe(400);
    expect((await rowOf(db(), healthy as string)).index_status).toBe(50);
    // The next pass finds nothing left to index.
    expect((await runScheduledWork(deps(), new Date())).indexed).toEqual([]);
  });
});
