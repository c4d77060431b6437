/**
 * `@reviewdesk/admin-panels`: the administration screens of Reviewdesk — workspace settings, and
 * (to come) tenant settings, licensing and the user profile. Render them inside a
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
export {
  ADMIN_PANELS_NAMESPACE,
  type AdminPanelsTranslationKey,
  adminPanelsResources,
} from './i18n/resources';
export { isWorkspaceTab, WORKSPACE_TAB_PERMISSIONS, WORKSPACE_TABS, type WorkspaceTab } from './workspace/tabs';
export { WorkspaceSettings, type WorkspaceSettingsProps } from './workspace/WorkspaceSettings';
