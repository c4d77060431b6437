/**
 * The tabs of workspace edit (product-spec §2), in the spec's order, and the permission that opens
 * each one (product-spec §6). A tab the signed-in user may not use is not offered at all; a tab
 * whose saving needs a further permission shows read-only (see each tab).
 */
import type { Permission } from '@reviewdesk/ui';

export const WORKSPACE_TABS = [
  'basic',
  'users',
  'default-assignment',
  'fields',
  'predefined-texts',
  'predefined-speakers',
  'storage',
  'export',
  'advanced-settings',
  'notifications',
  'for-developers',
] as const;

/** One tab of workspace edit. */
export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];

/** Any one of these permissions opens the tab. */
export const WORKSPACE_TAB_PERMISSIONS: Record<WorkspaceTab, readonly Permission[]> = {
  basic: ['Workspace.Edit', 'Workspace.EditBasic'],
  users: ['Workspace.ListUsers'],
  'default-assignment': ['Workspace.Edit'],
  fields: ['Workspace.EditFields'],
  // Everybody who works in the workspace reads these lists; who may change them sees them editable.
  'predefined-texts': ['Workspace.Edit', 'Workspace.View'],
  'predefined-speakers': ['Workspace.Edit', 'Workspace.View'],
  storage: ['Workspace.ManageStorage', 'Workspace.Edit'],
  export: ['Workspace.UpdateExport', 'Workspace.Edit'],
  'advanced-settings': ['Workspace.EditAdvancedSettings', 'Workspace.Edit'],
  notifications: ['Workspace.Notifications'],
  'for-developers': ['Workspace.ForDevelopers'],
};

/**
 * Any one of these permissions lets the person save the tab (the server's own check); without them
 * an open tab shows read-only.
 */
export const WORKSPACE_TAB_SAVE_PERMISSIONS: Partial<Record<WorkspaceTab, readonly Permission[]>> = {
  'predefined-texts': ['Workspace.Edit', 'Task.Review'],
  'predefined-speakers': ['Workspace.Edit', 'Task.Review'],
  storage: ['Workspace.ManageStorage'],
  'advanced-settings': ['Workspace.EditAdvancedSettings'],
};

export function isWorkspaceTab(value: unknown): value is WorkspaceTab {
  return typeof value === 'string' && (WORKSPACE_TABS as readonly string[]).includes(value);
}
