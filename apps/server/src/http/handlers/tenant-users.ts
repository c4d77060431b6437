// Tenant administration: members, their roles and statuses, invitations, impersonation and the
// tenant's basic settings. Thin: the rules are in src/domain/users/tenant-users.ts and invitations.ts.
import { checkTenantInvite, invitationBlocked, inviteUsers } from '../../domain/users/invitations.js';
import {
  allTenantUsers,
  setImpersonateRole,
  tenantUsersPage,
  updateTenant,
  updateUserRole,
  updateUserStatus,
} from '../../domain/users/tenant-users.js';
import { defineHandlers, requires, signedIn } from '../handler.js';

export const tenantUsersHandlers = defineHandlers({
  Tenant_AllUsers: requires(['Tenant.ListUsers'], ({ session, services }) => allTenantUsers(services.db, session)),
  User_GetWithPagination: requires(['Tenant.ListUsers'], ({ body, session, services }) =>
    tenantUsersPage(services.db, session, body),
  ),
  Tenant_CheckIfUserCanBeInvited: requires(['Tenant.AddUsers'], ({ query, session, services }) =>
    checkTenantInvite(services.db, session, query.email),
  ),
  // Asked before the invitation dialogs of the tenant and of workspaces are offered.
  Tenant_IsUserTenantInvitationBlocked: requires(
    ['Tenant.AddUsers', 'Workspace.AddUsers', 'User.InviteUser'],
    ({ session }) => invitationBlocked(session),
  ),
  Tenant_InviteUser: requires(['Tenant.AddUsers'], ({ body, session, services }) =>
    inviteUsers(services.db, services.mailer, services.config.origin, session, body.users),
  ),
  // The role-specific permission for the target's role is checked in the domain.
  Tenant_UpdateUserRole: requires(['Tenant.UpdateUserRole'], ({ body, session, services }) => {
    const { userId, roleId } = body;
    return updateUserRole(services.db, session, userId, roleId);
  }),
  Tenant_UpdateUserStatus: requires(['Tenant.UpdateUserStatus'], ({ body, session, services }) => {
    const { userId, userStatus } = body;
    return updateUserStatus(services.db, session, userId, userStatus);
  }),
  // Tenant.ImpersonateRole is checked against the caller's own role, not the impersonated one, so
  // a developer impersonating a Viewer can still end it (src/domain/users/tenant-users.ts).
  Tenant_UpdateUserImpersonateRoleId: signedIn(({ query, session, services }) =>
    setImpersonateRole(services.db, session, query.roleId),
  ),
  Tenant_Update: requires(['Tenant.EditBasic'], ({ body, session, services }) =>
    updateTenant(services.db, session, body),
  ),
});
