// Wakes idle workers when a task enters one of their queues. The database sends the signal from
// the transaction that queues the task (migration 0024's trigger: channel `reviewdesk_work`, the
// queued status as payload), so a worker hears of an import the moment it is committed, from any
// process on the same database; the workers' poll remains only as a slow safety net.
import type { Notifications, StopListening } from '../../db/notifications.js';
import type { Stage } from './stage.js';

/** The channel migration 0024 notifies on. */
export const WORK_QUEUED_CHANNEL = 'reviewdesk_work';

/**
 * Calls `wake` when a task is queued for one of `stages`, and after the listener reconnected (it
 * may have missed some). Resolves when listening; resolves to undefined when it could not start.
 */
export async function wakeOnQueuedWork(
  notifications: Notifications,
  stages: readonly Stage[],
  wake: () => void,
  log: (message: string, error?: unknown) => void,
): Promise<StopListening | undefined> {
  const queued = new Set(stages.map((s) => String(s.queued)));
  try {
    return await notifications.listen(
      WORK_QUEUED_CHANNEL,
      (status) => {
        if (queued.has(status)) wake();
      },
      { onReconnect: wake, log },
    );
  } catch (error) {
    log('listening for queued work failed; workers fall back to polling', error);
    return undefined;
  }
}
