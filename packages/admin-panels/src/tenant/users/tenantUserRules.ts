/**
 * Rules of the tenant's users tab, apart from the screen (product-spec §6): a member's role or
 * status is changed by whom holds the general permission plus the one for the member's role (and,
 * for a role, the one for the new role too); the roles offered are the selectable, visible ones,
 * never below a member's minimum role (an owner stays at least an administrator).
 */
import type { Schema } from '@reviewdesk/api-client';
import type { Can, Permission } from '@reviewdesk/ui';

type Role = Schema<'Role'>;

/** Whether the signed-in person may activate or deactivate a member with this role. */
export function canChangeTenantStatus(can: Can, roleName: string | null | undefined): boolean {
  if (!roleName) return false;
  return can('Tenant.UpdateUserStatus') && can(`Tenant.UpdateUserStatus.${roleName}` as Permission);
}

/** Whether the signed-in person may take a member away from this role (and give them another). */
export function canChangeTenantRole(can: Can, roleName: string | null | undefined): boolean {
  if (!roleName) return false;
  return can('Tenant.UpdateUserRole') && can(`Tenant.UpdateUserRole.${roleName}` as Permission);
}

/**
 * The roles a member may be given by the signed-in person, in the hierarchy's order: selectable,
 * visible, one the person may give, and not below the member's minimum role. The member's current
 * role always stays in the list, so the select shows it.
 */
export function assignableRoles(
  can: Can,
  roles: readonly Role[],
  user: Pick<Schema<'TenantUser'>, 'roleId' | 'minimumRoleId'>,
): Role[] {
  const minimum = roles.find((r) => r.id === user.minimumRoleId);
  return roles
    .filter(
      (r) =>
        r.id === user.roleId ||
        (r.tenantSelectable &&
          !r.hidden &&
          can(`Tenant.UpdateUserRole.${r.name}` as Permission) &&
          (!minimum || r.order <= minimum.order)),
    )
    .sort((a, b) => a.order - b.order);
}

/**
 * The super-user tooltip is shown to whom may change the status of any super-user role
 * (product-spec §6), since that person can lock other super users out of every workspace.
 */
export function showsSuperUserTooltip(can: Can, roles: readonly Role[]): boolean {
  return roles.some((r) => r.superUser && canChangeTenantStatus(can, r.name));
}

/** The translation key of each tenant invite-check state (product-spec §4; the workspace states do not occur). */
export const TENANT_INVITE_CHECK_KEYS = {
  1: 'tenant.users.check.notFound',
  2: 'tenant.users.check.notFoundInTenant',
  3: 'tenant.users.check.existsInTenant',
} as const;

export const isTenantCheckState = (value: unknown): value is keyof typeof TENANT_INVITE_CHECK_KEYS =>
  value === 1 || value === 2 || value === 3;
