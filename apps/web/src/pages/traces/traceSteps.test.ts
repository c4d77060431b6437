import type { Schema } from '@reviewdesk/api-client';
import { describe, expect, it } from 'vitest';
import { traceOf } from './traceSteps';

const event = (createdOn: string, entityTypeText: string, payload: object = {}): Schema<'AuditEvent'> => ({
  createdOn,
  entityTypeText,
  eventDescription: `${entityTypeText} at ${createdOn}`,
  payload: JSON.stringify(payload),
});

describe('traceOf', () => {
  it('orders the events, measures each step and finds when the task became ready to review', () => {
    // As the server lists them: newest first.
    const trace = traceOf([
      event('2026-11-25T09:00:09.000Z', 'StatusChanged', { from: 70, to: 60 }),
      event('2026-11-25T09:00:04.000Z', 'StatusChanged', { from: 50, to: 60 }),
      event('2026-11-25T09:00:03.500Z', 'ProcessingNote'),
      event('2026-11-25T09:00:00.500Z', 'StatusChanged', { from: 30, to: 40 }),
      event('2026-11-25T09:00:00.000Z', 'TaskCreated', { status: 30 }),
    ]);
    expect(trace.steps.map((s) => [s.eventType, s.status, s.sinceStartMs, s.durationMs])).toEqual([
      ['TaskCreated', null, 0, 500],
      ['StatusChanged', 40, 500, 3000],
      ['ProcessingNote', null, 3500, 500],
      ['StatusChanged', 60, 4000, 5000],
      ['StatusChanged', 60, 9000, null],
    ]);
    expect(trace.readyAfterMs).toBe(4000);
    expect(trace.slowest?.sinceStartMs).toBe(4000);
  });

  it('has no ready time for a task still in the pipeline, and survives a payload that is not JSON', () => {
    const trace = traceOf([
      { ...event('2026-11-25T09:00:01Z', 'StatusChanged'), payload: 'not json' },
      event('2026-11-25T09:00:00Z', 'TaskCreated'),
    ]);
    expect(trace.readyAfterMs).toBeNull();
    expect(trace.steps[1]?.status).toBeNull();
    expect(traceOf([])).toEqual({ steps: [], readyAfterMs: null, slowest: null });
  });
});
