// The deployment of README "Several machines", as processes: two API processes (`src/main.ts`,
// WORKERS=0) and two worker processes (`src/worker-main.ts`, the real stages) on one PostgreSQL and
// one storage folder. A person signs in on one API process and works on the other; a tus upload
// whose chunks alternate between the two API processes completes and is imported; the worker
// process that takes the task is killed in the middle of it, and the other worker process finishes
// the task — each stage once. (The same rules in one process each: replicas.test.ts,
// worker-process.test.ts.)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { ensureRoles } from '../src/domain/demo-data.js';
import { seedDemo } from '../src/domain/demo-seed.js';
import { IN_PROGRESS_STATUSES, TASK_STATUS as S } from '../src/domain/tasks/flags.js';
import { demoEmail } from './support/harness.js';
import { createDatabase, freePort } from './support/postgres-cluster.js';
import { type Child, startServerProcess, waitFor } from './support/processes.js';
import { apiStatus, signInAcross, signInFully } from './support/sign-in-flow.js';
import { INVOICES_WS, multipart } from './support/task-import.js';
import { createUpload, onOrigin, patchUpload, uploadMetadata, uploadOffset } from './support/tus-client.js';

const postgresUrl = inject('postgresUrl');
const skipReason = postgresUrl ? '' : ' (skipped: no PostgreSQL in this run)';

describe.skipIf(!postgresUrl)(`two API processes and two worker processes on one PostgreSQL${skipReason}`, () => {
  let database: DatabaseHandle;
  const children: Child[] = [];
  let origin: string;
  let otherOrigin: string;
  let workerEnv: Record<string, string>;
  const workers = new Map<number, Child>();

  beforeAll(async () => {
    const url = await createDatabase(postgresUrl as string, `reviewdesk_deploy_${randomBytes(6).toString('hex')}`);
    database = await openDatabase({ databaseUrl: url });
    await ensureRoles(database.db);
    await seedDemo(database.db);
    const dataDir = mkdtempSync(join(tmpdir(), 'reviewdesk-deploy-'));
    const [portA, portB] = [await freePort(), await freePort()];
    origin = `http://127.0.0.1:${portA}`;
    otherOrigin = `http://127.0.0.1:${portB}`;
    // What every process shares: the database, the storage, the public origin (the load balancer's).
    const shared = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: origin,
      SEED_DEMO_DATA: 'false',
      MAIL_IMPORT_PORT: 'off',
      SCHEDULER_INTERVAL_SECONDS: '1',
      WORKER_LEASE_SECONDS: '5',
    };
    for (const port of [portA, portB]) {
      children.push(startServerProcess('main.ts', { ...shared, PORT: String(port), HOST: '127.0.0.1', WORKERS: '0' }));
    }
    workerEnv = { ...shared, WORKERS: '1' };
    for (let i = 0; i < 2; i++) {
      const worker = startServerProcess('worker-main.ts', workerEnv);
      children.push(worker);
      workers.set(worker.process.pid as number, worker);
    }
    for (const child of children) {
      await waitFor(
        async () => child.output(),
        (out) =>
          out.includes('Reviewdesk is running') ||
          out.includes('listening for work') ||
          child.process.exitCode !== null,
        // tsx compiles the server in each process: slow on a loaded machine.
        180_000,
        'the processes to start',
        200,
      );
      expect(child.process.exitCode, child.output()).toBeNull();
    }
  }, 240_000);

  afterAll(async () => {
    for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL');
    await database?.close();
  });

  it('signs in on one API process and works on the other', async () => {
    const { tokens } = await signInAcross(origin, otherOrigin, demoEmail('Creator'));
    expect(await apiStatus(otherOrigin, tokens.access_token)).toBe(200);
    expect(await apiStatus(origin, tokens.access_token)).toBe(200);
  }, 60_000);

  it('uploads across both API processes, and a worker process killed mid-task leaves the task to the other, which finishes it once', async () => {
    const token = (await signInFully(origin, demoEmail('Creator'))).tokens.access_token;

    // A 15-page PDF: long enough in the stages to be caught in the middle of one.
    const file = readFileSync(join(repoRoot, 'fixtures', 'pdfs', 'multipage', 'federal-register-2020-17221.pdf'));
    const location = await createUpload(
      origin,
      token,
      file.length,
      uploadMetadata(INVOICES_WS, 'federal-register.pdf', 'application/pdf'),
    );
    const cuts = [0, 200_000, 400_000, 600_000, file.length];
    for (let i = 0; i < cuts.length - 1; i++) {
      const [url, other] = i % 2 === 0 ? [origin, otherOrigin] : [otherOrigin, origin];
      expect(await uploadOffset(token, onOrigin(other, location))).toBe(cuts[i]);
      const answer = await patchUpload(
        token,
        onOrigin(url, location),
        cuts[i] as number,
        file.subarray(cuts[i], cuts[i + 1]),
      );
      expect(answer.status).toBe(204);
    }
    const { body, contentType } = multipart({ workspaceId: INVOICES_WS, uploadId: location.split('/').pop() });
    const imported = await fetch(`${otherOrigin}/api/v1/SdTask/Import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body,
    });
    expect(imported.status).toBe(200);
    const taskId = ((await imported.json()) as { result: { taskId: string } }).result.taskId;
    const taskRow = () =>
      database.db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();

    // The API processes run no workers: one of the worker processes takes it (woken by NOTIFY).
    const held = await waitFor(
      taskRow,
      (row) => IN_PROGRESS_STATUSES.has(row.status) && Boolean(row.claimed_by),
      30_000,
      'a worker process to take the task',
      20,
    );
    // A worker's id is host-pid-random-n: the process that holds the task is the one of that pid.
    const holderPid = [...workers.keys()].find((pid) => (held.claimed_by as string).includes(`-${pid}-`));
    const holder = holderPid === undefined ? undefined : workers.get(holderPid);
    expect(holder, `claimed by ${held.claimed_by}, workers ${[...workers.keys()]}`).toBeDefined();
    holder?.process.kill('SIGKILL');
    expect(await holder?.exited).toBeNull();

    const done = await waitFor(
      taskRow,
      (row) => row.status === S.ToReview,
      90_000,
      'the other worker process to finish the task',
      200,
    );
    expect(done).toMatchObject({ status: S.ToReview, restart_count: 1, claimed_by: null });
    const events = await database.db
      .selectFrom('task_events')
      .select('description')
      .where('task_id', '=', taskId)
      .orderBy('id')
      .execute();
    const finished = events.map((e) => e.description).filter((d) => / finished: /.test(d));
    // Every stage finished exactly once, all by the surviving worker process.
    const stageNames = finished.map((d) => d.slice(0, d.indexOf(' finished: ')));
    expect(new Set(stageNames).size).toBe(stageNames.length);
    for (const line of finished) expect(line).not.toContain(`-${holderPid}-`);
    expect(events.some((e) => e.description.includes('stopped responding; requeued (restart 1 of 3)'))).toBe(true);
  }, 150_000);
});
