// Workers wake on new work: an import through the API is claimed well under a second after it
// was answered, while the workers' safety-net poll is a minute, on PGlite (the in-process
// connection's notifications) and on PostgreSQL (a listener connection of the worker's own). On
// PostgreSQL the listener comes back when its connection is killed, and a task queued while it
// was away is still claimed at once.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TASK_STATUS as S } from '../src/domain/tasks/flags.js';
import type { Stage } from '../src/pipeline/worker/stage.js';
import { WORK_QUEUED_CHANNEL } from '../src/pipeline/worker/work-signal.js';
import { databaseKinds, demoEmail, type TestServer, useTestServer } from './support/harness.js';
import { importInvoice } from './support/task-import.js';

/** Far above any claim these tests accept: a claim in time can only come from the notification. */
const POLL_MS = 60_000;
/** The old poll's longest pause was 2 s; a woken worker must claim well before. */
const CLAIM_WITHIN_MS = 1_000;

const claimedAt = new Map<string, number>();
const stampsTheClaim: Stage = {
  name: 'pre-processing',
  queued: S.QueuedForPreProcessing,
  inProgress: S.PreProcessingInProgress,
  succeeded: S.PreProcessingSuccessful,
  failed: S.PreProcessingFailed,
  async run({ task }) {
    claimedAt.set(task.id, Date.now());
    return { next: S.ToReview, reason: 'claim time noted' };
  },
};

async function claimTime(id: string, ms: number): Promise<number | undefined> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const at = claimedAt.get(id);
    if (at !== undefined) return at;
    await new Promise((r) => setTimeout(r, 10));
  }
  return claimedAt.get(id);
}

/** Milliseconds from the import's answer to the worker's claim (undefined: not claimed within 5 s). */
async function importToClaim(t: TestServer, token: string): Promise<number | undefined> {
  const id = await importInvoice(t, token);
  const answered = Date.now();
  const at = await claimTime(id, 5_000);
  return at === undefined ? undefined : Math.max(0, at - answered);
}

const listenerBackends = (t: TestServer) =>
  sql<{ pid: number }>`select pid from pg_stat_activity
    where application_name = ${`reviewdesk-listen-${WORK_QUEUED_CHANNEL}`} and datname = current_database()`
    .execute(t.server.database.db)
    .then((r) => r.rows.map((row) => row.pid));

describe.each(databaseKinds())('workers woken by queued work on %s', (kind) => {
  const t = useTestServer(kind, { workers: { count: 2, stages: [stampsTheClaim], pollMs: POLL_MS } });

  it('listen for work, and claim an imported task far sooner than any poll', async () => {
    expect(await t.server.workers?.listening).toBe(true);
    const creator = await t.tokenFor(demoEmail('Creator'));
    // Both workers looked once at start and found nothing: they sleep for the whole poll now.
    await new Promise((r) => setTimeout(r, 300));
    const delays: Array<number | undefined> = [];
    for (let i = 0; i < 3; i++) {
      delays.push(await importToClaim(t, creator));
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const delay of delays) expect(delay).toBeLessThan(CLAIM_WITHIN_MS);
  });

  it.runIf(kind === 'postgres')('listen again after the listener connection is killed, and miss nothing', async () => {
    const creator = await t.tokenFor(demoEmail('Creator'));
    const before = await listenerBackends(t);
    expect(before).toHaveLength(1);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${`reviewdesk-listen-${WORK_QUEUED_CHANNEL}`} and datname = current_database()`.execute(
      t.server.database.db,
    );
    // Queued while the listener is away (it comes back after 250 ms): its notification is lost,
    // and the workers look for work once they listen again.
    const missed = await importToClaim(t, creator);
    expect(missed).toBeLessThan(2 * CLAIM_WITHIN_MS);
    const after = await listenerBackends(t);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    expect(await importToClaim(t, creator)).toBeLessThan(CLAIM_WITHIN_MS);
  });
});
