/**
 * The loading and error states of a tab's first query, the same in every tab. A 501 means the
 * server does not offer the call yet: said plainly, never shown as a broken screen.
 */
import { isApiError } from '@reviewdesk/api-client';
import { EmptyState, ErrorState, LoadingState, useServerMessages } from '@reviewdesk/ui';
import type { ReactNode } from 'react';
import { useAdminPanelsTranslation } from '../i18n/resources';

interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

export function QueryStates<T>({ query, children }: { query: QueryLike<T>; children: (data: T) => ReactNode }) {
  const { t } = useAdminPanelsTranslation();
  const { errorMessage } = useServerMessages();
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 501) return <EmptyState title={t('common.notAvailable')} />;
    return <ErrorState description={errorMessage(query.error).message} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data as T)}</>;
}
