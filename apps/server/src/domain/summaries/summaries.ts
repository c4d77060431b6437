// The summary calls (Index/IsSummarizable, CreateOrUpdateVideoTextualSummary,
// GetVideoTextualSummary, GetSummaryCostsInfo). A request stores the summary in Processing and
// returns at once; a summarising worker (pipeline/summaries) makes it and moves the state on, and
// the client polls every 20 s (product-spec §9). Only tasks the caller reaches, in their tenant.
import {
  SummaryIncludedFrames,
  SummaryLength,
  SummaryState,
  SummaryStyle,
  TaskErrorCode,
} from '../../contract/generated/enums.js';
import type { components } from '../../contract/generated/schema.js';
import type { Db } from '../../db/database.js';
import { SummariesRepository } from '../../db/repositories/summaries.js';
import { TasksRepository } from '../../db/repositories/tasks.js';
import type { TaskSummaryRow } from '../../db/schema.js';
import { blobStorageFor } from '../../storage/blob-storage.js';
import { invalid, notFound } from '../errors.js';
import { checkLicence, LicenceRefusal } from '../licences/licences.js';
import { signedFileUrl } from '../results/signed-urls.js';
import type { Services } from '../services.js';
import type { Session } from '../session.js';
import { TASK_STATUS } from '../tasks/flags.js';
import { taskById } from '../tasks/task-access.js';
import { resolveConfiguration } from '../workspaces/configuration.js';
import { summaryCredits } from './summary-rules.js';

type Summary = components['schemas']['Summary'];
type SummaryRequest = components['schemas']['SummaryRequest'];
type SummaryCost = components['schemas']['SummaryCost'];
type SummaryUpload = components['schemas']['SummaryUpload'];

/** Summaries are always available: without a language model the extractive method makes them. */
export async function isSummarizable(): Promise<boolean> {
  return true;
}

async function reachableTask(db: Db, session: Session, taskId: string) {
  const tenantId = session.membership.tenant_id;
  const task = await taskById({ repo: new TasksRepository(db, tenantId), db, session }, taskId);
  return { task, summaries: new SummariesRepository(db, tenantId) };
}

/** The task's transcript, or a refusal a person can act on. */
async function summarisableMedia(summaries: SummariesRepository, taskId: string) {
  const media = await summaries.media(taskId);
  if (!media) {
    throw invalid(
      'Only recordings (transcript tasks) can be summarised; this task is a document.',
      TaskErrorCode.WorkspaceConfigError,
    );
  }
  if (!media.transcript) {
    throw invalid(
      'The recording has not been transcribed yet; ask again when it is ready for review.',
      TaskErrorCode.NotReadyYet,
    );
  }
  return media;
}

const TERMINAL_STATES: readonly number[] = [
  SummaryState.Processed,
  SummaryState.Failed,
  SummaryState.Timeout,
  SummaryState.CanceledByUser,
  SummaryState.CanceledExternally,
  SummaryState.Uploaded,
];

export async function requestSummary(services: Services, session: Session, request: SummaryRequest): Promise<Summary> {
  const { db } = services;
  const { task, summaries } = await reachableTask(db, session, request.taskId);
  if (task.status === TASK_STATUS.Deleting || task.status === TASK_STATUS.Deleted) {
    throw notFound('The task does not exist.', TaskErrorCode.NotFound);
  }
  const media = await summarisableMedia(summaries, task.id);
  const workspace = await summaries.workspace(task.workspace_id);
  const credits = summaryCredits(
    media.duration_ms,
    workspace ? resolveConfiguration(workspace).creditsMultiplierPerUnit : null,
  );
  try {
    await checkLicence(db, task.tenant_id, credits);
  } catch (error) {
    if (error instanceof LicenceRefusal) {
      const code =
        error.status === TASK_STATUS.PreProcessingLicenseExpired
          ? TaskErrorCode.LicenseDataExpirationError
          : TaskErrorCode.LicenseVolumeError;
      throw invalid(
        error.message
          .replace('process files', 'summarise recordings')
          .replace('import a shorter file', 'summarise a shorter recording'),
        code,
      );
    }
    throw error;
  }
  const { row, oldFrames } = await summaries.replace({
    taskId: task.id,
    workspaceId: task.workspace_id,
    style: request.style,
    length: request.length,
    includedFrames: request.includedFrames,
    requestedBy: session.user.id,
    creditsSpent: 0,
    state: SummaryState.Processing,
  });
  const keys = await summaries.deleteBlobs(oldFrames.map((frame) => frame.blobId));
  const storage = blobStorageFor(services.config);
  for (const key of keys) await storage.remove(key);
  return toSummary(db, services.config.origin, row);
}

