// The worker that cuts shared media segments: it claims the oldest share in Generating (any
// tenant) with a lease, renewed while ffmpeg runs, and cuts it (segment-render.ts). A process that
// stops mid-cut leaves its claim to run out, and the share is cut again by whichever worker looks
// next (the first one's late cut, should it end after all, is thrown away: segment-render.ts); a
// segment that has taken its worker down MAX_RENDER_ATTEMPTS times is Failed instead of being
// tried forever. Runs beside the task workers (WORKERS > 0, and in worker processes).
import { ShareStatus } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { SegmentRenderQueue } from '../../db/repositories/task-shares.js';
import { TasksRepository } from '../../db/repositories/tasks.js';
import type { TaskShareRow } from '../../db/schema.js';
import { segmentJobOf } from '../../domain/sharing/media-segment.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { startJobLoop } from '../worker/job-loop.js';
import { recordRenderFailure, renderSegment } from './segment-render.js';

/** How long a claim lasts without renewal: a few renewals fit in it, a stopped process frees it soon. */
export const SEGMENT_LEASE_MS = 60_000;
/** Claims of one share before it is given up as Failed. */
export const MAX_RENDER_ATTEMPTS = 3;

export interface SegmentRendererDeps {
  db: Db;
  storage: BlobStorage;
  workerId: string;
  leaseMs?: number;
}

/** Claims and cuts the next waiting segment; resolves to its share, or undefined when none waits. */
export async function renderNextSegment(
  deps: SegmentRendererDeps,
  now = new Date(),
): Promise<TaskShareRow | undefined> {
  const leaseMs = deps.leaseMs ?? SEGMENT_LEASE_MS;
  const queue = new SegmentRenderQueue(deps.db);
  const share = await queue.claim(ShareStatus.Generating, deps.workerId, leaseMs, now);
  if (!share) return undefined;
  const task = await new TasksRepository(deps.db, share.tenant_id).byId(share.task_id);
  const job = task ? segmentJobOf(share, task) : undefined;
  const failed = (message: string) =>
    recordRenderFailure(deps.db, { tenantId: share.tenant_id, requestId: share.request_id ?? '' }, message);
  if (!job) {
    await failed('The recording of the task is gone.');
    return share;
  }
  if (share.render_attempts > MAX_RENDER_ATTEMPTS) {
    await failed(`The segment could not be cut in ${MAX_RENDER_ATTEMPTS} attempts.`);
    return share;
  }
  const renew = setInterval(() => {
    void queue.renewLease(share.id, deps.workerId, new Date(Date.now() + leaseMs)).catch(() => undefined);
  }, leaseMs / 3);
  try {
    await renderSegment(deps.db, deps.storage, job, deps.workerId);
  } finally {
    clearInterval(renew);
  }
  return share;
}

export interface SegmentRenderer {
  stop(): Promise<void>;
}

/** Cuts segments until stopped, looking again every `idleMs` when none waits. */
export function startSegmentRenderer(
  deps: SegmentRendererDeps & { idleMs?: number; log?: (message: string, error?: unknown) => void },
): SegmentRenderer {
  return startJobLoop({
    next: () => renderNextSegment(deps),
    idleMs: deps.idleMs ?? 1000,
    failure: 'cutting a shared segment failed',
    log: deps.log,
  });
}
