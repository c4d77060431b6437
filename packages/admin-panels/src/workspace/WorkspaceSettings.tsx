/**
 * `<WorkspaceSettings workspaceId>`: the tabs of workspace edit (product-spec §2), each offered only
 * to whom holds its permission (tabs.ts). The selected tab is the host's when it passes `tab`
 * (e.g. kept in its URL through `onNavigate`), the component's own otherwise.
 */
import { EmptyState, PermissionDeniedState, type TabItem, Tabs, useCan } from '@reviewdesk/ui';
import { type ComponentType, useState } from 'react';
import type { AdminPanelsEventProps } from '../events';
import { useAdminPanelsStrings, useAdminPanelsTranslation } from '../i18n/resources';
import { AdvancedSettingsTab } from './advanced/AdvancedSettingsTab';
import { DefaultAssignmentTab } from './assignment/DefaultAssignmentTab';
import { BasicTab } from './BasicTab';
import { ForDevelopersTab } from './developers/ForDevelopersTab';
import { ExportTab } from './export/ExportTab';
import { FieldsTab } from './fields/FieldsTab';
import { NotificationsTab } from './notifications/NotificationsTab';
import { PredefinedSpeakersTab } from './speakers/PredefinedSpeakersTab';
import { StorageTab } from './storage/StorageTab';
import { workspaceStrings } from './strings';
import { WORKSPACE_TAB_PERMISSIONS, type WorkspaceTab } from './tabs';
import { PredefinedTextsTab } from './texts/PredefinedTextsTab';
import { UsersTab } from './users/UsersTab';

/** Props of {@link WorkspaceSettings}. */
export interface WorkspaceSettingsProps extends AdminPanelsEventProps {
  /** The workspace to configure. */
  workspaceId: string;
  /** Selected tab when the host controls it; otherwise the first tab the person may use. */
  tab?: WorkspaceTab;
  /** Extra class on the component's root element. */
  className?: string;
}

/** The tabs, in the spec's order. */
type Panel = ComponentType<Pick<WorkspaceSettingsProps, 'workspaceId' | 'onSaved' | 'onError'>>;
const PANELS: Partial<Record<WorkspaceTab, Panel>> = {
  basic: BasicTab,
  users: UsersTab,
  'default-assignment': DefaultAssignmentTab,
  fields: FieldsTab,
  'predefined-texts': PredefinedTextsTab,
  'predefined-speakers': PredefinedSpeakersTab,
  storage: StorageTab,
  export: ExportTab,
  'advanced-settings': AdvancedSettingsTab,
  notifications: NotificationsTab,
  'for-developers': ForDevelopersTab,
};

/**
 * The settings of one workspace.
 * @example
 * <WorkspaceSettings workspaceId={id} onSaved={({ tab }) => console.log('saved', tab)} />
 */
export function WorkspaceSettings(props: WorkspaceSettingsProps) {
  useAdminPanelsStrings(workspaceStrings);
  const { t } = useAdminPanelsTranslation();
  const can = useCan();
  const [own, setOwn] = useState<WorkspaceTab | undefined>(undefined);
  const tabs: TabItem[] = (Object.keys(PANELS) as WorkspaceTab[])
    .filter((id) => can(WORKSPACE_TAB_PERMISSIONS[id]))
    .map((id) => {
      const Panel = PANELS[id] as Panel;
      const panel = <Panel key={id} workspaceId={props.workspaceId} onSaved={props.onSaved} onError={props.onError} />;
      return { id, label: t(`workspace.tabs.${id}`), panel };
    });

  if (tabs.length === 0) return <PermissionDeniedState />;
  const requested = props.tab ?? own;
  const selected = tabs.some((tab) => tab.id === requested) ? requested : tabs[0]?.id;
  return (
    <section
      className={['rd-admin rd-admin-workspace', props.className].filter(Boolean).join(' ')}
      data-testid="workspace-settings"
    >
      <h2 className="rd-admin__title">{t('workspace.title')}</h2>
      {props.workspaceId ? (
        <Tabs
          label={t('workspace.tabsLabel')}
          tabs={tabs}
          selectedId={selected}
          onSelect={(id) => {
            setOwn(id as WorkspaceTab);
            props.onNavigate?.({ screen: 'workspace', tab: id });
          }}
        />
      ) : (
        <EmptyState title={t('workspace.noWorkspace')} />
      )}
    </section>
  );
}
