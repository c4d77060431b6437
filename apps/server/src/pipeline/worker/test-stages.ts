// Stages for tests of the runtime itself: they touch no file and take a known time, so a test can
// kill a worker in the middle of one. worker-main.ts uses them only when REVIEWDESK_TEST_STAGES is
// set (the tests set it for the child processes they spawn); the server never does.
import { TASK_STATUS as S } from '../../domain/tasks/flags.js';
import type { Stage, StageContext, StageOutcome } from './stage.js';

/** Waits `ms`, renewing the lease every `beatMs`; stops early when the signal fires. */
async function workFor(context: StageContext, ms: number, beatMs: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    context.signal.throwIfAborted();
    await new Promise((resolve) => setTimeout(resolve, Math.min(beatMs, Math.max(0, until - Date.now()))));
    await context.heartbeat();
  }
}

/** A pre-processing stage (30 → 31 → 34 → `next`) that works `ms` and notes when it is done. */
export function timedPreProcessing(ms: number, next: number = S.ToReview, beatMs = 200): Stage {
  return {
    name: 'pre-processing',
    queued: S.QueuedForPreProcessing,
    inProgress: S.PreProcessingInProgress,
    succeeded: S.PreProcessingSuccessful,
    failed: S.PreProcessingFailed,
    async run(context): Promise<StageOutcome> {
      await workFor(context, ms, beatMs);
      await context.note(`Worked ${ms} ms`, { ms });
      return { next, reason: `worked ${ms} ms; ${next === S.ToReview ? 'ready for review' : 'queued'}` };
    },
  };
}

/** The stages named by REVIEWDESK_TEST_STAGES (`slow:<ms>`), or undefined when it is not set. */
export function testStagesFromEnv(env: NodeJS.ProcessEnv = process.env): Stage[] | undefined {
  const spec = env.REVIEWDESK_TEST_STAGES;
  if (!spec) return undefined;
  const match = /^slow:(\d+)$/.exec(spec);
  if (!match) throw new Error(`REVIEWDESK_TEST_STAGES must be slow:<ms>, not ${JSON.stringify(spec)}.`);
  return [timedPreProcessing(Number(match[1]))];
}
