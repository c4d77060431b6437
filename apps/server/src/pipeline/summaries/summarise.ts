// Making a task's summary (task_summaries): the summarising workers claim summaries in Processing
// (0) one at a time with a lease, write the text (written-summary.ts), take the video's key frames
// when asked for, charge the credits and move the summary to Processed (1) — extractive, saying why,
// when the language model answered an error — or to Failed (2) with the reason, Timeout (3) when
// the language model did not answer in time, CanceledExternally (5) when the task went away.
// CanceledByUser (4) and Uploaded (6) are set by the calls (domain/summaries); a worker's result
// for a summary no longer Processing is dropped. A request made while
// the worker was busy replaces the summary (a new id): the worker's result is then dropped.
// Post-processing of TranscriptSummarization tasks makes the first summary the same way, inline.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerConfig } from '../../config.js';
import { SummaryIncludedFrames, SummaryLength, SummaryState, SummaryStyle } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { SummariesRepository, SummaryQueue } from '../../db/repositories/summaries.js';
import { inTransaction } from '../../db/repositories/tenant-repository.js';
import type { StoredKeyFrame, TaskSummaryRow } from '../../db/schema.js';
import { LicenceRefusal, spendCredits } from '../../domain/licences/licences.js';
import { transcriptEntries } from '../../domain/search/task-text.js';
import { SUMMARY_USAGE_TYPE, summaryCredits } from '../../domain/summaries/summary-rules.js';
import { TASK_STATUS } from '../../domain/tasks/flags.js';
import { resolveConfiguration } from '../../domain/workspaces/configuration.js';
import { taskLanguages } from '../../domain/workspaces/task-languages.js';
import { LanguageModelError, languageModelFor } from '../../language/index.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { storeTenantBlob } from '../../storage/store-blob.js';
import { extractKeyFrames } from '../media/index.js';
import { startJobLoop } from '../worker/job-loop.js';
import { extractiveSummary, languageModelSummary, type WrittenSummary } from './written-summary.js';

/** A summary whose worker sends no heartbeat for this long is taken by another worker. */
export const SUMMARY_LEASE_MS = 5 * 60_000;

export interface SummariseDeps {
  db: Db;
  storage: BlobStorage;
  config: ServerConfig;
  workerId: string;
}

class SummaryFailure extends Error {
  constructor(
    readonly state: number,
    message: string,
  ) {
    super(message);
  }
}

/** Makes the next summary waiting, if any; returns it as it ended, or undefined when none waited. */
export async function summariseNext(deps: SummariseDeps): Promise<TaskSummaryRow | undefined> {
  const claimed = await new SummaryQueue(deps.db).claim(SummaryState.Processing, deps.workerId, SUMMARY_LEASE_MS);
  if (!claimed) return undefined;
  return makeSummary(deps, claimed);
}

/** Makes one claimed summary (the worker's or post-processing's); never throws for the summary's own failure. */
export async function makeSummary(deps: SummariseDeps, row: TaskSummaryRow): Promise<TaskSummaryRow | undefined> {
  const summaries = new SummariesRepository(deps.db, row.tenant_id);
  const stored: string[] = [];
  try {
    const task = await summaries.task(row.task_id);
    const media = await summaries.media(row.task_id);
    const workspace = task ? await summaries.workspace(task.workspace_id) : undefined;
    const gone = !task || task.status === TASK_STATUS.Deleting || task.status === TASK_STATUS.Deleted;
    if (gone || !workspace) throw new SummaryFailure(SummaryState.CanceledExternally, 'The task was deleted.');
    if (!media?.transcript)
      throw new SummaryFailure(SummaryState.Failed, 'The recording has no transcript to summarise.');
    const passages = transcriptEntries(media.transcript).map((entry) => ({
      text: entry.body,
      startTimeSeconds: entry.startTimeSeconds,
    }));
    if (passages.length === 0)
      throw new SummaryFailure(SummaryState.Failed, 'The transcript is empty: nothing was said to summarise.');
    const config = resolveConfiguration(workspace);
    const [language = 'en'] = taskLanguages(task, workspace, config);
    await summaries.update(row.id, { progress: 20 });
    const ask = { passages, language, style: row.summary_style, length: row.summary_length };
    const model = languageModelFor(deps.config);
    let written: WrittenSummary;
    // Why the language model could not write it, when the extractive method did instead.
    let modelFailure: string | null = null;
    try {
      written = model ? await languageModelSummary(model, ask) : extractiveSummary(ask);
    } catch (error) {
      if (!(error instanceof LanguageModelError)) throw error;
      // A model that does not answer in time is the summary's Timeout (the person may ask again);
      // one that answers an error gets the offline method instead of nothing.
      if (/took longer/.test(error.message))
        throw new SummaryFailure(SummaryState.Timeout, `The summary could not be written: ${error.message}`);
      modelFailure = `The language model could not write the summary: ${error.message}`;
      written = extractiveSummary(ask, error.message);
    }
    await summaries.update(row.id, { progress: 60 });
    let frames: StoredKeyFrame[] = [];
    const isVideo = Boolean((media.info as { isVideo?: unknown } | null)?.isVideo);
    if (row.included_frames === SummaryIncludedFrames.Keyframes && isVideo && task.blob_id) {
      frames = await keyFramesOf(deps, row, task.blob_id, task);
      stored.push(...frames.map((frame) => frame.blobId));
    }
    // Made in processing (no one asked): part of the task's processing, already paid.
    const credits = row.requested_by ? summaryCredits(media.duration_ms, config.creditsMultiplierPerUnit) : null;
    const finished = await inTransaction(deps.db, async (trx) => {
      const scope = new SummariesRepository(trx, row.tenant_id);
      const current = await scope.find(row.task_id);
      if (current?.id !== row.id || current.state !== SummaryState.Processing) return undefined;
      if (credits) {
        await spendCredits(trx, row.tenant_id, credits, {
          taskId: task.id,
          taskType: SUMMARY_USAGE_TYPE,
          documentName: task.display_name,
          totalPages: null,
          status: task.status,
        });
      }
      return scope.update(row.id, {
        state: SummaryState.Processed,
        progress: 100,
        method: written.method,
        model_name: written.modelName,
        summary: written.summary,
        disclaimer: written.disclaimer,
        failure_message: modelFailure,
        key_frames: frames,
        credits_spent: credits?.credits ?? 0,
        claimed_by: null,
        lease_until: null,
      });
    });
    if (!finished) await removeBlobs(deps, row.tenant_id, stored);
    return finished;
  } catch (error) {
    await removeBlobs(deps, row.tenant_id, stored);
    const failure =
      error instanceof SummaryFailure
        ? error
        : error instanceof LicenceRefusal
          ? new SummaryFailure(SummaryState.Failed, error.message.replace('process files', 'summarise recordings'))
          : new SummaryFailure(
              SummaryState.Failed,
              `The summary could not be made: ${error instanceof Error ? error.message : String(error)}`,
            );
    const current = await summaries.find(row.task_id);
    if (current?.id !== row.id) return undefined;
    return summaries.update(row.id, {
      state: failure.state,
      failure_message: failure.message,
      progress: 100,
      claimed_by: null,
      lease_until: null,
    });
  }
}

