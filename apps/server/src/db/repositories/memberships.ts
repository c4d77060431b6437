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
}
