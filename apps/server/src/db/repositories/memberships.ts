// A user's own memberships across tenants: what the user may list and switch between.
import type { Db } from '../database.js';

export interface MembershipWithTenant {
  tenant_id: string;
  tenant_code: string;
  tenant_name: string;
  user_id: string;
  role_id: string;
  status: number;
  impersonate_role_id: string | null;
  is_default: boolean;
  is_owner: boolean;
}

export class MembershipsRepository {
  constructor(private readonly db: Db) {}

  private query() {
    return this.db
      .selectFrom('tenant_memberships as m')
      .innerJoin('tenants as t', 't.id', 'm.tenant_id')
      .select([
        'm.tenant_id',
        't.code as tenant_code',
        't.name as tenant_name',
        'm.user_id',
        'm.role_id',
        'm.status',
        'm.impersonate_role_id',
        'm.is_default',
        'm.is_owner',
      ]);
  }

  listForUser(userId: string): Promise<MembershipWithTenant[]> {
    return this.query().where('m.user_id', '=', userId).orderBy('t.name').execute();
  }

  find(userId: string, tenantId: string): Promise<MembershipWithTenant | undefined> {
    return this.query().where('m.user_id', '=', userId).where('m.tenant_id', '=', tenantId).executeTakeFirst();
  }

  /**
   * Makes `tenantId` the user's default tenant and no other, when the user is an active member
   * there; false otherwise (nothing changes).
   */
  async setDefault(userId: string, tenantId: string, activeStatus: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const chosen = await trx
        .updateTable('tenant_memberships')
        .set({ is_default: true })
        .where('user_id', '=', userId)
        .where('tenant_id', '=', tenantId)
        .where('status', '=', activeStatus)
        .returning('tenant_id')
        .executeTakeFirst();
      if (!chosen) return false;
      await trx
        .updateTable('tenant_memberships')
        .set({ is_default: false })
        .where('user_id', '=', userId)
        .where('tenant_id', '<>', tenantId)
        .execute();
      return true;
    });
  }

  /** The tenants the user owns, with how many other owners and other members each has. */
  owned(userId: string) {
    return this.db
      .selectFrom('tenant_memberships as m')
      .innerJoin('tenants as t', 't.id', 'm.tenant_id')
      .select((eb) => [
        'm.tenant_id',
        't.name as tenant_name',
        eb
          .selectFrom('tenant_memberships as o')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('o.tenant_id', '=', 'm.tenant_id')
          .where('o.user_id', '<>', userId)
          .where('o.is_owner', '=', true)
          .as('other_owners'),
        eb
          .selectFrom('tenant_memberships as o')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('o.tenant_id', '=', 'm.tenant_id')
          .where('o.user_id', '<>', userId)
          .as('other_members'),
      ])
      .where('m.user_id', '=', userId)
      .where('m.is_owner', '=', true)
      .orderBy('t.name')
      .execute();
  }

  /** The workspaces the user is a member of, in every tenant (the user's own data). */
  workspacesOf(userId: string) {
    return this.db
      .selectFrom('workspace_members as wm')
      .innerJoin('workspaces as w', 'w.id', 'wm.workspace_id')
      .select(['wm.tenant_id', 'w.id as workspace_id', 'w.display_name', 'wm.status'])
      .where('wm.user_id', '=', userId)
      .where('w.soft_deleted', '=', false)
      .orderBy('w.display_name')
      .execute();
  }
}
