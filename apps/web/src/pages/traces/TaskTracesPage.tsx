/**
 * /task/traces: the developer dashboard of a task (row action devdashboard; SdTask/TracesDashboardUrl
 * points here). How the task went through processing: its events in the order they happened, how
 * long each step took, the status each one reached, when it became ready to review and where the
 * time went. The server's sentences appear only as detail; everything else is translated.
 */
import type { Schema } from '@reviewdesk/api-client';
import {
  EmptyState,
  ErrorState,
  LoadingState,
  type TableColumn,
  TableShell,
  TaskStatusBadge,
  useApiClient,
  useServerMessages,
} from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useWebTranslation } from '../../i18n/useWebTranslation';
import { traceOf } from './traceSteps';

/** Seconds with one decimal, in the person's culture ("4,2 s"). */
function useDuration() {
  const { culture } = useWebTranslation();
  return useMemo(() => {
    const seconds = new Intl.NumberFormat(culture, {
      style: 'unit',
      unit: 'second',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    });
    return (ms: number) => seconds.format(ms / 1000);
  }, [culture]);
}

/** Test ids: `traces`, `traces.no-task`, `traces.load-error`, `traces.ready-after`, `traces.step`. */
export function TaskTracesPage() {
  const api = useApiClient();
  const { t, culture } = useWebTranslation();
  const { errorMessage, eventTypeText } = useServerMessages();
  const [params] = useSearchParams();
  const taskId = params.get('taskId') ?? '';
  const workspaceId = params.get('workspaceId') ?? '';
  const task = useQuery({
    ...api.queryOptions('get', '/api/v{version}/SdTask/{id}', { params: { path: { id: taskId } } }),
    enabled: Boolean(taskId),
  });
  const events = useQuery({
    ...api.queryOptions('get', '/api/v{version}/SdTask/Events/{taskId}', { params: { path: { taskId } } }),
    enabled: Boolean(taskId),
  });
  const duration = useDuration();
  const time = useMemo(() => new Intl.DateTimeFormat(culture, { timeStyle: 'medium' }), [culture]);
  const trace = useMemo(() => traceOf((events.data ?? []) as Schema<'AuditEvent'>[]), [events.data]);
  const columns = useMemo<TableColumn[]>(
    () =>
      (['time', 'sinceStart', 'duration', 'event', 'status', 'detail'] as const).map((id) => ({
        id,
        header: t(`traces.columns.${id}`),
      })),
    [t],
  );

  if (!taskId) {
    return (
      <section className="rd-app-page" data-testid="traces.no-task">
        <EmptyState title={t('traces.title')} description={t('traces.noTask')} />
      </section>
    );
  }
  if (task.isPending || events.isPending) return <LoadingState />;
  const failed = task.error ?? events.error;
  if (failed) {
    const { message, detail } = errorMessage(failed);
    return (
      <section className="rd-app-page" data-testid="traces.load-error">
        <ErrorState
          title={t('traces.loadFailed')}
          description={detail ? `${message} ${detail}` : message}
          onRetry={() => {
            void task.refetch();
            void events.refetch();
          }}
        />
      </section>
    );
  }
  const viewerQuery = new URLSearchParams({ taskId, ...(workspaceId ? { workspaceId } : {}) });
  return (
    <section className="rd-app-page rd-app-traces" data-testid="traces">
      <h1 className="rd-app-page__title">{t('traces.title')}</h1>
      <p>
        {t('traces.subtitle', { name: task.data?.displayName ?? '' })}{' '}
        <Link to={`/task/viewer?${viewerQuery}`}>{t('traces.openTask')}</Link>
      </p>
      <dl className="rd-app-traces__summary">
        <div>
          <dt>{t('traces.currentStatus')}</dt>
          <dd>{task.data ? <TaskStatusBadge status={task.data.status} /> : null}</dd>
        </div>
        <div>
          <dt>{t('traces.readyAfter')}</dt>
          <dd data-testid="traces.ready-after">
            {trace.readyAfterMs === null ? t('traces.notReady') : duration(trace.readyAfterMs)}
          </dd>
        </div>
        <div>
          <dt>{t('traces.slowest')}</dt>
          <dd>
            {trace.slowest?.durationMs != null
              ? `${eventTypeText(trace.slowest.eventType)} · ${duration(trace.slowest.durationMs)}`
              : '–'}
          </dd>
        </div>
        <div>
          <dt>{t('traces.eventCount')}</dt>
          <dd>{new Intl.NumberFormat(culture).format(trace.steps.length)}</dd>
        </div>
      </dl>
      <TableShell
        className="rd-app-traces__table"
        caption={t('traces.caption')}
        hideCaption
        columns={columns}
        status={trace.steps.length === 0 ? 'empty' : 'ready'}
        empty={<EmptyState title={t('traces.empty')} />}
      >
        {trace.steps.map((step, index) => (
          // Events have no id; their place in the trace is stable for one answer.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <tr key={index} data-testid="traces.step" data-event-type={step.eventType}>
            <td className="rd-table__td">
              <time dateTime={step.createdOn}>{time.format(new Date(step.createdOn))}</time>
            </td>
            <td className="rd-table__td">{duration(step.sinceStartMs)}</td>
            <td className="rd-table__td">
              {step.durationMs === null ? t('traces.ongoing') : duration(step.durationMs)}
            </td>
            <td className="rd-table__td">{eventTypeText(step.eventType)}</td>
            <td className="rd-table__td">{step.status === null ? '–' : <TaskStatusBadge status={step.status} />}</td>
            <td className="rd-table__td rd-app-traces__detail" lang="en">
              {step.description}
            </td>
          </tr>
        ))}
      </TableShell>
    </section>
  );
}
