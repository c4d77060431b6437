/**
 * The loading and error states of a profile query. A 501 means the server does not offer the call
 * yet: said plainly with the profile's own sentence, never shown as a broken screen.
 */
import { isApiError } from '@reviewdesk/api-client';
import { EmptyState, ErrorState, LoadingState, useServerMessages } from '@reviewdesk/ui';
import type { ReactNode } from 'react';
import { useProfileTranslation } from './i18n';

interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** Test id of the 501 note: `profile.unavailable`. */
export function ProfileStates<T>({
  query,
  unavailable,
  children,
}: {
  query: QueryLike<T>;
  /** What to say when the server lacks the call; a general sentence otherwise. */
  unavailable?: string;
  children: (data: T) => ReactNode;
}) {
  const { errorMessage } = useServerMessages();
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 501) return <Unavailable text={unavailable} />;
    return <ErrorState description={errorMessage(query.error).message} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data as T)}</>;
}

export function Unavailable({ text }: { text?: string }) {
  const { t } = useProfileTranslation();
  return (
    <div data-testid="profile.unavailable">
      <EmptyState title={text ?? t('notAvailable')} />
    </div>
  );
}
