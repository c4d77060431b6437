/** The counts of the workspace (processing / to review / in review / processed) from CountTotal, refreshed with the list. */
import { TASK_LIST_REFRESH_INTERVAL_MS } from '@reviewdesk/api-client';
import { useApiClient } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { useTaskListTranslation } from '../i18n/resources';

const COUNTS = [
  ['processing', 'processingCount'],
  ['toReview', 'toReviewCount'],
  ['inReview', 'inReviewCount'],
  ['processed', 'processedCount'],
] as const;

export function CountsHeader({ workspaceId, refreshIntervalMs }: { workspaceId: string; refreshIntervalMs?: number }) {
  const { t, culture } = useTaskListTranslation();
  const api = useApiClient();
  const counts = useQuery({
    ...api.queryOptions('get', '/api/v{version}/SdTask/CountTotal', {
      params: { query: { workspaceIds: [workspaceId] } },
    }),
    refetchInterval: refreshIntervalMs ?? TASK_LIST_REFRESH_INTERVAL_MS,
    enabled: Boolean(workspaceId),
  });
  const number = new Intl.NumberFormat(culture);
  return (
    <dl className="rd-task-list__counts" aria-label={t('counts.label')} data-testid="task-list.counts">
      {COUNTS.map(([key, field]) => (
        <div key={key} className={`rd-task-list__count rd-task-list__count--${key}`}>
          <dt className="rd-task-list__count-label">{t(`counts.${key}`)}</dt>
          <dd className="rd-task-list__count-value" data-testid={`task-list.count.${key}`}>
            {counts.data ? number.format(counts.data[field]) : '–'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
