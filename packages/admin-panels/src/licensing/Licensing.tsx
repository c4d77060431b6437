/**
 * `<Licensing>`: the tenant's licences (product-spec §2) — the licence in force, activation with a
 * code, the licences activated before — and the usage history, each tab behind its permission.
 */
import { PermissionDeniedState, type TabItem, Tabs, useCan } from '@reviewdesk/ui';
import { useState } from 'react';
import type { AdminPanelsEventProps } from '../events';
import { useAdminPanelsStrings, useAdminPanelsTranslation } from '../i18n/resources';
import { LicencesTab } from './LicencesTab';
import { licensingStrings } from './strings';
import { LICENSING_TAB_PERMISSIONS, LICENSING_TABS, type LicensingTab } from './tabs';
import { UsageHistoryTab } from './UsageHistoryTab';

/** Props of {@link Licensing}. */
export interface LicensingProps extends AdminPanelsEventProps {
  /** Selected tab when the host controls it; otherwise the first tab the person may use. */
  tab?: LicensingTab;
  /** Extra class on the component's root element. */
  className?: string;
}

/**
 * The licences of the current tenant and their usage.
 * @example
 * <Licensing onSaved={() => console.log('licence activated')} />
 */
export function Licensing(props: LicensingProps) {
  useAdminPanelsStrings(licensingStrings);
  const { t } = useAdminPanelsTranslation();
  const can = useCan();
  const [own, setOwn] = useState<LicensingTab | undefined>(undefined);
  const tabs: TabItem[] = LICENSING_TABS.filter((id) => can(LICENSING_TAB_PERMISSIONS[id])).map((id) => ({
    id,
    label: t(`licensing.tabs.${id}`),
    panel:
      id === 'licences' ? (
        <LicencesTab key={id} onSaved={props.onSaved} onError={props.onError} />
      ) : (
        <UsageHistoryTab key={id} />
      ),
  }));
  if (tabs.length === 0) return <PermissionDeniedState />;
  const requested = props.tab ?? own;
  const selected = tabs.some((tab) => tab.id === requested) ? requested : tabs[0]?.id;
  return (
    <section
      className={['rd-admin rd-admin-licensing', props.className].filter(Boolean).join(' ')}
      data-testid="licensing"
    >
      <h2 className="rd-admin__title">{t('licensing.title')}</h2>
      <Tabs
        label={t('licensing.tabsLabel')}
        tabs={tabs}
        selectedId={selected}
        onSelect={(id) => {
          setOwn(id as LicensingTab);
          props.onNavigate?.({ screen: 'licensing', tab: id });
        }}
      />
    </section>
  );
}
