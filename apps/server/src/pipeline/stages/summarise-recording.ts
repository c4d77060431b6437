// The post-processing step of TranscriptSummarization tasks: the transcript's first summary is made
// before the task is listed for review (pipeline/summaries), and what became of it is told in the
// task's post-processing outcome. A summary that fails does not fail the task: the transcript
// stands, and the summary can be requested again from the task.
import { SummaryState } from '../../contract/generated/enums.js';
import { summariseInProcessing } from '../summaries/summarise.js';
import type { StageContext } from '../worker/stage.js';
import type { Summary } from './post-processing.js';
import { StageStore } from './task-store.js';

export async function summariseRecording(context: StageContext, outcome: Summary): Promise<void> {
  const media = await new StageStore(context.db, context.storage, context.task.tenant_id).media(context.task.id);
  const isVideo = Boolean((media?.info as { isVideo?: unknown } | undefined)?.isVideo);
  await context.heartbeat();
  const summary = await summariseInProcessing(
    { db: context.db, storage: context.storage, config: context.config, workerId: context.workerId },
    context.task,
    isVideo,
  );
  const made = summary?.state === SummaryState.Processed;
  outcome.description += made
    ? `; summarised (${summary.method === 'extractive' ? 'extractive, TextRank' : summary.model_name})`
    : `; the summary failed (${summary?.failure_message ?? 'unknown reason'})`;
  outcome.payload.summaryState = summary?.state ?? null;
  outcome.payload.summaryMethod = summary?.method ?? null;
}
