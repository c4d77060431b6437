// Tenant administration: the members of the caller's tenant, their roles and statuses, the role a
// developer impersonates, the tenant's basic settings. Every query here filters on the session's
// tenant (TenantMembers takes the TenantScope), so a user id of another tenant is simply not found.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { TenantScope } from '../../db/repositories/tenant-scope.js';
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

interface MemberRow {
  tenant_id: string;
  user_id: string;
  role_id: string;
  status: number;
  is_default: boolean;
  is_owner: boolean;
  joined_on: Date | string;
  name: string;
  user_name: string;
  email: string;
  email_confirmed: boolean;
  profile_picture: string | null;
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

/** Members of one tenant with their accounts. Cannot be built without the tenant. */
export class TenantMembers {
  constructor(
    private readonly db: Db,
    private readonly scope: TenantScope,
  ) {}

  query() {
    return this.db
      .selectFrom('tenant_memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select([
        'm.tenant_id',
        'm.user_id',
        'm.role_id',
        'm.status',
        'm.is_default',
        'm.is_owner',
        'm.joined_on',
        'u.name',
        'u.user_name',
        'u.email',
        'u.email_confirmed',
        'u.profile_picture',
      ])
      .where('m.tenant_id', '=', this.scope.tenantId);
  }

  list(): Promise<MemberRow[]> {
    return this.query().orderBy('u.name').orderBy('u.email').execute();
  }

  find(userId: string): Promise<MemberRow | undefined> {
    return this.query().where('m.user_id', '=', userId).executeTakeFirst();
  }

  async update(userId: string, changes: { role_id?: string; status?: number; impersonate_role_id?: string | null }) {
    await this.db
      .updateTable('tenant_memberships')
      .set(changes)
      .where('tenant_id', '=', this.scope.tenantId)
      .where('user_id', '=', userId)
      .execute();
  }
}

export async function allTenantUsers(db: Db, session: Session): Promise<TenantUser[]> {
  return (await new TenantMembers(db, session.scope).list()).map(tenantUserView);
}

const ok = <T>(result: T) => ({
  succeeded: true as const,
  errors: [] as Array<{ code: number; message: string }>,
  result,
});

/** The member another member wants to change: found in the caller's tenant, and not the caller. */
async function targetOf(members: TenantMembers, session: Session, userId: string, what: string) {
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
  const members = new TenantMembers(db, session.scope);
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
  const members = new TenantMembers(db, session.scope);
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
  await new TenantMembers(db, session.scope).update(session.user.id, { impersonate_role_id: impersonate?.id ?? null });
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
  const row = await db
    .updateTable('tenants')
    .set({ name })
    .where('id', '=', session.scope.tenantId)
    .returning(['id', 'code', 'name'])
    .executeTakeFirst();
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

const SORT_COLUMNS = {
  name: 'u.name',
  userName: 'u.user_name',
  userEmail: 'u.email',
  email: 'u.email',
  joinedOn: 'm.joined_on',
  userStatusId: 'm.status',
  // Role ids follow the role order, so this sorts from the most to the least powerful role.
  userRoleId: 'm.role_id',
} as const;

export async function tenantUsersPage(db: Db, session: Session, filter: UserListFilter) {
  if (filter.pageSize > MAX_PAGE_SIZE) throw invalid(`The parameter 'pageSize' must be at most ${MAX_PAGE_SIZE}.`);
  const sortColumn = SORT_COLUMNS[(filter.sortBy ?? 'name') as keyof typeof SORT_COLUMNS];
  if (!sortColumn) {
    throw invalid(`The parameter 'sortBy' must be one of ${Object.keys(SORT_COLUMNS).join(', ')}.`);
  }
  if (filter.workspaceId && !(await canAccessWorkspace(db, session, filter.workspaceId))) {
    // Contract has no 404 here: a workspace the caller does not reach (or another tenant's) is refused.
    throw forbidden('No such workspace.');
  }
  let query = new TenantMembers(db, session.scope).query();
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(u.name)`, 'like', pattern),
        eb(sql`lower(u.user_name)`, 'like', pattern),
        eb(sql`lower(u.email)`, 'like', pattern),
      ]),
    );
  }
  if (filter.userStatus) query = query.where('m.status', '=', filter.userStatus);
  if (filter.roleIds?.length) query = query.where('m.role_id', 'in', filter.roleIds);
  const workspaceId = filter.workspaceId;
  if (workspaceId) {
    query = query.where('m.user_id', 'in', (eb) =>
      eb
        .selectFrom('workspace_members as wm')
        .select('wm.user_id')
        .where('wm.tenant_id', '=', session.scope.tenantId)
        .where('wm.workspace_id', '=', workspaceId),
    );
  }
  const countRow = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const totalCount = Number(countRow.count);
  const direction = filter.sortDescending ? 'desc' : 'asc';
  const rows = await query
    .orderBy(sortColumn, direction)
    .orderBy('u.email', direction)
    .limit(filter.pageSize)
    .offset((filter.pageNumber - 1) * filter.pageSize)
    .execute();
  const totalPages = Math.ceil(totalCount / filter.pageSize);
  return {
    pageNumber: filter.pageNumber,
    totalPages,
    totalCount,
    hasPreviousPage: filter.pageNumber > 1,
    hasNextPage: filter.pageNumber < totalPages,
    items: rows.map((m) => ({
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
    })),
  };
}
