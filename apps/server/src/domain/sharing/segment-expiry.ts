// Segment shares expire: past its date a share (Generating, Success, or Failed) becomes Expired and
// its cut file, if any, is removed, so the segment is no longer served even through a
// signed address handed out before. The scheduler sweeps every tenant; the public page and the
// share history expire a task's shares at once when they read one past its date, without waiting
// for the next sweep. Each share is taken under a row lock others skip.
import { ShareStatus } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { SegmentRenderQueue } from '../../db/repositories/task-shares.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { removeTenantBlobs } from '../../storage/store-blob.js';

const EXPIRING = [ShareStatus.Generating, ShareStatus.Failed, ShareStatus.Success] as const;

/** Expires the segment shares due by `now` (of one task, or all; at most `limit`); resolves to their ids. */
export async function expireSegmentShares(
  db: Db,
  storage: BlobStorage,
  now: Date,
  options: { taskId?: string; limit?: number } = {},
): Promise<string[]> {
  const queue = new SegmentRenderQueue(db);
  const expired: string[] = [];
  while (expired.length < (options.limit ?? 100)) {
    const share = await queue.expireNext(EXPIRING, ShareStatus.Expired, now, { taskId: options.taskId });
    if (!share) break;
    const blobId = (share.output_config as { mediaPath?: string } | null)?.mediaPath;
    if (blobId) await removeTenantBlobs(db, storage, share.tenant_id, [blobId]);
    expired.push(share.id);
  }
  return expired;
}
