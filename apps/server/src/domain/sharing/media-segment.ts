// A media segment of a transcript or subtitles task shared on a public page (ShareMediaSegment):
// the share is recorded as Generating with a rendering request id and a random access key, the
// link is mailed to the recipients and returned at once. The share in Generating is a queued
// render: a worker process claims it and cuts the segment out of the recording (so nothing outside
// it can ever be served), reporting back through render events — Started, Completed (Success, with
// where the cut lives) or Failed. A share whose time is up is Expired, its cut file removed, and
// its page answers "gone".
import { randomBytes, randomUUID } from 'node:crypto';
import { ShareStatus, ShareType } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { ProcessingRepository } from '../../db/repositories/processing.js';
import { TaskSharesRepository } from '../../db/repositories/task-shares.js';
import { UsersRepository } from '../../db/repositories/users.js';
import type { TaskRow, TaskShareRow } from '../../db/schema.js';
import { CULTURES, DEFAULT_LANGUAGE, type Language, languageOfTag } from '../../formats/cultures.js';
import { segmentShareMail } from '../../mail/share-mails.js';
import { invalid } from '../errors.js';
import { notReadyYet } from '../results/viewer-task.js';
import type { Services } from '../services.js';
import { type TaskCaller, taskById } from '../tasks/task-access.js';
import { ensureSegmentShareable } from './shareable-task.js';
import { SHARE_DESCRIPTION_MAX } from './task-share.js';

/** Where the public page of a segment lives in the web app. */
export const SEGMENT_PAGE_PATH = '/share/segment';
/** A segment share lasts 1 to 90 days (product-spec §5), sent in hours. */
export const SEGMENT_EXPIRY_HOURS = { min: 24, max: 2160, default: 744 } as const;

export interface MediaSegmentRequest {
  taskId: string;
  language?: string | null;
  recipientEmails?: string[];
  shareDescription?: string | null;
  expiresHours: number;
  segmentStartSeconds: number;
  segmentEndSeconds: number;
}

/** What the renderer needs to cut one segment. */
export interface SegmentRenderJob {
  tenantId: string;
  shareId: string;
  requestId: string;
  sourceBlobId: string;
  isVideo: boolean;
  startSeconds: number;
  endSeconds: number;
}

