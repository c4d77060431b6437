/** The "external-logins" tab: User/GetExternalLogins, or a note when the server lacks the call. */
import { isApiError } from '@reviewdesk/api-client';
import { ErrorState, LoadingState, useApiClient } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { useWebTranslation } from '../../i18n/useWebTranslation';
import { FeatureUnavailable } from './FeatureUnavailable';

/** Test id: `profile.external-logins`. */
export function ExternalLoginsTab() {
  const api = useApiClient();
  const { t } = useWebTranslation();
  const logins = useQuery(api.queryOptions('get', '/api/v{version}/User/GetExternalLogins'));

  if (logins.isPending) return <LoadingState />;
  if (logins.isError) {
    if (isApiError(logins.error) && logins.error.status === 501) {
      return <FeatureUnavailable feature="externalLogins" />;
    }
    return <ErrorState onRetry={() => void logins.refetch()} />;
  }
  const current = logins.data.currentLogins;
  if (current.length === 0) return <p className="rd-app-page__lead">{t('profile.noExternalLogins')}</p>;
  return (
    <ul className="rd-app-list" data-testid="profile.external-logins">
      {current.map((login) => (
        <li key={`${login.loginProvider}:${login.providerKey}`}>{login.providerDisplayName ?? login.loginProvider}</li>
      ))}
    </ul>
  );
}
