/**
 * Task statuses (spec §4) as the badge shows them. Names, codes and i18n keys come from
 * `@reviewdesk/api-client`'s enum helpers (generated from the contract), so a new status in
 * the contract needs only its translations here.
 */
import { type EnumMemberName, enumNameOf } from '@reviewdesk/api-client';

/** A task status name, e.g. `'ToReview'`. */
export type TaskStatusName = EnumMemberName<'TaskStatus'>;

/**
 * The status name of a code, or `undefined` for a code this version does not know. Codes of the
 * spec's second reading (ExportSuccessful 94) resolve too.
 */
export function taskStatusName(code: number): TaskStatusName | undefined {
  return enumNameOf('TaskStatus', code);
}

/** Colour family of a badge. */
export type StatusTone = 'neutral' | 'info' | 'primary' | 'success' | 'danger';

const DONE: ReadonlySet<string> = new Set([
  'Processed',
  'SplitProcessed',
  'ExportSuccessful',
  'ProcessedAfterPeriodAndDeletedFiles',
]);

/** How a status reads at a glance: failures red, waiting grey, work running blue, done green. */
export function taskStatusTone(name: TaskStatusName | undefined): StatusTone {
  if (!name) return 'neutral';
  if (/Failed|Error|Invalid|Expired|Insufficient/.test(name)) return 'danger';
  if (name === 'ToReview') return 'primary';
  if (DONE.has(name)) return 'success';
  if (name.startsWith('Queued') || name.startsWith('Delet')) return 'neutral';
  return 'info';
}
