/**
 * The processing trace of a task from its events (SdTask/Events): each event in the order it
 * happened, when it happened relative to the first, how long until the next, and the status it
 * moved the task to (status changes carry `{ from, to }` in their payload). Kept free of React
 * so the numbers are tested on their own.
 */
import { enumCodeOf, type Schema } from '@reviewdesk/api-client';
import { inOrderOfHappening } from '@reviewdesk/ui';

/** One line of the trace. */
export interface TraceStep {
  createdOn: string;
  /** Milliseconds since the first event. */
  sinceStartMs: number;
  /** Milliseconds until the next event; null for the last one (still going on). */
  durationMs: number | null;
  eventType: string;
  /** The status the event moved the task to, when it changed the status. */
  status: number | null;
  /** The server's own sentence, shown as detail. */
  description: string;
}

/** The trace and what a developer reads first. */
export interface Trace {
  steps: TraceStep[];
  /** From the first event to the first time the task was ready to review; null if it never was. */
  readyAfterMs: number | null;
  /** The longest step that has ended: where the time went. */
  slowest: TraceStep | null;
}

const READY = enumCodeOf('TaskStatus', 'ToReview');

function statusReached(payload: string | null | undefined): number | null {
  if (!payload) return null;
  try {
    const to = (JSON.parse(payload) as { to?: unknown }).to;
    return typeof to === 'number' ? to : null;
  } catch {
    return null;
  }
}

/** The trace of a task's events as the server lists them (newest first). */
export function traceOf(events: readonly Schema<'AuditEvent'>[]): Trace {
  const ordered = inOrderOfHappening(events);
  const times = ordered.map((event) => Date.parse(event.createdOn));
  const start = times[0] ?? 0;
  const steps = ordered.map((event, index): TraceStep => {
    const at = times[index] ?? start;
    const next = times[index + 1];
    return {
      createdOn: event.createdOn,
      sinceStartMs: at - start,
      durationMs: next === undefined ? null : next - at,
      eventType: event.entityTypeText ?? '',
      status: statusReached(event.payload),
      description: event.eventDescription,
    };
  });
  const ready = steps.find((step) => step.status === READY);
  const slowest = steps.reduce<TraceStep | null>(
    (longest, step) => (step.durationMs !== null && step.durationMs > (longest?.durationMs ?? -1) ? step : longest),
    null,
  );
  return { steps, readyAfterMs: ready ? ready.sinceStartMs : null, slowest };
}
