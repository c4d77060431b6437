/**
 * The permission vocabulary: `Resource.Action` as product-spec §6 names them, plus the
 * per-target-role permissions `Resource.Action.RoleName`. It is the contract's `Permission`
 * enumeration (openapi/reviewdesk.yaml), so the server's role table and these checks share one list.
 *
 * The list is data (not only a type) so hosts can list, validate and document permissions at
 * runtime. It says nothing about which role holds what: the server maps roles to abilities and
 * returns them per user; the client never hard-codes a role's rights.
 */
import { enumMembers, type Schema } from '@reviewdesk/api-client';

/** Every permission a check may name. */
export type Permission = Schema<'Permission'>;

/** One of the six role names. */
export type RoleName = Schema<'RoleName'>;

/**
 * A per-target-role permission, e.g. `Tenant.UpdateUserRole.Reviewer` ("updating a user's role or
 * status has one permission per target role"); the server sends it as
 * `{subject: 'Tenant', action: 'UpdateUserRole.Reviewer'}`.
 */
export type RolePermission = Extract<Permission, `${string}.${string}.${string}`>;

/** A plain `Resource.Action` permission, e.g. `Task.Review`. */
export type BasePermission = Exclude<Permission, RolePermission>;

/** A resource name of product-spec §6 (`Task`, `Tenant`, …). */
export type Resource = Permission extends `${infer R}.${string}` ? R : never;

/** The base names that have per-role variants (`Tenant.UpdateUserRole`, …). */
export type RolePermissionBase = RolePermission extends `${infer R}.${infer A}.${string}` ? `${R}.${A}` : never;

/** The six role names of the spec, in the spec's order. Used only to name per-target-role permissions. */
export const roleNames: readonly RoleName[] = Object.freeze(enumMembers('RoleName').map((m) => m.code as RoleName));

/** Every known permission, base permissions first, then the per-role ones (the contract's order). */
export const permissions: readonly Permission[] = Object.freeze(
  enumMembers('Permission').map((m) => m.code as Permission),
);

function groupByResource(list: readonly string[], dropRole: boolean): Readonly<Record<string, readonly string[]>> {
  const table: Record<string, string[]> = {};
  for (const permission of list) {
    const [resource = '', ...rest] = permission.split('.');
    const action = (dropRole ? rest.slice(0, -1) : rest).join('.');
    const actions = table[resource] ?? [];
    if (!actions.includes(action)) actions.push(action);
    table[resource] = actions;
  }
  return Object.freeze(table);
}

const rolePermissions = permissions.filter((p) => p.split('.').length === 3);

/** Resources and their actions, exactly as product-spec §6 names them. */
export const permissionTable = groupByResource(
  permissions.filter((p) => p.split('.').length === 2),
  false,
) as Readonly<Record<Resource, readonly string[]>>;

/** Actions that exist once per target role, by resource (`Tenant: ['UpdateUserRole', 'UpdateUserStatus']`). */
export const perRoleActions = groupByResource(rolePermissions, true);

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