const clock = (seconds: number) => {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

export const segmentPageUrl = (origin: string, accessKey: string) => `${origin}${SEGMENT_PAGE_PATH}/${accessKey}`;

/** SdTaskShare/ShareMediaSegment: records the share (queued for a worker to cut) and mails the link. */
export async function shareMediaSegment(
  services: Services,
  caller: TaskCaller,
  request: MediaSegmentRequest,
  now = new Date(),
): Promise<{ shareUrl: string }> {
  const { db } = services;
  const session = caller.session;
  const task = await taskById(caller, request.taskId);
  const workspace = await session.scope.workspace(task.workspace_id);
  if (!workspace) throw invalid('The task has no workspace.');
  ensureSegmentShareable(workspace);
  const media = await new ProcessingRepository(db, task.tenant_id).media(task.id);
  if (!media || !task.blob_id) throw notReadyYet('The recording of the task is not ready yet.');
  const start = request.segmentStartSeconds;
  const end = request.segmentEndSeconds;
  const length = media.duration_ms / 1000;
  if (!(start >= 0 && end > start)) throw invalid('The segment must end after it starts.');
  // Rounding of the probed length should not refuse a segment that ends with the recording.
  if (end > length + 0.5) throw invalid(`The segment ends after the recording (${clock(length)}).`);
  const hours = request.expiresHours;
  if (!(hours >= SEGMENT_EXPIRY_HOURS.min && hours <= SEGMENT_EXPIRY_HOURS.max)) {
    throw invalid('A segment share lasts 1 to 90 days.');
  }
  const description = request.shareDescription?.trim() || null;
  if (description && description.length > SHARE_DESCRIPTION_MAX) {
    throw invalid(`The description is longer than ${SHARE_DESCRIPTION_MAX} characters.`);
  }
  const recipients = [...new Set((request.recipientEmails ?? []).map((e) => e.trim()).filter(Boolean))];
  const language: Language =
    languageOfTag(request.language) ?? languageOfTag(session.user.language) ?? DEFAULT_LANGUAGE;

  const requestId = randomUUID();
  const accessKey = randomBytes(24).toString('base64url');
  const expiresOn = new Date(now.getTime() + hours * 3600_000);
  await new TaskSharesRepository(db, task.tenant_id).insert({
    id: randomUUID(),
    workspaceId: task.workspace_id,
    taskId: task.id,
    shareType: ShareType.MediaSegment,
    shareStatus: ShareStatus.Generating,
    requestId,
    accessKey,
    inputConfig: {
      language,
      recipientEmails: recipients,
      shareDescription: description,
      expiresHours: hours,
      segmentStartSeconds: start,
      segmentEndSeconds: Math.min(end, length),
    },
    expiresOn,
    createdBy: session.user.id,
  });

  const link = segmentPageUrl(services.config.origin, accessKey);
  const users = new UsersRepository(db);
  for (const to of recipients) {
    const account = await users.findByEmail(to);
    const culture = languageOfTag(account?.language) ?? language;
    await services.mailer.send(
      segmentShareMail({
        to,
        language: culture,
        sharer: session.user.name,
        task: task.display_name,
        start: clock(start),
        end: clock(Math.min(end, length)),
        expires: new Intl.DateTimeFormat(CULTURES[culture], {
          dateStyle: 'long',
          timeStyle: 'short',
          timeZone: 'UTC',
        }).format(expiresOn),
        description,
        link,
      }),
    );
  }
  return { shareUrl: link };
}

/** What a worker cuts for a claimed share: the stretch of the task's recording its request named. */
export function segmentJobOf(
  share: Pick<TaskShareRow, 'id' | 'tenant_id' | 'request_id' | 'input_config'>,
  task: Pick<TaskRow, 'blob_id' | 'file_kind'>,
): SegmentRenderJob | undefined {
  const input = (share.input_config ?? {}) as { segmentStartSeconds?: number; segmentEndSeconds?: number };
  if (!task.blob_id || !share.request_id) return undefined;
  const start = input.segmentStartSeconds ?? 0;
  return {
    tenantId: share.tenant_id,
    shareId: share.id,
    requestId: share.request_id,
    sourceBlobId: task.blob_id,
    isVideo: task.file_kind === 'video',
    startSeconds: start,
    endSeconds: input.segmentEndSeconds ?? start,
  };
}

/** One progress event of a rendering (TaskShareRenderFarmEvent of the contract). */
export interface SegmentRenderEvent {
  id: string;
  eventType: string;
  eventTime: string;
  data: {
    requestId: string;
    shareStatus: number;
    outputConfig?: Record<string, unknown> | null;
    errorMessage?: string | null;
  };
}

/**
 * Applies render events to the tenant's shares, in the order they happened. An event of an
 * unknown request (another tenant's, or made up) changes nothing; an expired share stays expired;
 * a share that reached Success or Failed is not moved back to Generating by a late Started.
 */
export async function applySegmentRenderEvents(
  db: Db,
  tenantId: string,
  events: SegmentRenderEvent[],
  by: string,
): Promise<number> {
  const shares = new TaskSharesRepository(db, tenantId);
  let applied = 0;
  const ordered = [...events].sort((a, b) => Date.parse(a.eventTime) - Date.parse(b.eventTime));
  for (const event of ordered) {
    const share = await shares.byRequestId(event.data.requestId);
    if (!share || share.share_status === ShareStatus.Expired) continue;
    const next = event.data.shareStatus;
    if (next === ShareStatus.Generating && share.share_status !== ShareStatus.Generating) continue;
    if (next === ShareStatus.Expired) continue; // expiry is the server's to decide, by the share's date
    await shares.setStatus(share.id, {
      status: next,
      output: event.data.outputConfig ?? undefined,
      errorMessage: next === ShareStatus.Failed ? (event.data.errorMessage ?? 'Rendering failed.') : null,
      by,
    });
    applied++;
  }
  return applied;
}

/** True when the share's time is up. */
export const hasExpired = (share: Pick<TaskShareRow, 'expires_on'>, now = new Date()) =>
  share.expires_on !== null && new Date(share.expires_on).getTime() <= now.getTime();
