// Renders a shared media segment: the stretch [start, end] is cut out of the task's recording with
// ffmpeg into a file of its own (H.264/AAC MP4 for video, AAC for audio, which every phone plays),
// stored as a blob of the tenant. The public page only ever serves that file, so nothing outside
// the segment can be reached. Progress goes through the same render events an external render
// farm would send (Started, Completed with the output location, or Failed). A worker records the
// outcome only while it still holds its claim on the share: one whose lease ran out while it cut
// (another worker took the share, or it expired meanwhile) removes the file it made and writes
// nothing, so a late cut neither replaces the share's file nor leaves one that nothing refers to.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ShareStatus } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { SegmentRenderQueue } from '../../db/repositories/task-shares.js';
import { TasksRepository } from '../../db/repositories/tasks.js';
import { inTransaction } from '../../db/repositories/tenant-repository.js';
import {
  applySegmentRenderEvents,
  type SegmentRenderEvent,
  type SegmentRenderJob,
} from '../../domain/sharing/media-segment.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { removeTenantBlobs, storeTenantBlob } from '../../storage/store-blob.js';
import { run } from '../media/process.js';

const RENDERER = 'segment-renderer';

const event = (
  job: Pick<SegmentRenderJob, 'requestId'>,
  eventType: string,
  data: Partial<SegmentRenderEvent['data']>,
) => ({
  id: randomUUID(),
  eventType,
  eventTime: new Date().toISOString(),
  data: { requestId: job.requestId, shareStatus: ShareStatus.Generating, ...data },
});

/** The ffmpeg arguments that cut [start, end] of `input` into `output`, re-encoded so the cut is exact. */
export function cutArguments(
  job: Pick<SegmentRenderJob, 'startSeconds' | 'endSeconds' | 'isVideo'>,
  input: string,
  output: string,
) {
  const codecs = job.isVideo
    ? ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart']
    : ['-vn', '-c:a', 'aac', '-b:a', '128k'];
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    job.startSeconds.toFixed(3),
    '-i',
    input,
    '-t',
    (job.endSeconds - job.startSeconds).toFixed(3),
    // Metadata of the whole recording (titles, chapters) does not travel with the excerpt.
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    ...codecs,
    output,
  ];
}

/** Records that a segment could not be cut (the share moves to Failed with the reason). */
export async function recordRenderFailure(
  db: Db,
  job: Pick<SegmentRenderJob, 'tenantId' | 'requestId'>,
  message: string,
): Promise<void> {
  await applySegmentRenderEvents(
    db,
    job.tenantId,
    [event(job, 'MediaSegmentShare.Failed', { shareStatus: ShareStatus.Failed, errorMessage: message })],
    RENDERER,
  );
}

/**
 * Records `outcome` if `workerId` still holds the share's claim, in one transaction with the
 * check; resolves to whether it was recorded.
 */
async function recordIfClaimed(
  db: Db,
  job: SegmentRenderJob,
  workerId: string,
  outcome: SegmentRenderEvent,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    if (!(await new SegmentRenderQueue(trx).holdsClaim(job.shareId, workerId, ShareStatus.Generating))) return false;
    await applySegmentRenderEvents(trx, job.tenantId, [outcome], RENDERER);
    return true;
  });
}

/** Cuts the segment of a share `workerId` has claimed, and records the outcome while it holds the claim. */
export async function renderSegment(
  db: Db,
  storage: BlobStorage,
  job: SegmentRenderJob,
  workerId: string,
): Promise<void> {
  await recordIfClaimed(db, job, workerId, event(job, 'MediaSegmentShare.Started', {}));
  const folder = await mkdtemp(join(tmpdir(), 'reviewdesk-segment-'));
  let blobId: string | undefined;
  let recorded = false;
  try {
    const source = await new TasksRepository(db, job.tenantId).blob(job.sourceBlobId);
    if (!source) throw new Error('The recording of the task is gone.');
    const input = join(folder, 'source');
    await pipeline(storage.read(source.storage_key), createWriteStream(input));
    const extension = job.isVideo ? 'mp4' : 'm4a';
    const output = join(folder, `segment.${extension}`);
    const result = await run('ffmpeg', cutArguments(job, input, output));
    if (result.code !== 0) throw new Error(`ffmpeg could not cut the segment: ${result.stderr.split('\n').pop()}`);
    blobId = await storeTenantBlob(db, storage, job.tenantId, {
      bytes: await readFile(output),
      fileName: `segment.${extension}`,
      contentType: job.isVideo ? 'video/mp4' : 'audio/mp4',
    });
    recorded = await recordIfClaimed(
      db,
      job,
      workerId,
      event(job, 'MediaSegmentShare.Completed', {
        shareStatus: ShareStatus.Success,
        outputConfig: { serviceName: 'blobs', containerName: job.tenantId, basePath: job.shareId, mediaPath: blobId },
      }),
    );
  } catch (error) {
    await recordIfClaimed(
      db,
      job,
      workerId,
      event(job, 'MediaSegmentShare.Failed', {
        shareStatus: ShareStatus.Failed,
        errorMessage: error instanceof Error ? error.message : String(error),
      }),
    );
  } finally {
    // A file the share does not point to (the claim was lost, or recording failed) is removed.
    if (blobId && !recorded) await removeTenantBlobs(db, storage, job.tenantId, [blobId]);
    await rm(folder, { recursive: true, force: true });
  }
}
