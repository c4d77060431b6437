/**
 * The checkout lease of a review session, the same for every kind of task (Viewer/Checkout,
 * Review/Renew, Review/Cancel): taken when a reviewable task opens, renewed on the reviewer's
 * activity (never more often than CHECKOUT_RENEWAL_MIN_INTERVAL_MS), watched for expiry, and
 * given back when the reviewer leaves with nothing unsaved, so looking at a task never locks it.
 * The give-back is sent `keepalive`, so it outlives a closing tab.
 */

import type { components } from '@reviewdesk/api-client';
import { type ApiClient, CHECKOUT_RENEWAL_MIN_INTERVAL_MS, enumCodeOf } from '@reviewdesk/api-client';
import { refusalErrorOf, type SessionError, sessionErrorOf } from './session-error.js';

export type CheckoutResult = components['schemas']['CheckoutResult'];
type ApiErrorItem = components['schemas']['ApiErrorItem'];

/** How a checkout was lost. */
export type CheckoutLostReason = 'expired' | 'taken';

/** Why a checkout was refused. */
export type CheckoutRefusal = 'checked-out-by-other' | 'assigned-to-other' | 'cannot-review';

/** A failure the lease reports to the session (which reports it to the host). */
export type LeaseError = SessionError<'checkout' | 'renew'>;

export const TaskErrorCode = {
  CheckedOutByOtherUser: enumCodeOf('TaskErrorCode', 'CheckedOutByOtherUser'),
  AssignedToOtherUser: enumCodeOf('TaskErrorCode', 'AssignedToOtherUser'),
  InvalidAssignmentState: enumCodeOf('TaskErrorCode', 'InvalidAssignmentState'),
} as const;

/** Refusals that mean the task is no longer the reviewer's to edit. */
export function ownershipLost(errors: readonly ApiErrorItem[]): boolean {
  return errors.some((e) => (Object.values(TaskErrorCode) as number[]).includes(e.code as number));
}

export interface CheckoutLeaseOptions {
  client: ApiClient;
  /** The task's id, known once the task is loaded. */
  taskId: () => string | null;
  workspaceId: () => string | null;
  externalId?: string | null;
  now?: () => number;
  /** The held checkout changed (taken, renewed, released, lost). */
  onChange: (checkout: CheckoutResult | null) => void;
  /** The checkout expired or someone else took the task. */
  onLost: (reason: CheckoutLostReason) => void;
  onError: (error: LeaseError) => void;
}

export interface CheckoutLease {
  /** Takes the task: the checkout, or why it was refused. */
  take(): Promise<{ checkout: CheckoutResult } | { refused: CheckoutRefusal }>;
  /** The reviewer did something: renews when due. */
  noteActivity(): void;
  /** Gives the task back (keepalive). Resolves whether the server released it. */
  release(): Promise<boolean>;
  /** The checkout ended otherwise (finished, cancelled, lost): stop watching it. */
  end(): void;
  /** The refusal or error answers that mean the task was taken: marks the checkout lost. */
  lose(reason: CheckoutLostReason): void;
  held(): CheckoutResult | null;
}

const RENEW_RETRY_MS = 30_000;

export function createCheckoutLease(options: CheckoutLeaseOptions): CheckoutLease {
  const { client } = options;
  const now = options.now ?? Date.now;
  const externalId = options.externalId ?? null;
  let current: CheckoutResult | null = null;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let lastRenewAt = 0;
  let lastRenewAttemptAt = 0;
  let renewing = false;
  let lost = false;

  const hold = (checkout: CheckoutResult | null) => {
    current = checkout;
    clearTimeout(expiryTimer);
    if (checkout) {
      const left = Date.parse(checkout.until) - now();
      expiryTimer = setTimeout(() => lease.lose('expired'), Math.max(0, left));
    }
    options.onChange(checkout);
  };

  const renew = async () => {
    const taskId = options.taskId();
    if (!taskId || renewing) return;
    renewing = true;
    lastRenewAttemptAt = now();
    try {
      const { data } = await client.call('Viewer_ReviewRenew', {
        params: { path: { taskId }, query: { externalId } },
      });
      if (data.succeeded && data.result) {
        lastRenewAt = now();
        hold(data.result);
      } else if (ownershipLost(data.errors)) lease.lose('taken');
      else options.onError(refusalErrorOf('renew', data.errors));
    } catch (error) {
      options.onError(sessionErrorOf('renew', error));
    } finally {
      renewing = false;
    }
  };

  const lease: CheckoutLease = {
    async take() {
      try {
        const { data } = await client.call('Viewer_Checkout', {
          body: { taskId: options.taskId(), workspaceId: options.workspaceId(), externalId },
        });
        if (data.succeeded && data.result) {
          lost = false;
          lastRenewAt = now();
          lastRenewAttemptAt = lastRenewAt;
          hold(data.result);
          return { checkout: data.result };
        }
        const code = data.errors[0]?.code;
        if (code === TaskErrorCode.CheckedOutByOtherUser) return { refused: 'checked-out-by-other' };
        if (code === TaskErrorCode.AssignedToOtherUser) return { refused: 'assigned-to-other' };
        options.onError(refusalErrorOf('checkout', data.errors));
        return { refused: 'cannot-review' };
      } catch (error) {
        options.onError(sessionErrorOf('checkout', error));
        return { refused: 'cannot-review' };
      }
    },
    noteActivity() {
      if (!current) return;
      const t = now();
      const due = t - lastRenewAt >= CHECKOUT_RENEWAL_MIN_INTERVAL_MS;
      const mayRetry = t - lastRenewAttemptAt >= RENEW_RETRY_MS;
      if (due && mayRetry) void renew();
    },
    async release() {
      const taskId = options.taskId();
      if (!current || !taskId) return false;
      hold(null);
      try {
        const { data } = await client.call('Viewer_ReviewCancel', {
          params: { path: { taskId }, query: { externalId } },
          keepalive: true,
        });
        return Boolean(data.succeeded);
      } catch {
        // The lease runs out by itself; nothing the reviewer did is at stake.
        return false;
      }
    },
    end() {
      clearTimeout(expiryTimer);
      current = null;
    },
    lose(reason) {
      clearTimeout(expiryTimer);
      if (lost) return;
      lost = true;
      current = null;
      options.onChange(null);
      options.onLost(reason);
    },
    held: () => current,
  };
  return lease;
}

/**
 * Calls `onHide` when the page is hidden for good or frozen (pagehide: tab closed, navigation, the
 * back/forward cache) and `onRestore` when it comes back from that cache. Returns the unsubscribe.
 */
export function watchPageLifecycle(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null,
  handlers: { onHide: () => void; onRestore: () => void },
): () => void {
  if (!target) return () => undefined;
  const hide = () => handlers.onHide();
  const show = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) handlers.onRestore();
  };
  target.addEventListener('pagehide', hide);
  target.addEventListener('pageshow', show);
  return () => {
    target.removeEventListener('pagehide', hide);
    target.removeEventListener('pageshow', show);
  };
}

/** The window, when there is one with events (not in Node). */
export const defaultPageLifecycle = (): Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null =>
  typeof globalThis.addEventListener === 'function' ? globalThis : null;
