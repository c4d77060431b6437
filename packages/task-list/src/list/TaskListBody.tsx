/**
 * What the list area shows: no workspace, "type to search", loading, an error (or "not
 * available on this server"), nothing found (with the import as a way out), or the table.
 */
import { isApiError } from '@reviewdesk/api-client';
import { Button, EmptyState, ErrorState, LoadingState } from '@reviewdesk/ui';
import type { ReactNode } from 'react';
import type { useTaskPage } from '../data/useTaskPage';
import { useTaskListTranslation } from '../i18n/resources';
import type { TaskListTab } from '../model/query';

export interface TaskListBodyProps {
  workspaceId: string;
  tab: TaskListTab;
  search: string;
  page: ReturnType<typeof useTaskPage>;
  /** Offered when the to-review list is empty; absent when the user may not import. */
  onImport?: () => void;
  /** The table, rendered when there are rows. */
  children: ReactNode;
}

export function TaskListBody({ workspaceId, tab, search, page, onImport, children }: TaskListBodyProps) {
  const { t } = useTaskListTranslation();
  if (!workspaceId) return <EmptyState title={t('list.noWorkspace')} description="" />;
  if (tab === 'text-search' && !search.trim())
    return <EmptyState title={t('toolbar.textSearchPlaceholder')} description="" />;
  if (page.isPending && page.fetchStatus !== 'idle') return <LoadingState label={t('common.loading')} />;
  if (page.isError && !page.data) {
    const notAvailable = isApiError(page.error) && page.error.status === 501;
    return (
      <ErrorState
        description={notAvailable ? t('list.notAvailable') : page.error.message}
        onRetry={notAvailable ? undefined : () => void page.refetch()}
      />
    );
  }
  if (!page.data || page.data.items.length === 0) {
    return (
      <EmptyState
        title={t('list.emptyTitle')}
        description={t('list.emptyDescription')}
        action={
          onImport && tab === 'to-review' ? (
            <Button variant="primary" onClick={onImport}>
              {t('toolbar.import')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  return <>{children}</>;
}
