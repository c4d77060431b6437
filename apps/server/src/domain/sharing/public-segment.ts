// SdTaskShare/Public/{accessKey}: what the public page of a media-segment share shows, to anyone
// holding its link. Only the segment's own file is ever given out (a signed URL that ends before
// the share does), with the transcript words inside the segment timed from its start. Past its
// date the share is marked Expired and answers 410; an unknown key is 404.
import { ShareStatus } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { ProcessingRepository } from '../../db/repositories/processing.js';
import { shareByAccessKey } from '../../db/repositories/task-shares.js';
import { TasksRepository } from '../../db/repositories/tasks.js';
import type { Transcript } from '../../formats/transcript.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { gone, notFound } from '../errors.js';
import { SIGNED_URL_LIFETIME_MS, signedFileUrl } from '../results/signed-urls.js';
import { hasExpired } from './media-segment.js';
import { expireSegmentShares } from './segment-expiry.js';

interface SegmentInput {
  language?: string | null;
  shareDescription?: string | null;
  segmentStartSeconds?: number;
  segmentEndSeconds?: number;
}

/** The words of the transcript inside [start, end], timed from `start`. */
export function wordsInSegment(transcript: Transcript, start: number, end: number) {
  const names = new Map(transcript.speakers.map((s) => [s.speakerId, s.speakerName]));
  return transcript.transcripts.flatMap((item) =>
    (item.children ?? [])
      .filter((w) => w.offsetInSeconds >= start && w.offsetInSeconds + w.durationInSeconds <= end + 0.05)
      .map((w) => ({
        text: w.text,
        start: Math.max(0, w.offsetInSeconds - start),
        end: Math.min(end, w.offsetInSeconds + w.durationInSeconds) - start,
        speakerName: (item.speakerId ? names.get(item.speakerId) : null) ?? null,
      })),
  );
}

export async function publicSegment(db: Db, storage: BlobStorage, origin: string, accessKey: string, now = new Date()) {
  const share = await shareByAccessKey(db, accessKey);
  if (!share) throw notFound('This link does not lead to a shared segment.');
  if (share.share_status === ShareStatus.Expired || hasExpired(share, now)) {
    // Before the next sweep: its file goes now, so the segment is not served a minute longer.
    if (share.share_status !== ShareStatus.Expired)
      await expireSegmentShares(db, storage, now, { taskId: share.task_id });
    throw gone('This shared segment has expired.');
  }
  const input = (share.input_config ?? {}) as SegmentInput;
  const start = input.segmentStartSeconds ?? 0;
  const end = input.segmentEndSeconds ?? start;
  const tasks = new TasksRepository(db, share.tenant_id);
  const task = await tasks.byId(share.task_id);
  if (!task) throw notFound('This link does not lead to a shared segment.');
  const answer = {
    shareStatus: share.share_status,
    taskName: task.display_name,
    shareDescription: input.shareDescription ?? null,
    language: input.language ?? null,
    durationSeconds: Math.max(0, end - start),
    isVideo: task.file_kind === 'video',
    expiresOn: new Date(share.expires_on ?? now).toISOString(),
    mediaUrl: null as string | null,
    words: [] as ReturnType<typeof wordsInSegment>,
  };
  if (share.share_status !== ShareStatus.Success) return answer;
  const blobId = (share.output_config as { mediaPath?: string } | null)?.mediaPath;
  const blob = blobId ? await tasks.blob(blobId) : undefined;
  if (!blob) return { ...answer, shareStatus: ShareStatus.Failed };
  const untilExpiry = new Date(share.expires_on ?? now).getTime() - now.getTime();
  const url = await signedFileUrl(
    db,
    origin,
    {
      blobId: blob.id,
      tenantId: share.tenant_id,
      fileName: blob.file_name,
      contentType: blob.content_type,
      disposition: 'inline',
    },
    Math.min(SIGNED_URL_LIFETIME_MS, untilExpiry),
    now.getTime(),
  );
  const media = await new ProcessingRepository(db, share.tenant_id).media(share.task_id);
  const transcript = media?.transcript as unknown as Transcript | null;
  return { ...answer, mediaUrl: url, words: transcript ? wordsInSegment(transcript, start, end) : [] };
}
