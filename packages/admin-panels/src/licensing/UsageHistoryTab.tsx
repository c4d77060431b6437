/**
 * The "usage history" tab: the credits each processed task used, newest first
 * (License/GetLicenseVolumeHistory), a continuation page at a time — "show more" sends the token of
 * the page before until the server answers none.
 */
import { Button, EmptyState, TableShell, useApiClient } from '@reviewdesk/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useAdminPanelsTranslation } from '../i18n/resources';

/** Items per page the screen asks for. */
export const USAGE_PAGE_SIZE = 50;

export function UsageHistoryTab() {
  const { t, culture } = useAdminPanelsTranslation();
  const api = useApiClient();
  const date = new Intl.DateTimeFormat(culture, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(culture, { maximumFractionDigits: 2 });
  const usage = useInfiniteQuery({
    queryKey: ['admin-panels', 'licensing', 'usage'],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const { data } = await api.POST('/api/v{version}/License/GetLicenseVolumeHistory', {
        params: { query: pageParam ? { continuationToken: pageParam } : {} },
        body: { pageSize: USAGE_PAGE_SIZE },
      });
      return data ?? { items: [], continuationToken: null };
    },
    getNextPageParam: (last) => last.continuationToken ?? undefined,
  });
  const rows = usage.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="rd-admin__stack" data-testid="licensing.usage">
      <TableShell
        caption={t('licensing.usage.caption')}
        columns={[
          { id: 'date', header: t('licensing.usage.processDate') },
          { id: 'document', header: t('licensing.usage.documentName') },
          { id: 'pages', header: t('licensing.usage.pages') },
          { id: 'credits', header: t('licensing.usage.creditsSpent') },
          { id: 'left', header: t('licensing.usage.left') },
        ]}
        status={usage.isPending ? 'loading' : usage.isError ? 'error' : rows.length === 0 ? 'empty' : 'ready'}
        empty={<EmptyState title={t('licensing.usage.none')} />}
        onRetry={() => void usage.refetch()}
        footer={
          usage.hasNextPage ? (
            <Button
              loading={usage.isFetchingNextPage}
              onClick={() => void usage.fetchNextPage()}
              data-testid="licensing.usage.more"
            >
              {usage.isFetchingNextPage ? t('licensing.usage.loadingMore') : t('licensing.usage.more')}
            </Button>
          ) : null
        }
      >
        {rows.map((row) => (
          // Usage items have no id of their own; a task is charged once, at one time.
          <tr
            key={`${row.licenseId}|${row.processDate}|${row.documentName}`}
            className="rd-table__row"
            data-testid="licensing.usage.row"
          >
            <td className="rd-table__cell">{date.format(new Date(row.processDate))}</td>
            <td className="rd-table__cell rd-admin__break">{row.documentName ?? '—'}</td>
            <td className="rd-table__cell">{row.totalPages ?? '—'}</td>
            <td className="rd-table__cell">{row.creditsSpent == null ? '—' : number.format(row.creditsSpent)}</td>
            <td className="rd-table__cell">
              {number.format(row.currentVolume)} / {number.format(row.totalVolume)}
            </td>
          </tr>
        ))}
      </TableShell>
    </div>
  );
}
