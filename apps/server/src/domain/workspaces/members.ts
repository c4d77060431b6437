// Workspace membership: the caller's workspaces, the users of a workspace, their status, invites,
// and who is a valid assignee. A member's role in a workspace is their role in the tenant (there are
// no per-workspace roles); the workspace row only says whether they are in it and active.
import type { Db } from '../../db/database.js';
import { UsersRepository } from '../../db/repositories/users.js';
import {
  addEveryTenantMemberToEveryWorkspace,
  type WorkspaceScope,
  type WorkspaceUserRow,
} from '../../db/repositories/workspace-scope.js';
import type { WorkspaceRow } from '../../db/schema.js';
import { effectiveAbilities } from '../abilities.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { roleById } from '../roles.js';
import type { Services } from '../services.js';
import { type Session, USER_STATUS } from '../session.js';
import { INVITE_CHECK_STATUS, invitationBlocked, inviteUsers, type UserInvite } from '../users/invitations.js';
import { accessibleWorkspaces, openWorkspace, workspaceScope } from './access.js';
import { isConfigured, resolveConfiguration } from './configuration.js';
import { pipelineIdOf } from './pipelines.js';
import { templateOf } from './task-type-catalogue.js';

/** SdWorkspace/UserWorkspaces: the caller's workspaces of one type in the current tenant. */
export async function userWorkspaces(db: Db, session: Session, workspaceType: number) {
  const rows = (await accessibleWorkspaces(db, session)).filter((w) => w.workspace_type === workspaceType);
  return rows.map((row) => toMembership(row, session));
}

function toMembership(row: WorkspaceRow, session: Session) {
  const template = templateOf(row.task_type);
  const config = resolveConfiguration(row);
  return {
    userId: session.user.id,
    workspaceId: row.id,
    roleId: session.membership.role_id,
    userStatus: USER_STATUS.Active,
    tenantId: row.tenant_id,
    workspaceName: row.display_name,
    workspaceDescription: row.description,
    isDefault: row.is_default,
    isConfigured: isConfigured(config, template),
    taskType: template.taskType,
    workspaceType: row.workspace_type,
    templateType: row.template_type,
    workspaceTemplateName: template.displayName,
    workspaceTemplateIconSource: template.iconSource,
    workspaceTemplateColor: template.color,
    templatePartitionKey: template.group,
    templateRowKey: template.taskType,
    pipelineId: pipelineIdOf(row.id),
  };
}

function toWorkspaceUser(u: WorkspaceUserRow) {
  return {
    userId: u.user_id,
    workspaceId: u.workspace_id,
    roleId: u.role_id,
    roleName: roleById(u.role_id)?.name ?? null,
    name: u.name,
    userName: u.user_name,
    email: u.email,
    // Someone inactive in the tenant cannot work in any of its workspaces.
    userStatus: u.tenant_status === USER_STATUS.Active ? u.status : USER_STATUS.Inactive,
    joinedOn: new Date(u.joined_on).toISOString(),
    profilePicture: u.profile_picture,
    isTenantOwner: u.is_owner,
  };
}

/** SdWorkspace/Users/{workspaceId}. */
export async function workspaceUsers(db: Db, session: Session, workspaceId: string) {
  const { scope } = await openWorkspace(db, session, workspaceId);
  return (await scope.users(workspaceId)).map(toWorkspaceUser);
}

/**
 * SdWorkspace/UpdateUserStatus. Needs `Workspace.UpdateUserStatus.<role of the target>` (not
 * blacklisted); nobody changes their own status (they could lock themselves out, or back in).
 */
export async function updateUserStatus(
  db: Db,
  session: Session,
  body: { userId: string; workspaceId: string; userStatus: number },
) {
  const { scope } = await openWorkspace(db, session, body.workspaceId);
  const target = (await scope.users(body.workspaceId)).find((u) => u.user_id === body.userId);
  if (!target) throw notFound('This user is not a member of the workspace.');
  if (body.userId === session.user.id) throw forbidden('You cannot change your own status in a workspace.');
  const role = roleById(target.role_id);
  const needed = `Workspace.UpdateUserStatus.${role?.name ?? 'Developer'}`;
  if (!session.abilities.has(needed)) throw forbidden(`You need the permission ${needed}.`);
  const changed = target.status !== body.userStatus;
  if (changed) await scope.setStatus(body.workspaceId, body.userId, body.userStatus);
  return { succeeded: true, errors: [], result: changed };
}

/** SdWorkspace/CheckIfUserCanBeInvited: names are filled in only for people of this tenant. */
export async function checkWorkspaceInvite(db: Db, session: Session, email: string, workspaceId: string) {
  const { scope } = await openWorkspace(db, session, workspaceId);
  const person = await scope.tenantPersonByEmail(email);
  let status: number;
  if (person) {
    const member = await scope.membership(workspaceId, person.user_id);
    status = member ? INVITE_CHECK_STATUS.ExistsInWorkspace : INVITE_CHECK_STATUS.NotFoundInWorkspace;
  } else {
    const account = await new UsersRepository(db).findByEmail(email);
    status = account ? INVITE_CHECK_STATUS.NotFoundInTenant : INVITE_CHECK_STATUS.NotFound;
  }
  return {
    email: email.trim(),
    name: person?.name ?? null,
    workspaceId,
    tenantRoleId: person?.role_id ?? null,
    inviteToAllWorkspaces: false,
    inviteCheckStatus: status,
  };
}

/**
 * SdWorkspace/InviteUser. People already in the tenant are added to the workspace(s) at once;
 * people new to the tenant go through the tenant invitation (account, membership with the role,
 * e-mail with a set-password link; src/domain/invitations.ts) and are then added too.
 * Everything is checked before anything is written.
 */
