/**
 * `@reviewdesk/admin-panels`: the administration screens of Reviewdesk — workspace settings, the
 * metrics and the home view, tenant settings, licensing, and (to come) the user profile. Render them inside a
 * `<ReviewdeskProvider>`; hosts without React use the `mount*` functions of
 * `@reviewdesk/admin-panels/embed`. Import `@reviewdesk/admin-panels/styles.css`.
 * @packageDocumentation
 */

export type {
  AdminNavigateEvent,
  AdminPanelsEventMap,
  AdminPanelsEventProps,
  AdminSavedEvent,
  AdminScreen,
} from './events';
export type { HomeOpenLinkEvent, HomeOpenTaskEvent } from './home/events';
export { Home, type HomeProps } from './home/Home';
export { HOME_SEARCH_DEBOUNCE_MS } from './home/HomeSearch';
export { adminPanelsResources } from './i18n/allStrings';
export { ADMIN_PANELS_NAMESPACE, type AdminPanelsTranslationKey } from './i18n/resources';
export { Licensing, type LicensingProps } from './licensing/Licensing';
export { isLicensingTab, LICENSING_TAB_PERMISSIONS, LICENSING_TABS, type LicensingTab } from './licensing/tabs';
export { METRICS_REFRESH_INTERVAL_MS, Metrics, type MetricsProps } from './metrics/Metrics';
export { type MetricsPeriod, PERIODS as METRICS_PERIODS } from './metrics/period';
export { TemplateList, type TemplateListProps, type TemplateOpenLabellingEvent } from './templates/TemplateList';
export { TRAINING_POLL_MS } from './templates/TrainingPanel';
export {
  isTemplateListKind,
  TEMPLATE_LIST_KINDS,
  type TemplateListKind,
} from './templates/templateModels';
export { TenantSettings, type TenantSettingsProps } from './tenant/TenantSettings';
export { isTenantTab, TENANT_TAB_PERMISSIONS, TENANT_TABS, type TenantTab } from './tenant/tabs';
export { isWorkspaceTab, WORKSPACE_TAB_PERMISSIONS, WORKSPACE_TABS, type WorkspaceTab } from './workspace/tabs';
export { WorkspaceSettings, type WorkspaceSettingsProps } from './workspace/WorkspaceSettings';
