// Tenant administration: the members of the caller's tenant, their roles and statuses, the role a
// developer impersonates, the tenant's basic settings. Every query here filters on the session's
// tenant (TenantMembersRepository needs the tenant), so a user id of another tenant is simply not found.
import type { Db } from '../../db/database.js';
import {
  MEMBER_SORT_COLUMNS,
  type MemberFilter,
  type MemberRow,
  type MemberSort,
  TenantMembersRepository,
} from '../../db/repositories/tenant-members.js';
import { effectiveAbilities } from '../abilities.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { type Role, roleById, roleByName } from '../roles.js';
import { loadSession, type Session, USER_STATUS } from '../session.js';
import { canAccessWorkspace } from '../workspaces/access.js';
import { tenantSession } from './profile.js';

export interface TenantUser {
  userId: string;
  minimumRoleId: string | null;
  roleId: string;
  name: string;
  userName: string;
  email: string;
  joinedOn: string;
  userStatus: number;
  isDefault: boolean;
  tenantId: string;
  emailConfirmed: boolean;
  profilePicture: string | null;
  isTenantOwner: boolean;
}

/** The tenant owner keeps at least the Administrator role; nobody else has a floor. */
export function minimumRoleOf(member: { is_owner: boolean }): Role | null {
  return member.is_owner ? roleByName('Administrator') : null;
}

export function tenantUserView(m: MemberRow): TenantUser {
  return {
    userId: m.user_id,
    minimumRoleId: minimumRoleOf(m)?.id ?? null,
    roleId: m.role_id,
    name: m.name,
    userName: m.user_name,
    email: m.email,
    joinedOn: new Date(m.joined_on).toISOString(),
    userStatus: m.status,
    isDefault: m.is_default,
    tenantId: m.tenant_id,
    emailConfirmed: m.email_confirmed,
    profilePicture: m.profile_picture,
    isTenantOwner: m.is_owner,
  };
}

export async function allTenantUsers(db: Db, session: Session): Promise<TenantUser[]> {
  return (await new TenantMembersRepository(db, session.scope.tenantId).list()).map(tenantUserView);
}

const ok = <T>(result: T) => ({
  succeeded: true as const,
  errors: [] as Array<{ code: number; message: string }>,
  result,
});

/** The member another member wants to change: found in the caller's tenant, and not the caller. */
async function targetOf(members: TenantMembersRepository, session: Session, userId: string, what: string) {
  const target = await members.find(userId);
  if (!target) throw notFound('No such user in this tenant.');
  if (target.user_id === session.user.id) throw forbidden(`You cannot change your own ${what}.`);
  const role = roleById(target.role_id);
  if (!role) throw forbidden('The role of this user is unknown.');
  return { target, role };
}

/**
 * Tenant/UpdateUserRole. Needs `Tenant.UpdateUserRole.<current role of the target>` and
 * `Tenant.UpdateUserRole.<new role>` (giving a role is managing it), neither blacklisted.
 */
export async function updateUserRole(db: Db, session: Session, userId: string, roleId: string) {
  const members = new TenantMembersRepository(db, session.scope.tenantId);
  const { target, role } = await targetOf(members, session, userId, 'role');
  if (!session.abilities.has(`Tenant.UpdateUserRole.${role.name}`)) {
    throw forbidden(`You need the permission Tenant.UpdateUserRole.${role.name} to change this user's role.`);
  }
  const next = roleById(roleId);
  if (!next) throw invalid("The parameter 'roleId' is not a known role.");
  if (!next.tenantSelectable) throw invalid(`The role ${next.name} cannot be given in a tenant.`);
  const minimum = minimumRoleOf(target);
  if (minimum && next.order > minimum.order) {
    throw invalid(`The tenant owner's role cannot be lower than ${minimum.name}.`);
  }
  if (!session.abilities.has(`Tenant.UpdateUserRole.${next.name}`)) {
    throw forbidden(`You need the permission Tenant.UpdateUserRole.${next.name} to give this role.`);
  }
  await members.update(userId, { role_id: next.id });
  return ok(tenantUserView((await members.find(userId)) as MemberRow));
}

/**
 * Tenant/UpdateUserStatus. Needs `Tenant.UpdateUserStatus.<role of the target>`. An inactive member
 * is no longer let into this tenant (loadSession only picks active memberships).
 */
export async function updateUserStatus(db: Db, session: Session, userId: string, status: number) {
  const members = new TenantMembersRepository(db, session.scope.tenantId);
  const { target, role } = await targetOf(members, session, userId, 'status');
  if (!session.abilities.has(`Tenant.UpdateUserStatus.${role.name}`)) {
    throw forbidden(`You need the permission Tenant.UpdateUserStatus.${role.name} to change this user's status.`);
  }
  if (target.is_owner && status !== USER_STATUS.Active) throw invalid('The tenant owner cannot be deactivated.');
  await members.update(userId, { status });
  return ok(tenantUserView((await members.find(userId)) as MemberRow));
}

/**
 * Tenant/UpdateUserImpersonateRoleId. Checked against the caller's OWN role (an impersonated Viewer
 * must still be able to stop): it needs Tenant.ImpersonateRole, and may not pick a role above it.
 * No role id ends the impersonation.
 */
