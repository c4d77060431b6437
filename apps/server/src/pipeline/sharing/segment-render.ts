// Renders a shared media segment: the stretch [start, end] is cut out of the task's recording with
// ffmpeg into a file of its own (H.264/AAC MP4 for video, AAC for audio, which every phone plays),
// stored as a blob of the tenant. The public page only ever serves that file, so nothing outside
// the segment can be reached. Progress goes through the same render events an external render
// farm would send (Started, Completed with the output location, or Failed).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ShareStatus } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { TasksRepository } from '../../db/repositories/tasks.js';
import {
  applySegmentRenderEvents,
  type SegmentRenderEvent,
  type SegmentRenderJob,
} from '../../domain/sharing/media-segment.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { storeTenantBlob } from '../../storage/store-blob.js';
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

export async function renderSegment(db: Db, storage: BlobStorage, job: SegmentRenderJob): Promise<void> {
  const record = (e: SegmentRenderEvent) => applySegmentRenderEvents(db, job.tenantId, [e], RENDERER);
  await record(event(job, 'MediaSegmentShare.Started', {}));
  const folder = await mkdtemp(join(tmpdir(), 'reviewdesk-segment-'));
  try {
    const source = await new TasksRepository(db, job.tenantId).blob(job.sourceBlobId);
    if (!source) throw new Error('The recording of the task is gone.');
    const input = join(folder, 'source');
    await pipeline(storage.read(source.storage_key), createWriteStream(input));
    const extension = job.isVideo ? 'mp4' : 'm4a';
    const output = join(folder, `segment.${extension}`);
    const result = await run('ffmpeg', cutArguments(job, input, output));
    if (result.code !== 0) throw new Error(`ffmpeg could not cut the segment: ${result.stderr.split('\n').pop()}`);
    const blobId = await storeTenantBlob(db, storage, job.tenantId, {
      bytes: await readFile(output),
      fileName: `segment.${extension}`,
      contentType: job.isVideo ? 'video/mp4' : 'audio/mp4',
    });
    await record(
      event(job, 'MediaSegmentShare.Completed', {
        shareStatus: ShareStatus.Success,
        outputConfig: { serviceName: 'blobs', containerName: job.tenantId, basePath: job.shareId, mediaPath: blobId },
      }),
    );
  } catch (error) {
    await record(
      event(job, 'MediaSegmentShare.Failed', {
        shareStatus: ShareStatus.Failed,
        errorMessage: error instanceof Error ? error.message : String(error),
      }),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
