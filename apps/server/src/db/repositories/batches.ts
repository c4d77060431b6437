// Batches of a tenant, looked up by id whatever their workspace (to tell "in another workspace"
// from "does not exist"). Cannot be built without the tenant.
import type { Db } from '../database.js';

export class BatchesRepository {
  constructor(
    private readonly db: Db,
    readonly tenantId: string,
  ) {
    if (!tenantId) throw new Error('Batches need the tenant id');
  }

  byId(id: string) {
    return this.db
      .selectFrom('batches')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
