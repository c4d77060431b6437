/**
 * Placeholders for a region that has no content to show: loading, empty, failed or not
 * permitted. Defaults come from the `ui` translations so every package words them the same.
 */
import type { ReactNode } from 'react';
import { useUiTranslation } from '../../i18n/useTranslation';
import { cx } from '../../utils/cx';
import { Button } from '../Button/Button';

interface StateFrameProps {
  kind: 'empty' | 'error' | 'loading' | 'denied';
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  role?: 'status' | 'alert';
  className?: string;
}

function StateFrame({ kind, title, description, action, icon, role, className }: StateFrameProps) {
  return (
    <div className={cx('rd-state', `rd-state--${kind}`, className)} role={role}>
      <div className="rd-state__icon" aria-hidden="true">
        {icon ?? <span className={`rd-state__glyph rd-state__glyph--${kind}`} />}
      </div>
      <div className="rd-state__title">{title}</div>
      {description ? <div className="rd-state__description">{description}</div> : null}
      {action ? <div className="rd-state__action">{action}</div> : null}
    </div>
  );
}

/** Props shared by the empty, error and permission states. */
export interface StateProps {
  /** Heading; a translated default when omitted. */
  title?: ReactNode;
  /** Explanation; a translated default when omitted. */
  description?: ReactNode;
  /** A call to action (e.g. an import button). */
  action?: ReactNode;
  /** Replaces the default pictogram. */
  icon?: ReactNode;
  className?: string;
}

/**
 * Nothing to show yet.
 * @example
 * <EmptyState title="No tasks" action={<Button>Import</Button>} />
 */
export function EmptyState({ title, description, ...rest }: StateProps) {
  const { t } = useUiTranslation();
  return (
    <StateFrame
      kind="empty"
      title={title ?? t('states.emptyTitle')}
      description={description ?? t('states.emptyDescription')}
      {...rest}
    />
  );
}

/** Props of {@link ErrorState}. */
export interface ErrorStateProps extends StateProps {
  /** Shows a retry button calling this. */
  onRetry?: () => void;
}

/**
 * Loading failed; announced to screen readers as an alert.
 * @example
 * <ErrorState onRetry={() => query.refetch()} />
 */
export function ErrorState({ title, description, onRetry, action, ...rest }: ErrorStateProps) {
  const { t } = useUiTranslation();
  return (
    <StateFrame
      kind="error"
      role="alert"
      title={title ?? t('states.errorTitle')}
      description={description ?? t('states.errorDescription')}
      action={action ?? (onRetry ? <Button onClick={onRetry}>{t('common.retry')}</Button> : undefined)}
      {...rest}
    />
  );
}

/**
 * The user lacks the ability a region needs (spec §6). Use it instead of hiding a whole
 * screen silently.
 * @example
 * can('Task.ListView') ? <TaskList /> : <PermissionDeniedState />
 */
export function PermissionDeniedState({ title, description, ...rest }: StateProps) {
  const { t } = useUiTranslation();
  return (
    <StateFrame
      kind="denied"
      title={title ?? t('states.permissionDeniedTitle')}
      description={description ?? t('states.permissionDeniedDescription')}
      {...rest}
    />
  );
}

/** Props of {@link LoadingState}. */
export interface LoadingStateProps {
  /** What is loading; `states.loading` ("Loading…") by default. */
  label?: ReactNode;
  className?: string;
}

/**
 * A spinner with a label, in a polite live region.
 * @example
 * <LoadingState label="Loading tasks…" />
 */
export function LoadingState({ label, className }: LoadingStateProps) {
  const { t } = useUiTranslation();
  return (
    <StateFrame
      kind="loading"
      role="status"
      icon={<span className="rd-spinner" />}
      title={label ?? t('states.loading')}
      className={className}
    />
  );
}