async function keyFramesOf(
  deps: SummariseDeps,
  row: TaskSummaryRow,
  blobId: string,
  task: { offset_start: unknown; offset_end: unknown },
): Promise<StoredKeyFrame[]> {
  const summaries = new SummariesRepository(deps.db, row.tenant_id);
  const key = await summaries.blobKey(blobId);
  if (!key) return [];
  const directory = await mkdtemp(join(tmpdir(), 'reviewdesk-summary-'));
  try {
    const path = join(directory, 'recording');
    await writeFile(path, await deps.storage.readAll(key));
    const start = task.offset_start === null ? null : Number(task.offset_start);
    const end = task.offset_end === null ? null : Number(task.offset_end);
    const range =
      start !== null && end !== null && end > start ? { startSeconds: start, durationSeconds: end - start } : undefined;
    const frames = await extractKeyFrames(path, { range });
    const stored: StoredKeyFrame[] = [];
    for (const frame of frames) {
      const id = await storeTenantBlob(deps.db, deps.storage, row.tenant_id, {
        bytes: frame.jpeg,
        fileName: `frame-${Math.round(frame.timeSeconds * 1000)}.jpg`,
        contentType: 'image/jpeg',
      });
      stored.push({ timeSeconds: frame.timeSeconds, blobId: id });
    }
    return stored;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

async function removeBlobs(deps: SummariseDeps, tenantId: string, blobIds: string[]) {
  if (blobIds.length === 0) return;
  const keys = await new SummariesRepository(deps.db, tenantId).deleteBlobs(blobIds);
  for (const key of keys) await deps.storage.remove(key);
}

/** The first summary of a TranscriptSummarization task, made in post-processing. */
export async function summariseInProcessing(
  deps: SummariseDeps,
  task: { id: string; tenant_id: string; workspace_id: string },
  isVideo: boolean,
): Promise<TaskSummaryRow | undefined> {
  const summaries = new SummariesRepository(deps.db, task.tenant_id);
  const { row } = await summaries.replace({
    taskId: task.id,
    workspaceId: task.workspace_id,
    style: SummaryStyle.Neutral,
    length: SummaryLength.Medium,
    includedFrames: isVideo ? SummaryIncludedFrames.Keyframes : SummaryIncludedFrames.None,
    requestedBy: null,
    creditsSpent: 0,
    state: SummaryState.Processing,
  });
  const claimed = await summaries.update(row.id, {
    claimed_by: deps.workerId,
    lease_until: new Date(Date.now() + SUMMARY_LEASE_MS),
  });
  return makeSummary(deps, claimed ?? row);
}

export interface Summariser {
  stop(): Promise<void>;
}

/** A loop that makes waiting summaries one after the other, waiting `idleMs` while none waits. */
export function startSummariser(
  options: SummariseDeps & { idleMs?: number; log?: (message: string, error?: unknown) => void },
): Summariser {
  return startJobLoop({
    next: () => summariseNext(options),
    idleMs: options.idleMs ?? 1000,
    failure: 'summarising failed',
    log: options.log,
  });
}
