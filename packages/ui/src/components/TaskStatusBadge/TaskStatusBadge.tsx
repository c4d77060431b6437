import { enumTextKey } from '@reviewdesk/api-client';
import { useUiTranslation } from '../../i18n/useTranslation';
import { taskStatusName, taskStatusTone } from '../../status/taskStatus';
import { cx } from '../../utils/cx';

/** Props of {@link TaskStatusBadge}. */
export interface TaskStatusBadgeProps {
  /** The task's status code as the API sends it (e.g. 60 for ToReview). */
  status: number;
  /**
   * The status's name, already translated, from a caller that shows many badges (a list caches
   * one name per status and language): the badge then makes no translation lookup of its own.
   */
  label?: string;
  className?: string;
}

/**
 * A task's status as a coloured, translated badge. Unknown codes (a newer server) show as
 * "Unknown status (code)" rather than breaking the row.
 * @example
 * <TaskStatusBadge status={task.status} />
 */
export function TaskStatusBadge({ status, label, className }: TaskStatusBadgeProps) {
  const { t } = useUiTranslation();
  const name = taskStatusName(status);
  const tone = taskStatusTone(name);
  // The contract's i18n key (`taskStatus.ToReview`); typecheck proves every one is a ui key.
  const key = enumTextKey('TaskStatus', status);
  return (
    <span className={cx('rd-badge', `rd-badge--${tone}`, className)} data-status={name ?? status}>
      <span className="rd-badge__dot" aria-hidden="true" />
      {label ?? (key ? t(key) : t('taskStatus.unknown', { code: status }))}
    </span>
  );
}
