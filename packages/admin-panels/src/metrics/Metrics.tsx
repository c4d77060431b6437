/**
 * `<Metrics>`: how the work goes (product-spec §2 /metrics) — tasks by status, tasks to review per
 * workspace, reviews per person and the average time per status, over a period and one or all of
 * the person's workspaces (User/GetMetrics). Refreshed every 60 s (§9) without flicker: the last
 * answer stays on screen while the next loads, and the charts take new data in place.
 */
import { type ApiCallError, enumCodeOf, enumTextKey } from '@reviewdesk/api-client';
import { PermissionDeniedState, useApiClient, useCan, useUiTranslation } from '@reviewdesk/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useAdminPanelsStrings, useAdminPanelsTranslation } from '../i18n/resources';
import { QueryStates } from '../shared/QueryStates';
import { ChartFigure } from './ChartFigure';
import { durationParts, type MetricsPeriod, PERIODS, periodStart } from './period';
import { metricsStrings } from './strings';

/** Refresh interval of the metrics (spec §9). */
export const METRICS_REFRESH_INTERVAL_MS = 60_000;

/** Props of {@link Metrics}. */
export interface MetricsProps {
  /** Period shown first. @default '30d' */
  initialPeriod?: MetricsPeriod;
  /** Workspace shown first; all the person's workspaces when absent. */
  initialWorkspaceId?: string;
  /** @default 60 000 ms (spec §9) */
  refreshIntervalMs?: number;
  /** A call failed (the screen shows it too). */
  onError?: (error: ApiCallError | Error) => void;
  /** Extra class on the component's root element. */
  className?: string;
}

/**
 * @example
 * <Metrics initialPeriod="7d" />
 */
export function Metrics(props: MetricsProps) {
  useAdminPanelsStrings(metricsStrings);
  const can = useCan();
  if (!can('Metrics.View')) return <PermissionDeniedState />;
  return <MetricsView {...props} />;
}

function MetricsView({
  initialPeriod = '30d',
  initialWorkspaceId,
  refreshIntervalMs,
  onError,
  className,
}: MetricsProps) {
  const { t, culture } = useAdminPanelsTranslation();
  const ui = useUiTranslation();
  const api = useApiClient();
  const ids = useId();
  const [period, setPeriod] = useState<MetricsPeriod>(initialPeriod);
  const [workspaceId, setWorkspaceId] = useState(initialWorkspaceId ?? '');

  const workspaces = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/UserWorkspaces', {
      params: { query: { workspaceType: enumCodeOf('WorkspaceType', 'Standard') } },
    }),
  );
  const from = periodStart(period);
  const metrics = useQuery({
    ...api.queryOptions('get', '/api/v{version}/User/GetMetrics', {
      params: { query: { ...(workspaceId ? { workspaceIds: [workspaceId] } : {}), ...(from ? { from } : {}) } },
    }),
    placeholderData: keepPreviousData,
    refetchInterval: refreshIntervalMs ?? METRICS_REFRESH_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
  useEffect(() => {
    if (metrics.error) onError?.(metrics.error);
  }, [metrics.error, onError]);

  const statusName = (code: number) => {
    const key = enumTextKey('TaskStatus', code);
    return key ? ui.t(key) : ui.t('taskStatus.unknown', { code });
  };
  const duration = (ms: number) => {
    const { unit, value } = durationParts(ms);
    return t(`metrics.duration.${unit}`, { value: value.toLocaleString(culture) });
  };
  const updated = metrics.dataUpdatedAt
    ? new Date(metrics.dataUpdatedAt).toLocaleTimeString(culture, { hour: '2-digit', minute: '2-digit' })
    : '';

  return (
    <section className={['rd-admin rd-admin-metrics', className].filter(Boolean).join(' ')} data-testid="metrics">
      <h2 className="rd-admin__title">{t('metrics.title')}</h2>
      <fieldset className="rd-admin-metrics__filters">
        <legend className="rd-visually-hidden">{t('metrics.filtersLabel')}</legend>
        <label className="rd-field" htmlFor={`${ids}-period`}>
          <span className="rd-field__label">{t('metrics.period')}</span>
          <select
            id={`${ids}-period`}
            className="rd-input"
            value={period}
            data-testid="metrics.period"
            onChange={(event) => setPeriod(event.target.value as MetricsPeriod)}
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`metrics.periods.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="rd-field" htmlFor={`${ids}-workspace`}>
          <span className="rd-field__label">{t('metrics.workspace')}</span>
          <select
            id={`${ids}-workspace`}
            className="rd-input"
            value={workspaceId}
            data-testid="metrics.workspace"
            onChange={(event) => setWorkspaceId(event.target.value)}
          >
            <option value="">{t('metrics.allWorkspaces')}</option>
            {(workspaces.data ?? []).map((w) => (
              <option key={w.workspaceId} value={w.workspaceId}>
                {w.workspaceName}
              </option>
            ))}
          </select>
        </label>
        <span className="rd-admin-metrics__updated" role="status" aria-live="polite">
          {metrics.isFetching ? t('metrics.refreshing') : updated ? t('metrics.updatedAt', { time: updated }) : ''}
        </span>
      </fieldset>
      <QueryStates query={metrics}>
        {(data) => (
          <>
            <p className="rd-admin-metrics__summary" data-testid="metrics.summary">
              {t('metrics.summary', {
                workspaces: t('metrics.summaryWorkspaces', { count: data.workspaceCount }),
                processed: t('metrics.summaryProcessed', { count: data.processedTasksCount }),
              })}
            </p>
            <div className="rd-admin-metrics__grid">
              <ChartFigure
                id="by-status"
                title={t('metrics.byStatus')}
                labelHeader={t('metrics.status')}
                valueHeader={t('metrics.tasks')}
                empty={t('metrics.noData')}
                rows={(data.statusCounts ?? []).map((s) => ({
                  key: String(s.status),
                  label: statusName(s.status),
                  value: s.count,
                }))}
              />
              <ChartFigure
                id="to-review"
                title={t('metrics.toReview')}
                labelHeader={t('metrics.workspaceColumn')}
                valueHeader={t('metrics.tasks')}
                empty={t('metrics.noData')}
                rows={(data.toReviewByWorkspace ?? []).map((w) => ({
                  key: w.workspaceId,
                  label: w.displayName,
                  value: w.count,
                }))}
              />
              <ChartFigure
                id="reviewed"
                title={t('metrics.reviewed')}
                labelHeader={t('metrics.person')}
                valueHeader={t('metrics.tasks')}
                empty={t('metrics.noData')}
                rows={(data.reviewedByUser ?? []).map((u) => ({
                  key: u.userId,
                  label: u.userName ?? t('metrics.unknownPerson'),
                  value: u.count,
                }))}
              />
              <ChartFigure
                id="time-by-status"
                title={t('metrics.timeByStatus')}
                labelHeader={t('metrics.status')}
                valueHeader={t('metrics.averageTime')}
                empty={t('metrics.noData')}
                formatValue={duration}
                rows={(data.averageTimeByStatus ?? []).map((s) => ({
                  key: String(s.status),
                  label: statusName(s.status),
                  value: s.averageMilliseconds,
                  text: duration(s.averageMilliseconds),
                }))}
              />
            </div>
          </>
        )}
      </QueryStates>
    </section>
  );
}
