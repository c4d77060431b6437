// Workspaces, their members and default assignments, always inside one tenant (TenantRepository).
import { sql } from 'kysely';
import type { WorkspaceRow } from '../schema.js';
import { type Executor, TenantRepository } from './tenant-repository.js';

export interface WorkspaceUserRow {
  user_id: string;
  workspace_id: string;
  status: number;
  joined_on: Date;
  email: string;
  name: string;
  user_name: string;
  profile_picture: string | null;
  role_id: string;
  tenant_status: number;
  is_owner: boolean;
}

export interface TenantPersonRow {
  user_id: string;
  email: string;
  name: string;
  role_id: string;
  tenant_status: number;
}

export class WorkspaceScope extends TenantRepository {
  /** A workspace of the tenant (deleted ones too; callers decide). */
  find(id: string): Promise<WorkspaceRow | undefined> {
    return this.rowById('workspaces', id).selectAll().executeTakeFirst();
  }

  /** Live (not soft-deleted) workspaces of the tenant, by name. */
  list(): Promise<WorkspaceRow[]> {
    return this.rows('workspaces').selectAll().where('soft_deleted', '=', false).orderBy('display_name').execute();
  }

  /** Live workspaces where the user has an active membership row. */
  listForMember(userId: string): Promise<WorkspaceRow[]> {
    return this.db
      .selectFrom('workspaces as w')
      .innerJoin('workspace_members as m', (j) =>
        j.onRef('m.workspace_id', '=', 'w.id').onRef('m.tenant_id', '=', 'w.tenant_id'),
      )
      .selectAll('w')
      .where('w.tenant_id', '=', this.tenantId)
      .where('w.soft_deleted', '=', false)
      .where('m.user_id', '=', userId)
      .where('m.status', '=', 10)
      .orderBy('w.display_name')
      .execute();
  }

  async update(
    id: string,
    changes: {
      display_name?: string;
      description?: string | null;
      is_default?: boolean;
      configuration?: Record<string, unknown>;
      /** TemplateType: what recognizes the workspace's documents (built in, or a custom model). */
      template_type?: number;
    },
  ): Promise<void> {
    const { configuration, ...rest } = changes;
    await this.updateRows('workspaces')
      .set({ ...rest, ...(configuration ? { configuration: JSON.stringify(configuration) } : {}) })
      .where('id', '=', id)
      .execute();
  }

  /** Marks the workspace deleted (it stays in the table; every read of live workspaces skips it). */
  async softDelete(id: string): Promise<void> {
    await this.updateRows('workspaces').set({ soft_deleted: true }).where('id', '=', id).execute();
  }

  /** Makes `id` the tenant's only default workspace. */
  async makeDefault(id: string): Promise<void> {
    await this.updateRows('workspaces')
      .set({ is_default: sql<boolean>`id = ${id}` })
      .execute();
  }

  membership(workspaceId: string, userId: string) {
    return this.rows('workspace_members')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Members of a workspace with their account and tenant membership (only people of this tenant). */
  users(workspaceId: string): Promise<WorkspaceUserRow[]> {
    return this.db
      .selectFrom('workspace_members as wm')
      .innerJoin('users as u', 'u.id', 'wm.user_id')
      .innerJoin('tenant_memberships as tm', (j) =>
        j.onRef('tm.user_id', '=', 'wm.user_id').onRef('tm.tenant_id', '=', 'wm.tenant_id'),
      )
      .select([
        'wm.user_id',
        'wm.workspace_id',
        'wm.status',
        'wm.joined_on',
        'u.email',
        'u.name',
        'u.user_name',
        'u.profile_picture',
        'tm.role_id',
        'tm.status as tenant_status',
        'tm.is_owner',
      ])
      .where('wm.tenant_id', '=', this.tenantId)
      .where('wm.workspace_id', '=', workspaceId)
      .orderBy('u.name')
      .execute();
  }

  async setStatus(workspaceId: string, userId: string, status: number): Promise<boolean> {
    const result = await this.updateRows('workspace_members')
      .set({ status })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Adds members (missing rows only); returns how many were added. */
  async addMembers(rows: Array<{ workspaceId: string; userId: string }>, addedBy: string | null): Promise<number> {
    if (rows.length === 0) return 0;
    const result = await this.db
      .insertInto('workspace_members')
      .values(
        rows.map((r) => ({
          tenant_id: this.tenantId,
          workspace_id: r.workspaceId,
          user_id: r.userId,
          status: 10,
          added_by: addedBy,
        })),
      )
      .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  /** A person of this tenant by e-mail (undefined for people of other tenants or none). */
  tenantPersonByEmail(email: string): Promise<TenantPersonRow | undefined> {
    return this.db
      .selectFrom('users as u')
      .innerJoin('tenant_memberships as tm', 'tm.user_id', 'u.id')
      .select(['u.id as user_id', 'u.email', 'u.name', 'tm.role_id', 'tm.status as tenant_status'])
      .where('tm.tenant_id', '=', this.tenantId)
      .where(sql`lower(u.email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }

  /** People of this tenant by id (ids of other tenants' people are simply not found). */
  tenantPeople(userIds: string[]): Promise<TenantPersonRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users as u')
      .innerJoin('tenant_memberships as tm', 'tm.user_id', 'u.id')
      .select(['u.id as user_id', 'u.email', 'u.name', 'tm.role_id', 'tm.status as tenant_status'])
      .where('tm.tenant_id', '=', this.tenantId)
      .where('u.id', 'in', userIds)
      .execute();
  }

  defaultAssignments(workspaceId: string) {
    return this.rows('workspace_default_assignments')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
  }

  async saveDefaultAssignments(
    workspaceId: string,
    value: { isEnabled: boolean; orderType: number; userIds: string[] },
    modifiedBy: string,
  ): Promise<void> {
    const row = {
      is_enabled: value.isEnabled,
      order_type: value.orderType,
      user_ids: JSON.stringify(value.userIds),
      modified_by: modifiedBy,
      modified_on: new Date(),
    };
    await this.db
      .insertInto('workspace_default_assignments')
      .values({ workspace_id: workspaceId, tenant_id: this.tenantId, ...row })
      .onConflict((oc) =>
        oc.column('workspace_id').doUpdateSet(row).where('workspace_default_assignments.tenant_id', '=', this.tenantId),
      )
      .execute();
  }
}

/**
 * Every member of every tenant joins every workspace of that tenant with `status` (missing rows
 * only): the demo data's seeding, across all tenants.
 */
export async function addEveryTenantMemberToEveryWorkspace(db: Executor, status: number): Promise<void> {
  await db
    .insertInto('workspace_members')
    .columns(['tenant_id', 'workspace_id', 'user_id', 'status'])
    .expression((eb) =>
      eb
        .selectFrom('workspaces as w')
        .innerJoin('tenant_memberships as m', 'm.tenant_id', 'w.tenant_id')
        .select(['w.tenant_id', 'w.id', 'm.user_id', eb.val(status).as('status')]),
    )
    .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
    .execute();
}
