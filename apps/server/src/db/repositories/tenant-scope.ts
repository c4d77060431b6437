// The tenant itself and what hangs directly off it (its blacklist, members, workspaces, batches),
// read through the tenant-scoped base: an id from another tenant simply is not found.
import { TenantRepository } from './tenant-repository.js';

export class TenantScope extends TenantRepository {
  tenant() {
    return this.db.selectFrom('tenants').selectAll().where('id', '=', this.tenantId).executeTakeFirst();
  }

  async blacklist(): Promise<string[]> {
    const rows = await this.rows('ability_blacklist').select('ability').execute();
    return rows.map((r) => r.ability);
  }

  member(userId: string) {
    return this.rows('tenant_memberships').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  workspaces() {
    return this.rows('workspaces').selectAll().where('soft_deleted', '=', false).orderBy('display_name').execute();
  }

  workspace(id: string) {
    return this.rowById('workspaces', id).selectAll().executeTakeFirst();
  }

  batches(workspaceId: string) {
    return this.rows('batches')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_on', 'desc')
      .execute();
  }

  async processedTaskCount(userId: string): Promise<number> {
    const row = await this.rows('tasks')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('created_by', '=', userId)
      .where('status', '=', 100)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Deletes the tenant with everything that belongs to it (every tenant table cascades). */
  async deleteTenant(): Promise<void> {
    await this.db.deleteFrom('tenants').where('id', '=', this.tenantId).execute();
  }
}
