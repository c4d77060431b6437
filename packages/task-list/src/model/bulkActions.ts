/**
 * Which bulk actions the selection bar offers: the user's permission AND what the server
 * implements AND what works for the tasks (the document bulk export fails for recordings).
 */
import type { Can } from '@reviewdesk/ui';
import { BULK_OPERATIONS, SUPPORTS_EVERYTHING, type SupportsOperation } from './operations';

/** A bulk action, in bar order. */
export type BulkAction = 'reprocess' | 'export' | 'delete';

export function availableBulkActions(
  can: Can,
  { media = false, supports = SUPPORTS_EVERYTHING }: { media?: boolean; supports?: SupportsOperation } = {},
): BulkAction[] {
  const actions: BulkAction[] = [];
  if (can('Task.ReprocessMany') && supports(BULK_OPERATIONS.reprocess)) actions.push('reprocess');
  if (!media && supports(BULK_OPERATIONS.export)) actions.push('export');
  if (can('Task.DeleteMany') && supports(BULK_OPERATIONS.delete)) actions.push('delete');
  return actions;
}
