/**
 * The counts of the workspace (processing / to review / in review / processed) from CountTotal,
 * refreshed with the list. "To review" carries the to-review tab's name, so it shows that tab's
 * own count (every task of the main list, whatever its stage) rather than CountTotal's narrower
 * "status ToReview": the number a user reads above the tab is the number of rows in it.
 */
import { type ApiClient, type Schema, TASK_LIST_REFRESH_INTERVAL_MS } from '@reviewdesk/api-client';
import { useApiClient } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { memo, useMemo } from 'react';
import { taskPageQueryOptions } from '../data/useTaskPage';
import { useTaskListTranslation } from '../i18n/resources';
import { EMPTY_FILTERS } from '../model/query';

const COUNTS = [
  ['processing', 'processingCount'],
  ['toReview', 'toReviewCount'],
  ['inReview', 'inReviewCount'],
  ['processed', 'processedCount'],
] as const;

/** How many tasks the to-review tab lists with nothing searched or filtered (one row is asked for). */
function useToReviewTabCount(api: ApiClient, workspaceId: string, refreshIntervalMs: number | undefined) {
  const { select: _asRows, ...options } = taskPageQueryOptions(api, {
    workspaceId,
    tab: 'to-review',
    search: '',
    filters: EMPTY_FILTERS,
    sort: null,
    pageNumber: 1,
    pageSize: 1,
    archiveToken: null,
    refreshIntervalMs,
  });
  return useQuery({ ...options, select: (raw: unknown) => (raw as Schema<'PageOfTaskListItem'>).totalCount });
}

/** Memoised: the list re-renders on every page change, the counts only when they change. */
export const CountsHeader = memo(function CountsHeader({
  workspaceId,
  refreshIntervalMs,
}: {
  workspaceId: string;
  refreshIntervalMs?: number;
}) {
  const { t, culture } = useTaskListTranslation();
  const api = useApiClient();
  const counts = useQuery({
    ...api.queryOptions('get', '/api/v{version}/SdTask/CountTotal', {
      params: { query: { workspaceIds: [workspaceId] } },
    }),
    refetchInterval: refreshIntervalMs ?? TASK_LIST_REFRESH_INTERVAL_MS,
    enabled: Boolean(workspaceId),
  });
  const toReviewTab = useToReviewTabCount(api, workspaceId, refreshIntervalMs);
  const number = useMemo(() => new Intl.NumberFormat(culture), [culture]);
  const countOf = (field: (typeof COUNTS)[number][1]): number | null => {
    if (field === 'toReviewCount') return toReviewTab.data ?? null;
    return counts.data ? counts.data[field] : null;
  };
  return (
    <dl className="rd-task-list__counts" aria-label={t('counts.label')} data-testid="task-list.counts">
      {COUNTS.map(([key, field]) => {
        const value = countOf(field);
        return (
          <div key={key} className={`rd-task-list__count rd-task-list__count--${key}`}>
            <dt className="rd-task-list__count-label">{t(`counts.${key}`)}</dt>
            <dd className="rd-task-list__count-value" data-testid={`task-list.count.${key}`}>
              {value === null ? '–' : number.format(value)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
});
