/**
 * A task's status in its column: the ui badge, cut with an ellipsis when the column is narrower
 * than the status name, with the whole name as the native tooltip (a floating tooltip per row
 * would be mounted 20 times on every page change). The name comes from the list's label cache.
 */
import { TaskStatusBadge } from '@reviewdesk/ui';
import { memo } from 'react';

/**
 * Memoised on the status and its name: a row reused for another task of the same status on a
 * page change leaves its badge alone, and a new status reads its name from the list's cache
 * instead of translating it once per row.
 */
export const TaskStatusCell = memo(function TaskStatusCell({ status, name }: { status: number; name: string }) {
  return (
    <span className="rd-task-list__status" title={name}>
      <TaskStatusBadge status={status} label={name} />
    </span>
  );
});
