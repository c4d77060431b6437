// Workers as separate processes (`tsx src/worker-main.ts`) against a real PostgreSQL: a worker
// killed with SIGKILL in the middle of a task leaves a claim whose lease runs out; another worker
// process's scheduler requeues the task and finishes it. SIGTERM stops a worker gracefully. The
// child processes run a slow test stage (REVIEWDESK_TEST_STAGES, set only here).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { ensureRoles } from '../src/domain/demo-data.js';
import { seedDemo } from '../src/domain/demo-seed.js';
import { TASK_STATUS as S } from '../src/domain/tasks/flags.js';
import { insertTasks } from './support/list-fixtures.js';
import { createDatabase } from './support/postgres-cluster.js';
import { type Child, startServerProcess, waitFor } from './support/processes.js';

const startWorker = (env: Record<string, string>) => startServerProcess('worker-main.ts', env);

describe('worker-main without PostgreSQL', () => {
  it('refuses to run against the embedded database, and says why', async () => {
    const child = startWorker({ DATABASE_URL: '', DATA_DIR: mkdtempSync(join(tmpdir(), 'reviewdesk-worker-')) });
    expect(await child.exited).toBe(1);
    expect(child.output()).toContain('DATABASE_URL is not set');
    expect(child.output()).toContain('PGlite');
  });
});

const postgresUrl = inject('postgresUrl');

const skipReason = postgresUrl ? '' : ' (skipped: no PostgreSQL in this run — TEST_POSTGRES=off or no server found)';

describe.skipIf(!postgresUrl)(`worker processes on PostgreSQL${skipReason}`, () => {
  let database: DatabaseHandle;
  let env: Record<string, string>;
  const children: Child[] = [];
  const start = (stageMs: number) => {
    const child = startWorker({ ...env, REVIEWDESK_TEST_STAGES: `slow:${stageMs}` });
    children.push(child);
    return child;
  };
  const taskRow = (id: string) =>
    database.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    const url = await createDatabase(postgresUrl as string, `reviewdesk_workers_${randomBytes(6).toString('hex')}`);
    database = await openDatabase({ databaseUrl: url });
    await ensureRoles(database.db);
    await seedDemo(database.db);
    env = {
      DATABASE_URL: url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'reviewdesk-worker-')),
      WORKERS: '1',
      WORKER_LEASE_SECONDS: '5',
      SCHEDULER_INTERVAL_SECONDS: '1',
    };
  });

  afterAll(async () => {
    for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL');
    await database?.close();
  });

  it('a worker killed mid-task: the next worker requeues the task when the lease runs out and finishes it', async () => {
    const [id] = await insertTasks(database.db, [{ status: S.QueuedForPreProcessing }]);
    const doomed = start(60_000);
    const claimed = await waitFor(
      () => taskRow(id as string),
      (row) => row.status === S.PreProcessingInProgress,
      20_000,
      'the first worker to claim the task',
    );
    const deadWorker = claimed.claimed_by as string;
    expect(deadWorker).toBeTruthy();
    doomed.process.kill('SIGKILL');
    expect(await doomed.exited).toBeNull();
    // Nobody released it: the claim of the dead process is still there.
    expect(await taskRow(id as string)).toMatchObject({ status: S.PreProcessingInProgress, claimed_by: deadWorker });

    const rescuer = start(500);
    const done = await waitFor(
      () => taskRow(id as string),
      (row) => row.status === S.ToReview,
      25_000,
      `the second worker to finish the task (its output: ${rescuer.output()})`,
    );
    expect(done).toMatchObject({ restart_count: 1, claimed_by: null, lease_until: null });
    const events = await database.db
      .selectFrom('task_events')
      .select(['event_type', 'description'])
      .where('task_id', '=', id as string)
      .orderBy('id')
      .execute();
    const texts = events.map((e) => e.description);
    expect(texts).toContain(
      `Worker ${deadWorker} stopped responding; requeued (restart 1 of 3): status changed from PreProcessingInProgress (31) to QueuedForPreProcessing (30) by the scheduler.`,
    );
    const finisher = /Pre-processing finished: .* by worker (\S+)\.$/.exec(
      texts.find((t) => t.startsWith('Pre-processing finished')) ?? '',
    );
    expect(finisher?.[1]).toBeTruthy();
    expect(finisher?.[1]).not.toBe(deadWorker);

    rescuer.process.kill('SIGTERM');
    expect(await rescuer.exited).toBe(0);
  }, 60_000);

  it('SIGTERM releases the task a worker holds, without counting a restart, and exits cleanly', async () => {
    const [id] = await insertTasks(database.db, [{ status: S.QueuedForPreProcessing }]);
    const worker = start(60_000);
    await waitFor(
      () => taskRow(id as string),
      (row) => row.status === S.PreProcessingInProgress,
      20_000,
      'the worker to claim the task',
    );
    worker.process.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(await taskRow(id as string)).toMatchObject({
      status: S.QueuedForPreProcessing,
      restart_count: 0,
      claimed_by: null,
    });
    expect(worker.output()).toContain('SIGTERM, stopping');
  }, 60_000);

  it('a task queued by another process wakes an idle worker process at once, though it polls once a minute', async () => {
    const worker = startWorker({ ...env, REVIEWDESK_TEST_STAGES: 'slow:10', WORKER_POLL_SECONDS: '60' });
    children.push(worker);
    await waitFor(
      async () => worker.output(),
      (output) => output.includes('listening for work'),
      20_000,
      'the worker process to listen',
    );
    // Its first look found nothing: it sleeps for the whole minute unless told.
    await new Promise((r) => setTimeout(r, 500));
    const [id] = await insertTasks(database.db, [{ status: S.QueuedForPreProcessing }]);
    const queuedAt = Date.now();
    const claimed = await waitFor(
      () => taskRow(id as string),
      (row) => row.status !== S.QueuedForPreProcessing,
      5_000,
      'the worker process to claim the task',
    );
    expect(claimed.processing_started_on?.getTime() ?? Number.POSITIVE_INFINITY).toBeLessThan(queuedAt + 1_000);
    worker.process.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  }, 60_000);
});
