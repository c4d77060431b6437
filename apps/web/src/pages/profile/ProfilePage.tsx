/**
 * /user, the profile (spec §2) with its five tabs: email, password, external-logins,
 * notifications, 2fa. The selected tab is in the address (`?tab=`) so it can be linked to.
 */
import { ErrorState, LoadingState, Tabs, useApiClient, useServerCapabilities } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { WebKey } from '../../i18n/resources';
import { useWebTranslation } from '../../i18n/useWebTranslation';
import { ExternalLoginsTab } from './ExternalLoginsTab';
import { FeatureUnavailable } from './FeatureUnavailable';
import { PasswordTab } from './PasswordTab';
import { PersonalDataTab } from './PersonalDataTab';

/** The profile tabs in the spec's order, with their ids. */
export const profileTabs = ['email', 'password', 'external-logins', 'notifications', '2fa'] as const;
type ProfileTab = (typeof profileTabs)[number];

const tabLabels: Record<ProfileTab, WebKey> = {
  email: 'profile.tabs.email',
  password: 'profile.tabs.password',
  'external-logins': 'profile.tabs.externalLogins',
  notifications: 'profile.tabs.notifications',
  '2fa': 'profile.tabs.twoFactor',
};

/**
 * The call each tab cannot work without; `null` for a tab the API has no call for at all
 * (notifications are set per workspace; two-factor authentication has no call). A tab is offered
 * only when the server implements its call, so no tab ends in "not available".
 */
const tabNeeds: Record<ProfileTab, string | null> = {
  email: 'User_GetUserDetails',
  password: 'User_ChangePassword',
  'external-logins': 'User_GetExternalLogins',
  notifications: null,
  '2fa': null,
};

/** Test ids: `profile.tab.<id>` on each tab's label. */
export function ProfilePage() {
  const api = useApiClient();
  const { t } = useWebTranslation();
  const [search, setSearch] = useSearchParams();
  const { status, supports } = useServerCapabilities();
  // A server that cannot list its calls gets every tab; each says itself when its call answers 501.
  const offered = profileTabs.filter((id) => {
    const needs = tabNeeds[id];
    return status === 'unknown' || (needs !== null && supports(needs));
  });
  const requested = offered.find((id) => id === search.get('tab'));
  const selected: ProfileTab = requested ?? 'email';
  const details = useQuery(api.queryOptions('get', '/api/v{version}/User/GetUserDetails'));

  let body: ReactNode;
  if (details.isPending || status === 'loading') body = <LoadingState />;
  else if (details.isError)
    body = <ErrorState description={t('profile.loadFailed')} onRetry={() => void details.refetch()} />;
  else {
    const user = details.data;
    const panels: Record<ProfileTab, ReactNode> = {
      // Keyed by user so the forms start from the loaded values without syncing effects.
      email: <PersonalDataTab key={user.userId} user={user} />,
      password: <PasswordTab user={user} />,
      'external-logins': <ExternalLoginsTab />,
      notifications: <FeatureUnavailable feature="notifications" note="profile.notificationsNoCall" />,
      '2fa': <FeatureUnavailable feature="twoFactor" note="profile.twoFactorNoCall" />,
    };
    body = (
      <Tabs
        label={t('profile.tabsLabel')}
        selectedId={selected}
        onSelect={(id) => setSearch({ tab: id }, { replace: true })}
        tabs={offered.map((id) => ({
          id,
          label: <span data-testid={`profile.tab.${id}`}>{t(tabLabels[id])}</span>,
          panel: panels[id],
        }))}
      />
    );
  }

  return (
    <div className="rd-app-page" data-testid="profile">
      <h1 className="rd-app-page__title">{t('profile.title')}</h1>
      {body}
    </div>
  );
}
