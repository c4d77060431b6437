/**
 * `@reviewdesk/admin-panels/workspace`: the workspace settings alone, for a React host — an entry of
 * its own, so that a host showing only them takes none of the other screens (and their strings).
 * Render inside a `<ReviewdeskProvider>`; import `@reviewdesk/admin-panels/styles.css`.
 */
export type {
  AdminNavigateEvent,
  AdminPanelsEventMap,
  AdminPanelsEventProps,
  AdminSavedEvent,
  AdminScreen,
} from '../events';
export { isWorkspaceTab, WORKSPACE_TAB_PERMISSIONS, WORKSPACE_TABS, type WorkspaceTab } from './tabs';
export { WorkspaceSettings, type WorkspaceSettingsProps } from './WorkspaceSettings';
