/**
 * `@reviewdesk/admin-panels/tenant`: the tenant settings alone, for a React host — an entry of its
 * own, so that a host showing only them takes none of the other screens (and their strings).
 * Render inside a `<ReviewdeskProvider>`; import `@reviewdesk/admin-panels/styles.css`.
 */
export type {
  AdminNavigateEvent,
  AdminPanelsEventMap,
  AdminPanelsEventProps,
  AdminSavedEvent,
  AdminScreen,
} from '../events';
export { TenantSettings, type TenantSettingsProps } from './TenantSettings';
export { isTenantTab, TENANT_TAB_PERMISSIONS, TENANT_TABS, type TenantTab } from './tabs';
