// Which stage a status belongs to. The runtime knows stages by their four status codes (stage.ts);
// the scheduler also meets in-progress statuses no registered stage owns (a stage removed since,
// or PreProcessingSplittingInProgress 38, which is part of pre-processing), so product-spec §4's
// own pairing of in-progress → queued / failed is the fallback.
import type { Actor } from '../../domain/tasks/events.js';
import { TASK_STATUS as S } from '../../domain/tasks/flags.js';
import type { Stage } from './stage.js';

/** In-progress statuses of product-spec §4: a worker holds the task (31, 38, 41, 51, 91). */
export const IN_PROGRESS: readonly number[] = [
  S.PreProcessingInProgress,
  S.PreProcessingSplittingInProgress,
  S.RecognizingInProgress,
  S.PostProcessingInProgress,
  S.ExportInProgress,
];

const SPEC_PAIRS: Record<number, { queued: number; failed: number; name: string }> = {
  [S.PreProcessingInProgress]: {
    queued: S.QueuedForPreProcessing,
    failed: S.PreProcessingFailed,
    name: 'pre-processing',
  },
  [S.PreProcessingSplittingInProgress]: {
    queued: S.QueuedForPreProcessing,
    failed: S.PreProcessingSplittingFailed,
    name: 'splitting',
  },
  [S.RecognizingInProgress]: { queued: S.QueuedForRecognizing, failed: S.RecognizingFailed, name: 'recognition' },
  [S.PostProcessingInProgress]: {
    queued: S.QueuedForPostProcessing,
    failed: S.PostProcessingFailed,
    name: 'post-processing',
  },
  [S.ExportInProgress]: { queued: S.QueuedForExport, failed: S.ExportFailed, name: 'export' },
};

/** Where a task held in `inProgress` goes back to (queued) or ends (failed), and the step's name. */
export function stepOf(
  stages: readonly Stage[],
  inProgress: number,
): { queued: number; failed: number; name: string } | undefined {
  const stage = stages.find((s) => s.inProgress === inProgress);
  return stage ? { queued: stage.queued, failed: stage.failed, name: stage.name } : SPEC_PAIRS[inProgress];
}

/** "pre-processing" → "Pre-processing", for the start of an event sentence. */
export const sentenceCase = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The actor of a worker's events ("worker host-123-1"). */
export const workerActor = (workerId: string): Actor => ({
  userId: null,
  clientId: null,
  label: `worker ${workerId}`,
  system: true,
});

/** The actor of the scheduler's events. */
export const SCHEDULER_ACTOR: Actor = { userId: null, clientId: null, label: 'the scheduler', system: true };