export async function setImpersonateRole(db: Db, session: Session, roleId: string | null | undefined) {
  const own = effectiveAbilities(session.role, await session.scope.blacklist());
  if (!own.has('Tenant.ImpersonateRole')) throw forbidden('You need the permission Tenant.ImpersonateRole.');
  let impersonate: Role | null = null;
  if (roleId) {
    const role = roleById(roleId);
    if (!role) throw notFound('No such role.');
    if (role.order < session.role.order) throw forbidden('You cannot impersonate a role above your own.');
    impersonate = role;
  }
  await new TenantMembersRepository(db, session.scope.tenantId).update(session.user.id, {
    impersonate_role_id: impersonate?.id ?? null,
  });
  return ok(tenantSession(await loadSession(db, session.user.id)));
}

export const MAX_TENANT_NAME_LENGTH = 256;

/** Tenant/Update: the basic settings (the name). */
export async function updateTenant(db: Db, session: Session, body: { name: string }) {
  const name = body.name.trim();
  if (!name) throw invalid("The parameter 'name' cannot be empty.");
  if (name.length > MAX_TENANT_NAME_LENGTH) {
    throw invalid(`The parameter 'name' must be at most ${MAX_TENANT_NAME_LENGTH} characters.`);
  }
  const row = await new TenantMembersRepository(db, session.scope.tenantId).renameTenant(name);
  if (!row) throw notFound('The tenant no longer exists.');
  return ok(row);
}

// --- User/GetWithPagination -------------------------------------------------------------------

export interface UserListFilter {
  pageNumber: number;
  pageSize: number;
  search?: string | null;
  userStatus?: number | null;
  roleIds?: string[];
  workspaceId?: string | null;
  sortBy?: string | null;
  sortDescending?: boolean;
}

export const MAX_PAGE_SIZE = 200;

export async function tenantUsersPage(db: Db, session: Session, filter: UserListFilter) {
  if (filter.pageSize > MAX_PAGE_SIZE) throw invalid(`The parameter 'pageSize' must be at most ${MAX_PAGE_SIZE}.`);
  const sort = (filter.sortBy ?? 'name') as MemberSort;
  if (!Object.hasOwn(MEMBER_SORT_COLUMNS, sort)) {
    throw invalid(`The parameter 'sortBy' must be one of ${Object.keys(MEMBER_SORT_COLUMNS).join(', ')}.`);
  }
  if (filter.workspaceId && !(await canAccessWorkspace(db, session, filter.workspaceId))) {
    // Contract has no 404 here: a workspace the caller does not reach (or another tenant's) is refused.
    throw forbidden('No such workspace.');
  }
  const members = new TenantMembersRepository(db, session.scope.tenantId);
  const narrowed: MemberFilter = {
    search: filter.search?.trim().toLowerCase() || undefined,
    status: filter.userStatus,
    roleIds: filter.roleIds,
    workspaceId: filter.workspaceId,
  };
  const totalCount = await members.count(narrowed);
  const rows = await members.page(narrowed, sort, filter.sortDescending === true, {
    number: filter.pageNumber,
    size: filter.pageSize,
  });
  const totalPages = Math.ceil(totalCount / filter.pageSize);
  return {
    pageNumber: filter.pageNumber,
    totalPages,
    totalCount,
    hasPreviousPage: filter.pageNumber > 1,
    hasNextPage: filter.pageNumber < totalPages,
    items: rows.map(userListItem),
  };
}

/** A member as the user lists show them (UserListItem). */
export function userListItem(m: MemberRow) {
  return {
    tenantId: m.tenant_id,
    userId: m.user_id,
    userName: m.user_name,
    userEmail: m.email,
    userStatusId: m.status,
    userRoleId: m.role_id,
    userRoleName: roleById(m.role_id)?.name ?? 'Viewer',
    isDefault: m.is_default,
    name: m.name,
    emailConfirmed: m.email_confirmed,
    joinedOn: new Date(m.joined_on).toISOString(),
    isTenantOwner: m.is_owner,
    profilePicture: m.profile_picture,
  };
}

/** User/Get: a member of the caller's tenant by e-mail address; 404 for anyone else. */
export async function tenantUserByEmail(db: Db, session: Session, email: string) {
  const member = await new TenantMembersRepository(db, session.scope.tenantId).findByEmail(email);
  if (!member) throw notFound('No user of this tenant has this e-mail address.');
  return userListItem(member);
}

/**
 * User/Remove: the member leaves the tenant and its workspaces; the account stays. Needs the same
 * `Tenant.UpdateUserStatus.<role of the target>` as a status change; the owner cannot be removed.
 */
export async function removeTenantUser(db: Db, session: Session, userId: string) {
  const members = new TenantMembersRepository(db, session.scope.tenantId);
  const { target, role } = await targetOf(members, session, userId, 'membership');
  if (!session.abilities.has(`Tenant.UpdateUserStatus.${role.name}`)) {
    throw forbidden(`You need the permission Tenant.UpdateUserStatus.${role.name} to remove this user.`);
  }
  if (target.is_owner) throw invalid('The tenant owner cannot be removed from the tenant.');
  await members.remove(userId);
  return ok(true);
}
