/**
 * A task's status in its column: the ui badge, cut with an ellipsis when the column is narrower
 * than the status name, with the whole name as the native tooltip (a floating tooltip per row
 * would be mounted 25 times on every page change).
 */
import { enumTextKey } from '@reviewdesk/api-client';
import { TaskStatusBadge, useUiTranslation } from '@reviewdesk/ui';

export function TaskStatusCell({ status }: { status: number }) {
  const { t } = useUiTranslation();
  const key = enumTextKey('TaskStatus', status);
  const name = key ? t(key) : t('taskStatus.unknown', { code: status });
  return (
    <span className="rd-task-list__status" title={name}>
      <TaskStatusBadge status={status} />
    </span>
  );
}
