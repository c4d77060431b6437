/**
 * `<UserProfile>`: the signed-in person's own account (product-spec §2) in five tabs — e-mail and
 * personal data (with the picture, the default tenant, the data download and the deletion),
 * password, external logins, notifications and two-factor authentication.
 */
import {
  ErrorState,
  LoadingState,
  PermissionDeniedState,
  type TabItem,
  Tabs,
  useApiClient,
  useCan,
  useServerCapabilities,
  useServerMessages,
} from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { AdminPanelsEventProps } from '../events';
import type { ProfileAccountDeletedEvent } from './AccountDeletion';
import { EmailTab } from './EmailTab';
import { ExternalLoginsTab } from './ExternalLoginsTab';
import { useProfileStrings, useProfileTranslation } from './i18n';
import { NotificationsTab } from './NotificationsTab';
import { PasswordTab } from './PasswordTab';
import { TwoFactorTab } from './TwoFactorTab';
import { PROFILE_TABS, type ProfileTab } from './tabs';

/** Props of {@link UserProfile}. */
export interface UserProfileProps extends AdminPanelsEventProps {
  /** Selected tab when the host controls it; otherwise the e-mail tab. */
  tab?: ProfileTab;
  /** The person deleted their account: the host signs them out. */
  onAccountDeleted?: (event: ProfileAccountDeletedEvent) => void;
  /** Extra class on the component's root element. */
  className?: string;
}

/**
 * The call each tab cannot work without, or `null` for a tab this server offers no call for. A tab
 * is offered only where the server has its call; a server that cannot list its calls gets every
 * tab, and each says itself when its call answers 501.
 */
const TAB_NEEDS: Record<ProfileTab, string | null> = {
  email: 'User_GetUserDetails',
  password: 'User_ChangePassword',
  'external-logins': 'User_GetExternalLogins',
  notifications: 'User_GetUserDetails',
  '2fa': 'User_TwoFactor',
};

/**
 * The signed-in person's profile.
 * @example
 * <UserProfile tab="password" onNavigate={({ tab }) => setTab(tab)} onAccountDeleted={signOut} />
 */
export function UserProfile(props: UserProfileProps) {
  useProfileStrings();
  const { t } = useProfileTranslation();
  const can = useCan();
  const api = useApiClient();
  const { status, supports } = useServerCapabilities();
  const { errorMessage } = useServerMessages();
  const [own, setOwn] = useState<ProfileTab | undefined>(undefined);
  const allowed = can(['User.Profile']);
  const details = useQuery({ ...api.queryOptions('get', '/api/v{version}/User/GetUserDetails'), enabled: allowed });
  if (!allowed) return <PermissionDeniedState />;

  const offered = PROFILE_TABS.filter((id) => {
    const needs = TAB_NEEDS[id];
    return status === 'unknown' || (needs !== null && supports(needs));
  });
  const requested = props.tab ?? own;
  const selected = offered.find((id) => id === requested) ?? offered[0];
  const events = { onSaved: props.onSaved, onError: props.onError };

  let body: ReactNode;
  if (details.isPending || status === 'loading') body = <LoadingState />;
  else if (details.isError)
    body = (
      <ErrorState
        title={t('loadFailed')}
        description={errorMessage(details.error).message}
        onRetry={() => void details.refetch()}
      />
    );
  else {
    const user = details.data;
    const panels: Record<ProfileTab, ReactNode> = {
      // Keyed by user so the forms start from the loaded values without syncing effects.
      email: <EmailTab key={user.userId} user={user} onAccountDeleted={props.onAccountDeleted} {...events} />,
      password: <PasswordTab key={`${user.userId}:${user.hasPassword}`} user={user} {...events} />,
      'external-logins': <ExternalLoginsTab {...events} />,
      notifications: <NotificationsTab user={user} />,
      '2fa': <TwoFactorTab {...events} />,
    };
    const tabs: TabItem[] = offered.map((id) => ({
      id,
      label: <span data-testid={`profile.tab.${id}`}>{t(`tabs.${id}`)}</span>,
      panel: panels[id],
    }));
    body = (
      <Tabs
        label={t('tabsLabel')}
        tabs={tabs}
        selectedId={selected}
        onSelect={(id) => {
          setOwn(id as ProfileTab);
          props.onNavigate?.({ screen: 'profile', tab: id });
        }}
      />
    );
  }
  return (
    <section className={['rd-admin rd-admin-profile', props.className].filter(Boolean).join(' ')} data-testid="profile">
      <h2 className="rd-admin__title">{t('title')}</h2>
      {body}
    </section>
  );
}
