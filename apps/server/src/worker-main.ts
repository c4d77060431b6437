// Runs processing workers in their own process, against the PostgreSQL server of DATABASE_URL:
//   DATABASE_URL=postgres://… WORKERS=2 pnpm exec tsx src/worker-main.ts
// Any number of these processes (and servers with WORKERS > 0) can share one database; each runs
// the scheduler too, whose rules are safe to run concurrently. SIGTERM or SIGINT stops gracefully:
// each worker finishes its task or releases it back to its queue.
import { hostname } from 'node:os';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { startSegmentRenderer } from './pipeline/sharing/segment-renderer.js';
import { startSummariser } from './pipeline/summaries/summarise.js';
import { startModelTrainer } from './pipeline/templates/train-model.js';
import { loadStages } from './pipeline/worker/load-stages.js';
import { testStagesFromEnv } from './pipeline/worker/test-stages.js';
import { startWorkers } from './pipeline/worker/workers.js';
import { blobStorageFor } from './storage/blob-storage.js';

function refuse(message: string): never {
  console.error(`reviewdesk worker: ${message}`);
  process.exit(1);
}

const config = loadConfig();
if (!config.databaseUrl) {
  refuse(
    'DATABASE_URL is not set. Workers in a separate process need a PostgreSQL server: the embedded ' +
      'database (PGlite) belongs to the one server process that opened it and cannot be shared. ' +
      'With PGlite, let the server run the workers itself (WORKERS, default 1).',
  );
}
if (config.workers < 1) refuse('WORKERS is 0: this process would have nothing to do.');
const stages = testStagesFromEnv() ?? (await loadStages());
if (stages.length === 0) refuse('no processing stages are installed (src/pipeline/stages/index.ts).');

const database = await openDatabase({ databaseUrl: config.databaseUrl });
// What is running, stopped on a signal. The handlers are in place before the first worker starts: a
// worker may claim a task before it is listening for notifications, and a SIGTERM then must still
// hand that task back rather than kill the process under it.
const running: { stop(): Promise<unknown> }[] = [];
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`reviewdesk worker: ${signal}, stopping`);
    void Promise.all(running.map((part) => part.stop()))
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
const workers = startWorkers({
  db: database.db,
  notifications: database.notifications,
  storage: blobStorageFor(config),
  config,
  stages,
  count: config.workers,
});
running.push(workers);
// Custom model versions train beside the task workers, as in a server that runs workers itself.
running.push(startModelTrainer({ db: database.db, trainerId: `${hostname()}-${process.pid}-trainer` }));
const listening = await workers.listening;
// Summaries are made beside the task workers (an API-only server replica leaves them to this process).
running.push(
  startSummariser({
    db: database.db,
    storage: blobStorageFor(config),
    config,
    workerId: `${workers.ids[0] ?? 'worker'}-summariser`,
  }),
);
// Shared media segments are cut here too, never in an API process that may stop before the cut ends.
running.push(
  startSegmentRenderer({
    db: database.db,
    storage: blobStorageFor(config),
    workerId: `${workers.ids[0] ?? 'worker'}-segments`,
  }),
);
console.log(
  `reviewdesk worker: ${workers.ids.length} worker(s) ${listening ? 'listening for work' : 'polling for work'} (${workers.ids.join(', ')}), stages: ${stages
    .map((s) => s.name)
    .join(', ')}`,
);
