/**
 * Rules of the users tab, apart from the screen: who may switch whose status (product-spec §6: the
 * general permission plus the one for the target's role) and what an invite check means for the
 * form (the rules of every invitation are in shared/invite/).
 */
import type { Schema } from '@reviewdesk/api-client';
import type { Can, Permission } from '@reviewdesk/ui';

/** Whether the signed-in person may activate or deactivate a member with this role. */
export function canChangeStatus(can: Can, roleName: string | null | undefined): boolean {
  if (!roleName) return false;
  return can('Workspace.UpdateUserStatus') && can(`Workspace.UpdateUserStatus.${roleName}` as Permission);
}

export type InviteCheckStatus = Schema<'InviteCheckStatus'>;

/** The person is new to the tenant: the invitation needs a name and a tenant role. */
export const isNewToTenant = (status: InviteCheckStatus | undefined) => status === 1 || status === 2;

// Which roles an invitation offers is shared with the task share.
export { invitableRoles } from '@reviewdesk/ui';

/** Nothing to do: already a member of this workspace (unless inviting to every workspace). */
export const isAlreadyMember = (status: InviteCheckStatus | undefined) => status === 5;

/** The translation key of each invite-check state (product-spec §4). */
export const INVITE_CHECK_KEYS = {
  1: 'workspace.users.check.notFound',
  2: 'workspace.users.check.notFoundInTenant',
  3: 'workspace.users.check.existsInTenant',
  4: 'workspace.users.check.notFoundInWorkspace',
  5: 'workspace.users.check.existsInWorkspace',
} as const satisfies Record<InviteCheckStatus, string>;
