/**
 * `<TenantSettings>`: the tabs of tenant edit (product-spec §2) — basic, users, API secrets and
 * file-sharing connectors — each offered only to whom holds its permission (tabs.ts). The selected
 * tab is the host's when it passes `tab` (e.g. kept in its URL through `onNavigate`), the
 * component's own otherwise. Always about the tenant of the signed-in session.
 */
import { PermissionDeniedState, type TabItem, Tabs, useCan } from '@reviewdesk/ui';
import { type ComponentType, useState } from 'react';
import type { AdminPanelsEventProps } from '../events';
import { useAdminPanelsStrings, useAdminPanelsTranslation } from '../i18n/resources';
import { ConnectorsTab } from './connectors/ConnectorsTab';
import { SecretsTab } from './secrets/SecretsTab';
import { tenantStrings } from './strings';
import { TenantBasicTab } from './TenantBasicTab';
import { TENANT_TAB_PERMISSIONS, TENANT_TABS, type TenantTab } from './tabs';
import { TenantUsersTab } from './users/TenantUsersTab';

/** Props of {@link TenantSettings}. */
export interface TenantSettingsProps extends AdminPanelsEventProps {
  /** Selected tab when the host controls it; otherwise the first tab the person may use. */
  tab?: TenantTab;
  /** Extra class on the component's root element. */
  className?: string;
}

type Panel = ComponentType<Pick<TenantSettingsProps, 'onSaved' | 'onError'>>;
const PANELS: Record<TenantTab, Panel> = {
  basic: TenantBasicTab,
  users: TenantUsersTab,
  secrets: SecretsTab,
  connectors: ConnectorsTab,
};

/**
 * The settings of the current tenant.
 * @example
 * <TenantSettings onSaved={({ tab }) => console.log('saved', tab)} />
 */
export function TenantSettings(props: TenantSettingsProps) {
  useAdminPanelsStrings(tenantStrings);
  const { t } = useAdminPanelsTranslation();
  const can = useCan();
  const [own, setOwn] = useState<TenantTab | undefined>(undefined);
  const tabs: TabItem[] = TENANT_TABS.filter((id) => can(TENANT_TAB_PERMISSIONS[id])).map((id) => {
    const Panel = PANELS[id];
    return {
      id,
      label: t(`tenant.tabs.${id}`),
      panel: <Panel key={id} onSaved={props.onSaved} onError={props.onError} />,
    };
  });

  if (tabs.length === 0) return <PermissionDeniedState />;
  const requested = props.tab ?? own;
  const selected = tabs.some((tab) => tab.id === requested) ? requested : tabs[0]?.id;
  return (
    <section
      className={['rd-admin rd-admin-tenant', props.className].filter(Boolean).join(' ')}
      data-testid="tenant-settings"
    >
      <h2 className="rd-admin__title">{t('tenant.title')}</h2>
      <Tabs
        label={t('tenant.tabsLabel')}
        tabs={tabs}
        selectedId={selected}
        onSelect={(id) => {
          setOwn(id as TenantTab);
          props.onNavigate?.({ screen: 'tenant', tab: id });
        }}
      />
    </section>
  );
}
