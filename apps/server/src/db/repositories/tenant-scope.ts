// Everything that belongs to a tenant is read and written through a TenantScope, which cannot be
// built without the caller's tenant id. Queries here always filter on tenant_id, so an id from
// another tenant simply is not found.
import type { Db } from '../database.js';

export class TenantScope {
  constructor(
    private readonly db: Db,
    readonly tenantId: string,
  ) {
    if (!tenantId) throw new Error('A tenant scope needs the tenant id');
  }

  tenant() {
    return this.db.selectFrom('tenants').selectAll().where('id', '=', this.tenantId).executeTakeFirst();
  }

  async blacklist(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('ability_blacklist')
      .select('ability')
      .where('tenant_id', '=', this.tenantId)
      .execute();
    return rows.map((r) => r.ability);
  }

  member(userId: string) {
    return this.db
      .selectFrom('tenant_memberships')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  workspaces() {
    return this.db
      .selectFrom('workspaces')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('soft_deleted', '=', false)
      .orderBy('display_name')
      .execute();
  }

  workspace(id: string) {
    return this.db
      .selectFrom('workspaces')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  batches(workspaceId: string) {
    return this.db
      .selectFrom('batches')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_on', 'desc')
      .execute();
  }

  async processedTaskCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenant_id', '=', this.tenantId)
      .where('created_by', '=', userId)
      .where('status', '=', 100)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