export async function inviteToWorkspaces(services: Services, session: Session, invites: UserInvite[]) {
  const blocked = await invitationBlocked(session);
  if (blocked.isBlocked) throw forbidden(blocked.reason ?? 'Invitations to this tenant are blocked.');
  const { db } = services;
  const scope = workspaceScope(db, session);
  const reachable = await accessibleWorkspaces(db, session);
  const errors: Array<{ code: number; message: string }> = [];
  const plan: Array<{ invite: UserInvite; userId: string | null; workspaceIds: string[] }> = [];
  for (const [index, invite] of invites.entries()) {
    let workspaceIds: string[];
    if (invite.inviteToAllWorkspaces) workspaceIds = reachable.map((w) => w.id);
    else if (invite.workspaceId) {
      await openWorkspace(db, session, invite.workspaceId);
      workspaceIds = [invite.workspaceId];
    } else {
      // Numbered rather than named: the answer must not echo addresses it has not dealt with.
      errors.push({ code: 0, message: `Invite ${index + 1}: choose a workspace or invite to all workspaces.` });
      continue;
    }
    const person = await scope.tenantPersonByEmail(invite.email);
    plan.push({ invite, userId: person?.user_id ?? null, workspaceIds });
  }
  if (errors.length) return { succeeded: false, errors, result: false };

  const newcomers = plan.filter((p) => !p.userId);
  if (newcomers.length) {
    const invited = await inviteUsers(
      db,
      services.mailer,
      services.config.origin,
      session,
      newcomers.map((p) => ({ ...p.invite, inviteToAllWorkspaces: false, workspaceId: null })),
    );
    if (!invited.succeeded) return invited;
    for (const p of newcomers) p.userId = (await scope.tenantPersonByEmail(p.invite.email))?.user_id ?? null;
  }
  const rows = plan.flatMap((p) =>
    p.userId ? p.workspaceIds.map((workspaceId) => ({ workspaceId, userId: p.userId as string })) : [],
  );
  await scope.addMembers(rows, session.user.id);
  return { succeeded: true, errors: [], result: true };
}

export type UserValidity = 'assignment' | 'share';

/**
 * Members of the workspace with whether tasks can be assigned to them (active in the tenant and the
 * workspace, and their role may review: `Task.Review`, not blacklisted) or shared with them (active,
 * `Task.View`).
 */
export async function validUsers(
  _db: Db,
  session: Session,
  scope: WorkspaceScope,
  workspaceId: string,
  kind: UserValidity,
): Promise<Array<ReturnType<typeof toValidUser>>> {
  const blacklist = await session.scope.blacklist();
  const ability = kind === 'assignment' ? 'Task.Review' : 'Task.View';
  return (await scope.users(workspaceId)).map((u) => {
    const role = roleById(u.role_id);
    const valid =
      u.status === USER_STATUS.Active &&
      u.tenant_status === USER_STATUS.Active &&
      !!role &&
      effectiveAbilities(role, blacklist).has(ability);
    return toValidUser(u, valid);
  });
}

function toValidUser(u: WorkspaceUserRow, valid: boolean) {
  return {
    userId: u.user_id,
    name: u.name,
    userName: u.user_name,
    email: u.email,
    profilePicture: u.profile_picture,
    roleId: u.role_id,
    isValid: valid,
  };
}

export const asAssignee = ({ isValid, ...u }: ReturnType<typeof toValidUser>) => ({
  ...u,
  isValidForTaskAssignment: isValid,
});
export const asShareTarget = ({ isValid, ...u }: ReturnType<typeof toValidUser>) => ({
  ...u,
  isValidForTaskSharing: isValid,
});

/** SdWorkspace/ValidUsersForTaskAssignment and ValidUsersForTaskShare. */
export async function listValidUsers(
  db: Db,
  session: Session,
  workspaceId: string,
  includeSelf: boolean,
  kind: UserValidity,
) {
  const { scope } = await openWorkspace(db, session, workspaceId);
  const users = await validUsers(db, session, scope, workspaceId, kind);
  const listed = includeSelf ? users : users.filter((u) => u.userId !== session.user.id);
  return kind === 'assignment' ? listed.map(asAssignee) : listed.map(asShareTarget);
}

/**
 * SdWorkspace/CurrentTaskAssignmentUsers: one entry per requested id, in the order asked. An id
 * that is no member of the workspace (or belongs to nobody in this tenant) comes back invalid and
 * without any detail.
 */
export async function currentAssignmentUsers(db: Db, session: Session, workspaceId: string, userIds: string[]) {
  const { scope } = await openWorkspace(db, session, workspaceId);
  const users = await validUsers(db, session, scope, workspaceId, 'assignment');
  const byId = new Map(users.map((u) => [u.userId, u]));
  return userIds.map((id) => {
    const u = byId.get(id);
    return u
      ? asAssignee(u)
      : {
          userId: id,
          name: null,
          userName: null,
          email: null,
          profilePicture: null,
          roleId: null,
          isValidForTaskAssignment: false,
        };
  });
}

/** Checks assignees for a default assignment: each must be a valid assignee of the workspace. */
export function checkAssignees(users: Array<{ userId: string; isValid: boolean }>, userIds: string[]): void {
  const byId = new Map(users.map((u) => [u.userId, u]));
  for (const [index, id] of userIds.entries()) {
    if (!byId.get(id)?.isValid) {
      throw invalid(`Assignee ${index + 1} is not an active member of this workspace who may review.`, 30);
    }
  }
}

/** Demo seeding: every member of a tenant joins every workspace of it (missing rows only). */
export async function seedDemoWorkspaceMembers(db: Db): Promise<void> {
  await addEveryTenantMemberToEveryWorkspace(db, USER_STATUS.Active);
}
