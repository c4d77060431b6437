/**
 * The app's routes of product-spec §2 as plain data: which path needs which permission, and what
 * the menu shows. Kept free of React so the menu, the router and the tests read one table.
 */
import type { OperationId } from '@reviewdesk/api-client';
import type { Permission } from '@reviewdesk/auth';
import type { WebKey } from '../i18n/resources';

/** A route behind a permission (spec §2, column "Requirement"). */
export interface ProtectedRoute {
  path: string;
  permission: Permission;
}

/**
 * Every signed-in route of the spec with the permission it requires, and the reference server's
 * developer dashboard of a task (what the spec's devdashboard row action opens).
 */
export const protectedRoutes = [
  { path: '/home', permission: 'Home.View' },
  { path: '/metrics', permission: 'Metrics.View' },
  { path: '/templates/configure', permission: 'Templates.TemplateList' },
  { path: '/templates/labelling', permission: 'Templates.TemplateList' },
  { path: '/templates/training', permission: 'Templates.TemplateList' },
  { path: '/task/list', permission: 'Task.ListView' },
  { path: '/task/viewer', permission: 'Viewer.View' },
  { path: '/task/viewer/documents', permission: 'Viewer.View' },
  { path: '/task/viewer/transcripts', permission: 'Viewer.View' },
  { path: '/task/viewer/templatebuilder', permission: 'Viewer.View' },
  { path: '/task/viewer/custom', permission: 'Viewer.View' },
  { path: '/batch/list', permission: 'Batches.ListBatches' },
  // The developer dashboard a task's devdashboard row action opens (SdTask/TracesDashboardUrl).
  { path: '/task/traces', permission: 'Task.TracesDashboardView' },
  { path: '/workspace/edit', permission: 'Workspace.Edit' },
  { path: '/tenant/edit', permission: 'Tenant.Edit' },
  { path: '/licensing', permission: 'Licensing.View' },
  { path: '/helpCenter', permission: 'Viewer.View' },
  { path: '/user', permission: 'User.Profile' },
] as const satisfies readonly ProtectedRoute[];

/** A path of {@link protectedRoutes}. */
export type ProtectedPath = (typeof protectedRoutes)[number]['path'];

/** Status pages every signed-in user may see. */
export const statusPaths = { notAuthorized: '/not-authorized', forbidden: '/forbidden', error: '/error' } as const;

/** The server's forgot-password page. */
export const FORGOT_PASSWORD_PATH = '/Identity/Account/ForgotPassword';

/** Server-rendered pages reachable without sign-in (spec §2, public routes). */
export const serverPages = [
  '/confirm/email',
  '/confirm/change-email',
  '/confirm/delete',
  FORGOT_PASSWORD_PATH,
] as const;

/** Where the first screen is. */
export const HOME_PATH: ProtectedPath = '/home';

/** The permission a protected path requires. */
export function permissionOf(path: ProtectedPath): Permission {
  const route = protectedRoutes.find((r) => r.path === path);
  if (!route) throw new Error(`No permission is declared for ${path}.`);
  return route.permission;
}

/** Pictograms the menu knows (see layout/icons.tsx). */
export type IconName =
  | 'home'
  | 'tasks'
  | 'batches'
  | 'metrics'
  | 'templates'
  | 'labelling'
  | 'training'
  | 'workspace'
  | 'tenant'
  | 'licensing'
  | 'help';

/** One entry of the side menu; `id` makes its test id `menu.<id>`. */
export interface MenuEntry {
  id: string;
  path: ProtectedPath;
  label: WebKey;
  icon: IconName;
  /**
   * The calls its screen cannot work without (checked against Server/Capabilities), or
   * `'not-in-this-version'` for a screen whose package the app does not have yet: the menu offers
   * neither, because both end on a page saying "not available".
   */
  needs: readonly OperationId[] | 'not-in-this-version';
}

/** The side menu in display order. The profile is in the user menu; the viewer opens from a task. */
export const menuEntries: readonly MenuEntry[] = [
  { id: 'home', path: '/home', label: 'menu.home', icon: 'home', needs: [] },
  { id: 'task-list', path: '/task/list', label: 'menu.taskList', icon: 'tasks', needs: ['SdTask_GetWithPagination'] },
  {
    id: 'batch-list',
    path: '/batch/list',
    label: 'menu.batchList',
    icon: 'batches',
    needs: ['SdBatch_GetWithPagination'],
  },
  { id: 'metrics', path: '/metrics', label: 'menu.metrics', icon: 'metrics', needs: ['User_GetMetrics'] },
  {
    id: 'templates-configure',
    path: '/templates/configure',
    label: 'menu.templatesConfigure',
    icon: 'templates',
    needs: 'not-in-this-version',
  },
  {
    id: 'templates-labelling',
    path: '/templates/labelling',
    label: 'menu.templatesLabelling',
    icon: 'labelling',
    needs: 'not-in-this-version',
  },
  {
    id: 'templates-training',
    path: '/templates/training',
    label: 'menu.templatesTraining',
    icon: 'training',
    needs: 'not-in-this-version',
  },
  {
    id: 'workspace-edit',
    path: '/workspace/edit',
    label: 'menu.workspaceEdit',
    icon: 'workspace',
    needs: ['SdWorkspace_GetBasic', 'SdWorkspace_PatchBasic'],
  },
  {
    id: 'tenant-edit',
    path: '/tenant/edit',
    label: 'menu.tenantEdit',
    icon: 'tenant',
    needs: ['Tenant_GetCurrentSession', 'Tenant_Update'],
  },
  { id: 'licensing', path: '/licensing', label: 'menu.licensing', icon: 'licensing', needs: ['License_Get'] },
  { id: 'help-center', path: '/helpCenter', label: 'menu.helpCenter', icon: 'help', needs: [] },
];

/** The menu entries a user with these permissions may open (whether or not the screen works here). */
export function permittedMenuEntries(can: (permission: Permission) => boolean): MenuEntry[] {
  return menuEntries.filter((entry) => can(permissionOf(entry.path)));
}

/**
 * The menu entries offered: permitted, with a screen in this version, and every call it needs
 * implemented by the server. The menu never shows a dead end.
 */
export function visibleMenuEntries(
  can: (permission: Permission) => boolean,
  supports: (operationId: OperationId) => boolean,
): MenuEntry[] {
  return permittedMenuEntries(can).filter(
    (entry) => entry.needs !== 'not-in-this-version' && entry.needs.every((operationId) => supports(operationId)),
  );
}