/** Index/CancelVideoTextualSummary: the summary being made ends in CanceledByUser, charging nothing. */
export async function cancelSummary(services: Services, session: Session, taskId: string): Promise<Summary> {
  const { task, summaries } = await reachableTask(services.db, session, taskId);
  const row = await summaries.find(task.id);
  if (!row) throw notFound('No summary of this task has been requested.', TaskErrorCode.NotFound);
  const canceled = await summaries.stopProcessing(
    row.id,
    SummaryState.Processing,
    SummaryState.CanceledByUser,
    `Canceled by ${session.user.name || session.user.email}.`,
  );
  if (!canceled) throw invalid('The summary is no longer being made, so there is nothing to cancel.');
  return toSummary(services.db, services.config.origin, canceled);
}

/** Index/UploadVideoTextualSummary: a summary written elsewhere becomes the task's, in Uploaded; free. */
export async function uploadSummary(services: Services, session: Session, upload: SummaryUpload): Promise<Summary> {
  const { db } = services;
  const { task, summaries } = await reachableTask(db, session, upload.taskId);
  if (task.status === TASK_STATUS.Deleting || task.status === TASK_STATUS.Deleted) {
    throw notFound('The task does not exist.', TaskErrorCode.NotFound);
  }
  const text = upload.summary.trim();
  if (!text) throw invalid('The summary is empty.');
  await summarisableMedia(summaries, task.id);
  const { row, oldFrames } = await summaries.replace({
    taskId: task.id,
    workspaceId: task.workspace_id,
    style: SummaryStyle.Neutral,
    length: SummaryLength.Medium,
    includedFrames: SummaryIncludedFrames.None,
    requestedBy: session.user.id,
    creditsSpent: 0,
    state: SummaryState.Uploaded,
  });
  const uploaded = await summaries.update(row.id, {
    summary: text,
    progress: 100,
    disclaimer: `Uploaded by ${session.user.name || session.user.email}: not made from the transcript by Reviewdesk.`,
  });
  const keys = await summaries.deleteBlobs(oldFrames.map((frame) => frame.blobId));
  const storage = blobStorageFor(services.config);
  for (const key of keys) await storage.remove(key);
  return toSummary(db, services.config.origin, uploaded ?? row);
}

export async function getSummary(services: Services, session: Session, taskId: string): Promise<Summary> {
  const { task, summaries } = await reachableTask(services.db, session, taskId);
  const row = await summaries.find(task.id);
  if (!row) throw notFound('No summary of this task has been requested.', TaskErrorCode.NotFound);
  return toSummary(services.db, services.config.origin, row);
}

export async function summaryCosts(services: Services, session: Session, taskId: string): Promise<SummaryCost> {
  const { task, summaries } = await reachableTask(services.db, session, taskId);
  const media = await summarisableMedia(summaries, task.id);
  const workspace = await summaries.workspace(task.workspace_id);
  const credits = summaryCredits(
    media.duration_ms,
    workspace ? resolveConfiguration(workspace).creditsMultiplierPerUnit : null,
  );
  return {
    costsInCredits: credits.credits,
    upToDate: task.index_status === 400,
    indexedDate: task.last_indexed_on ? new Date(task.last_indexed_on).toISOString() : null,
  };
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export async function toSummary(db: Db, origin: string, row: TaskSummaryRow): Promise<Summary> {
  const keyFrames = await Promise.all(
    (row.state === SummaryState.Processed ? row.key_frames : []).map(async (frame) => ({
      timeSeconds: frame.timeSeconds,
      url: await signedFileUrl(db, origin, {
        blobId: frame.blobId,
        tenantId: row.tenant_id,
        fileName: `frame-${Math.round(frame.timeSeconds * 1000)}.jpg`,
        contentType: 'image/jpeg',
        disposition: 'inline',
      }),
    })),
  );
  return {
    id: row.id,
    state: row.state as SummaryState,
    summaryStyle: row.summary_style as SummaryStyle,
    summaryLength: row.summary_length as SummaryLength,
    includedFrames: row.included_frames as SummaryIncludedFrames,
    createTime: iso(row.created_on),
    lastUpdateTime: iso(row.last_update_time),
    failureMessage: row.failure_message,
    progress: TERMINAL_STATES.includes(row.state) ? 100 : row.progress,
    disclaimer: row.disclaimer,
    summary: row.summary,
    sensitiveContentPercent: null,
    method: (row.method as Summary['method']) ?? null,
    modelName: row.model_name,
    creditsSpent: Number(row.credits_spent),
    keyFrames,
  };
}
