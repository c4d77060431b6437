// Workspace users, invitations and assignment: thin handlers over src/domain/workspaces.

import { getDefaultAssignments, patchDefaultAssignments } from '../../domain/workspaces/default-assignments.js';
import {
  checkWorkspaceInvite,
  currentAssignmentUsers,
  inviteToWorkspaces,
  listValidUsers,
  updateUserStatus,
  workspaceUsers,
} from '../../domain/workspaces/members.js';
import { defineHandlers, requires } from '../handler.js';

export const workspaceMemberHandlers = defineHandlers({
  SdWorkspace_Users: requires(['Workspace.ListUsers'], async ({ params, session, services }) =>
    workspaceUsers(services.db, session, params.workspaceId),
  ),
  // The role-specific Workspace.UpdateUserStatus.<TargetRole> is checked in the domain.
  SdWorkspace_UpdateUserStatus: requires(['Workspace.UpdateUserStatus'], async ({ body, session, services }) =>
    updateUserStatus(services.db, session, body),
  ),
  SdWorkspace_CheckIfUserCanBeInvited: requires(['Workspace.AddUsers'], async ({ query, session, services }) =>
    checkWorkspaceInvite(services.db, session, query.email, query.workspaceId),
  ),
  SdWorkspace_InviteUser: requires(['Workspace.AddUsers'], async ({ body, session, services }) =>
    inviteToWorkspaces(services, session, body.users),
  ),
  SdWorkspace_ValidUsersForTaskAssignment: requires(
    ['Task.EditAssignments', 'Task.Import'],
    async ({ query, session, services }) =>
      listValidUsers(services.db, session, query.workspaceId, query.includeSelf === true, 'assignment'),
  ),
  SdWorkspace_ValidUsersForTaskShare: requires(['Task.View'], async ({ query, session, services }) =>
    listValidUsers(services.db, session, query.workspaceId, query.includeSelf === true, 'share'),
  ),
  SdWorkspace_CurrentTaskAssignmentUsers: requires(['Task.ListView'], async ({ query, session, services }) =>
    currentAssignmentUsers(services.db, session, query.workspaceId, query.userIds ?? []),
  ),
  SdWorkspace_GetDefaultAssignments: requires(['Workspace.View'], async ({ query, session, services }) =>
    getDefaultAssignments(services.db, session, query.workspaceId),
  ),
  SdWorkspace_PatchDefaultAssignments: requires(
    ['Workspace.Edit', 'Task.EditAssignments'],
    async ({ params, query, body, session, services }) =>
      patchDefaultAssignments(
        services.db,
        session,
        params.workspaceId,
        query.isEnabled === true,
        query.orderType,
        body,
      ),
  ),
});
