// Workspace users, invitations and assignment: thin handlers over src/domain/workspaces.

import type { UserInvite } from '../../domain/invitations.js';
import { getDefaultAssignments, patchDefaultAssignments } from '../../domain/workspaces/default-assignments.js';
import {
  checkWorkspaceInvite,
  currentAssignmentUsers,
  inviteToWorkspaces,
  listValidUsers,
  updateUserStatus,
  workspaceUsers,
} from '../../domain/workspaces/members.js';
import { type HandlerMap, requires } from '../handler.js';

const asList = (value: unknown): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String);

export const workspaceMemberHandlers: HandlerMap = {
  SdWorkspace_Users: requires(['Workspace.ListUsers'], async ({ params, session, services }) =>
    workspaceUsers(services.db, session, String(params.workspaceId)),
  ),
  // The role-specific Workspace.UpdateUserStatus.<TargetRole> is checked in the domain.
  SdWorkspace_UpdateUserStatus: requires(['Workspace.UpdateUserStatus'], async ({ body, session, services }) =>
    updateUserStatus(services.db, session, body as { userId: string; workspaceId: string; userStatus: number }),
  ),
  SdWorkspace_CheckIfUserCanBeInvited: requires(['Workspace.AddUsers'], async ({ query, session, services }) =>
    checkWorkspaceInvite(services.db, session, String(query.email), String(query.workspaceId)),
  ),
  SdWorkspace_InviteUser: requires(['Workspace.AddUsers'], async ({ body, session, services }) =>
    inviteToWorkspaces(services, session, (body as { users: UserInvite[] }).users),
  ),
  SdWorkspace_ValidUsersForTaskAssignment: requires(
    ['Task.EditAssignments', 'Task.Import'],
    async ({ query, session, services }) =>
      listValidUsers(services.db, session, String(query.workspaceId), query.includeSelf === true, 'assignment'),
  ),
  SdWorkspace_ValidUsersForTaskShare: requires(['Task.View'], async ({ query, session, services }) =>
    listValidUsers(services.db, session, String(query.workspaceId), query.includeSelf === true, 'share'),
  ),
  SdWorkspace_CurrentTaskAssignmentUsers: requires(['Task.ListView'], async ({ query, session, services }) =>
    currentAssignmentUsers(services.db, session, String(query.workspaceId), asList(query.userIds)),
  ),
  SdWorkspace_GetDefaultAssignments: requires(['Workspace.View'], async ({ query, session, services }) =>
    getDefaultAssignments(services.db, session, String(query.workspaceId)),
  ),
  SdWorkspace_PatchDefaultAssignments: requires(
    ['Workspace.Edit', 'Task.EditAssignments'],
    async ({ params, query, body, session, services }) =>
      patchDefaultAssignments(
        services.db,
        session,
        String(params.workspaceId),
        query.isEnabled === true,
        Number(query.orderType),
        body as string[],
      ),
  ),
};
