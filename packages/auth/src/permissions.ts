/**
 * The permission vocabulary of product-spec §6, written `Resource.Action`.
 *
 * The table is data (not only a type) so hosts can list, validate and document permissions at
 * runtime. It says nothing about which role holds what: the server maps roles to abilities and
 * returns them per user; the client never hard-codes a role's rights.
 */

/** Resources and their actions, exactly as product-spec §6 names them. */
export const permissionTable = {
  Role: ['View', 'RoleList', 'AuditList', 'RoleEdit'],
  Metrics: ['View'],
  Viewer: ['View', 'ViewReduxDump', 'DebugTools'],
  Workspace: [
    'View',
    'Create',
    'Edit',
    'ListUsers',
    'AddUsers',
    'UpdateUserStatus',
    'EditAdvancedSettings',
    'EditBasic',
    'EditFields',
    'UpdateCustomModel',
    'UpdateExport',
    'Delete',
    'ForDevelopers',
    'RedirectQueues',
    'ManageStorage',
    'ManageHooks',
    'Notifications',
  ],
  Task: [
    'ListView',
    'Import',
    'TracesDashboardView',
    'CustomColumns',
    'View',
    'Review',
    'History',
    'ListEvents',
    'Delete',
    'CleanEntities',
    'ReprocessMany',
    'AccessChatbot',
    'ShareMediaSegment',
    'DeleteMany',
    'DownloadFolderMonitor',
    'EditAssignments',
  ],
  User: ['InviteUser', 'Profile'],
  Tenant: [
    'View',
    'Edit',
    'ListUsers',
    'AddUsers',
    'UpdateUserRole',
    'UpdateUserStatus',
    'EditBasic',
    'ViewSecrets',
    'CreateSecrets',
    'CreateSharePointConnectors',
    'ViewSharePointConnector',
    'ImpersonateRole',
  ],
  Licensing: ['View', 'ActivateLicense', 'ViewUsageHistory'],
  Templates: [
    'TemplateList',
    'CreateField',
    'UpdateField',
    'DeleteField',
    'ModelsList',
    'ActivateModel',
    'CustomModelActions',
    'TracesDashboardView',
    'ListEvents',
  ],
  Batches: ['CreateBatch', 'ListBatches', 'Delete'],
  Documentation: ['ExternalPostman'],
  Index: ['ListLogs', 'VideoTextualSummary'],
  Home: ['View'],
} as const;

/** The six role names of the spec, in the spec's order. Used only to name per-target-role permissions. */
export const roleNames = ['Developer', 'Administrator', 'Manager', 'Creator', 'Reviewer', 'Viewer'] as const;

/** One of the six role names. */
export type RoleName = (typeof roleNames)[number];

/**
 * Actions that exist once per target role ("updating a user's role or status has one permission
 * per target role"). They are written `<Resource>.<Action>.<RoleName>`, e.g.
 * `Tenant.UpdateUserRole.Reviewer`; the server sends them as `{subject: 'Tenant', action: 'UpdateUserRole.Reviewer'}`.
 */
export const perRoleActions = {
  Tenant: ['UpdateUserRole', 'UpdateUserStatus'],
  Workspace: ['UpdateUserStatus'],
} as const;

type PermissionTable = typeof permissionTable;
type PerRoleActions = typeof perRoleActions;

/** A resource name of product-spec §6 (`Task`, `Tenant`, …). */
export type Resource = keyof PermissionTable;

/** A plain `Resource.Action` permission, e.g. `Task.Review`. */
export type BasePermission = { [R in Resource]: `${R}.${PermissionTable[R][number]}` }[Resource];

/** A per-target-role permission, e.g. `Tenant.UpdateUserRole.Reviewer`. */
export type RolePermission = {
  [R in keyof PerRoleActions]: `${R}.${PerRoleActions[R][number]}.${RoleName}`;
}[keyof PerRoleActions];

/** Every permission a check may name. */
export type Permission = BasePermission | RolePermission;

function buildPermissionList(): readonly Permission[] {
  const list: string[] = [];
  for (const [resource, actions] of Object.entries(permissionTable)) {
    for (const action of actions) list.push(`${resource}.${action}`);
  }
  for (const [resource, actions] of Object.entries(perRoleActions)) {
    for (const action of actions) {
      for (const role of roleNames) list.push(`${resource}.${action}.${role}`);
    }
  }
  return Object.freeze(list as Permission[]);
}

/** Every known permission, base permissions first, then the per-role ones. */
export const permissions: readonly Permission[] = buildPermissionList();

const permissionSet: ReadonlySet<string> = new Set(permissions);

/** Whether `value` is a permission of the spec's vocabulary (case-sensitive). */
export function isPermission(value: string): value is Permission {
  return permissionSet.has(value);
}

/**
 * The permission to check for updating a user to (or from) `role`.
 *
 * @example
 * abilities.can(rolePermission('Tenant.UpdateUserRole', 'Reviewer'))
 */
export function rolePermission(permission: RolePermissionBase, role: RoleName): RolePermission {
  return `${permission}.${role}` as RolePermission;
}

/** The base names that have per-role variants (`Tenant.UpdateUserRole`, …). */
export type RolePermissionBase = {
  [R in keyof PerRoleActions]: `${R}.${PerRoleActions[R][number]}`;
}[keyof PerRoleActions];
