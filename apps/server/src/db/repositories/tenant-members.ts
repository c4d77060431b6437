// The members of one tenant with their accounts. Cannot be built without the tenant; every query
// filters on it, so a user id of another tenant is simply not found.
import { sql } from 'kysely';
import type { Db } from '../database.js';

export interface MemberRow {
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

export interface NewMember {
  userId: string;
  roleId: string;
  status: number;
  isDefault: boolean;
}

/** What narrows a page of members; every part is optional. */
export interface MemberFilter {
  /** Lower-case text found in the name, user name or e-mail. */
  search?: string | undefined;
  status?: number | null | undefined;
  roleIds?: string[] | undefined;
  /** Only members of this workspace of the tenant. */
  workspaceId?: string | null | undefined;
}

export const MEMBER_SORT_COLUMNS = {
  name: 'u.name',
  userName: 'u.user_name',
  userEmail: 'u.email',
  email: 'u.email',
  joinedOn: 'm.joined_on',
  userStatusId: 'm.status',
  // Role ids follow the role order, so this sorts from the most to the least powerful role.
  userRoleId: 'm.role_id',
} as const;

export type MemberSort = keyof typeof MEMBER_SORT_COLUMNS;

export class TenantMembersRepository {
  constructor(
    private readonly db: Db,
    readonly tenantId: string,
  ) {
    if (!tenantId) throw new Error('Tenant members need the tenant id');
  }

  private query() {
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
      .where('m.tenant_id', '=', this.tenantId);
  }

  list(): Promise<MemberRow[]> {
    return this.query().orderBy('u.name').orderBy('u.email').execute();
  }

  find(userId: string): Promise<MemberRow | undefined> {
    return this.query().where('m.user_id', '=', userId).executeTakeFirst();
  }

  findByEmail(email: string): Promise<MemberRow | undefined> {
    return this.query().where(sql`lower(u.email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
  }

  /** Pictures of the tenant's members among `userIds` (others are left out). */
  pictures(userIds: readonly string[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tenant_memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id as user_id', 'u.profile_picture'])
      .where('m.tenant_id', '=', this.tenantId)
      .where('m.user_id', 'in', [...userIds])
      .execute();
  }

  /** Takes the user out of the tenant and its workspaces; the account stays. */
  async remove(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('workspace_members')
        .where('tenant_id', '=', this.tenantId)
        .where('user_id', '=', userId)
        .execute();
      await trx
        .deleteFrom('tenant_memberships')
        .where('tenant_id', '=', this.tenantId)
        .where('user_id', '=', userId)
        .execute();
    });
  }

  private filtered(filter: MemberFilter) {
    let query = this.query();
    if (filter.search) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(u.name)`, 'like', pattern),
          eb(sql`lower(u.user_name)`, 'like', pattern),
          eb(sql`lower(u.email)`, 'like', pattern),
        ]),
      );
    }
    if (filter.status) query = query.where('m.status', '=', filter.status);
    if (filter.roleIds?.length) query = query.where('m.role_id', 'in', filter.roleIds);
    const workspaceId = filter.workspaceId;
    if (workspaceId) {
      query = query.where('m.user_id', 'in', (eb) =>
        eb
          .selectFrom('workspace_members as wm')
          .select('wm.user_id')
          .where('wm.tenant_id', '=', this.tenantId)
          .where('wm.workspace_id', '=', workspaceId),
      );
    }
    return query;
  }

  async count(filter: MemberFilter): Promise<number> {
    const row = await this.filtered(filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** One page (numbered from 1), sorted, then by e-mail in the same direction. */
  page(filter: MemberFilter, sort: MemberSort, descending: boolean, page: { number: number; size: number }) {
    const direction = descending ? 'desc' : 'asc';
    return this.filtered(filter)
      .orderBy(MEMBER_SORT_COLUMNS[sort], direction)
      .orderBy('u.email', direction)
      .limit(page.size)
      .offset((page.number - 1) * page.size)
      .execute();
  }

  async update(userId: string, changes: { role_id?: string; status?: number; impersonate_role_id?: string | null }) {
    await this.db
      .updateTable('tenant_memberships')
      .set(changes)
      .where('tenant_id', '=', this.tenantId)
      .where('user_id', '=', userId)
      .execute();
  }

  async add(member: NewMember): Promise<void> {
    await this.db
      .insertInto('tenant_memberships')
      .values({
        tenant_id: this.tenantId,
        user_id: member.userId,
        role_id: member.roleId,
        status: member.status,
        impersonate_role_id: null,
        is_default: member.isDefault,
        is_owner: false,
      })
      .execute();
  }

  /** Renames the tenant; undefined when it no longer exists. */
  renameTenant(name: string) {
    return this.db
      .updateTable('tenants')
      .set({ name })
      .where('id', '=', this.tenantId)
      .returning(['id', 'code', 'name'])
      .executeTakeFirst();
  }
}
