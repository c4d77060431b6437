/**
 * Which roles an invitation may give (product-spec §6): the workspace and tenant invitations and
 * the share of a task with people new to the tenant offer the same.
 */
import type { Schema } from '@reviewdesk/api-client';
import type { Can, Permission } from './can';

/** Roles an inviter may give: the selectable, visible ones, in the hierarchy's order. */
export function invitableRoles(roles: readonly Schema<'Role'>[]): Schema<'Role'>[] {
  return roles.filter((r) => r.tenantSelectable && !r.hidden).sort((a, b) => a.order - b.order);
}

/** The invitable roles the signed-in person holds `Tenant.UpdateUserRole.<role>` for (the server refuses the others). */
export function rolesToGive(roles: readonly Schema<'Role'>[], can: Can): Schema<'Role'>[] {
  return invitableRoles(roles).filter((r) => can(`Tenant.UpdateUserRole.${r.name}` as Permission));
}
