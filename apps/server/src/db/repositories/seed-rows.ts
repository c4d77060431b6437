// Rows the server seeds at start (the built-in roles, the demo tenants, people, workspaces and
// batches), each added only when missing, so seeding is idempotent and never overwrites a change.
import type { Insertable } from 'kysely';
import type { Db } from '../database.js';
import type {
  BatchesTable,
  RolesTable,
  TenantMembershipsTable,
  TenantsTable,
  UsersTable,
  WorkspacesTable,
} from '../schema.js';

export class SeedRowsRepository {
  constructor(private readonly db: Db) {}

  /** Which of the ids are accounts already. */
  async existingUserIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('users').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  async role(row: Insertable<RolesTable>): Promise<void> {
    await this.db
      .insertInto('roles')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async tenant(row: Insertable<TenantsTable>): Promise<void> {
    await this.db
      .insertInto('tenants')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async user(row: Insertable<UsersTable>): Promise<void> {
    await this.db
      .insertInto('users')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async membership(row: Insertable<TenantMembershipsTable>): Promise<void> {
    await this.db
      .insertInto('tenant_memberships')
      .values(row)
      .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doNothing())
      .execute();
  }

  async workspace(row: Insertable<WorkspacesTable>): Promise<void> {
    await this.db
      .insertInto('workspaces')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async batch(row: Insertable<BatchesTable>): Promise<void> {
    await this.db
      .insertInto('batches')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
