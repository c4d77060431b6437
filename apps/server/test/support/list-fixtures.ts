// Rows for the list, count and batch tests, inserted straight into the database (the lists only
// read): many tasks with distinct names, statuses, batches and creation times.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/database.js';
import { DEMO_BATCHES, DEMO_WORKSPACES, demoId } from '../../src/domain/demo-data.js';
import { ACME_ID, demoEmail, GLOBEX_ID, userIdOf } from './harness.js';

export const INVOICES = demoId('workspace:Supplier invoices');
export const RECEIPTS = demoId('workspace:Expense receipts');
export const GLOBEX_WS = demoId('workspace:Interviews');
export const MARCH = demoId('batch:March 2026 invoices');
export const FEBRUARY = demoId('batch:February 2026 invoices');
export const GLOBEX_BATCH = demoId('batch:Candidate interviews');
export { DEMO_BATCHES, DEMO_WORKSPACES };

export interface TaskSeed {
  workspaceId?: string;
  tenantId?: string;
  batchId?: string | null;
  number?: number;
  displayName?: string;
  description?: string | null;
  externalId?: string | null;
  status?: number;
  createdOn?: Date;
  totalPages?: number;
  assignmentOrder?: number | null;
  lastCheckedOutBy?: string | null;
  lastCheckedOutUntil?: Date | null;
}

/** Inserts tasks; numbers continue per workspace unless given. Returns the ids in order. */
export async function insertTasks(db: Db, seeds: TaskSeed[]): Promise<string[]> {
  if (seeds.length === 0) return [];
  const next = new Map<string, number>();
  const rows = [];
  for (const s of seeds) {
    const workspaceId = s.workspaceId ?? INVOICES;
    const tenantId = s.tenantId ?? (workspaceId === GLOBEX_WS ? GLOBEX_ID : ACME_ID);
    if (!next.has(workspaceId)) {
      const max = await db
        .selectFrom('tasks')
        .select((eb) => eb.fn.max('sequential_by_workspace_id').as('max'))
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      next.set(workspaceId, Number(max?.max ?? 0) + 1);
    }
    const number = s.number ?? (next.get(workspaceId) as number);
    next.set(workspaceId, Math.max(next.get(workspaceId) as number, number + 1));
    const createdOn = s.createdOn ?? new Date(Date.UTC(2026, 0, 1) + number * 60_000);
    rows.push({
      id: randomUUID(),
      tenant_id: tenantId,
      workspace_id: workspaceId,
      batch_id: s.batchId ?? null,
      sequential_by_workspace_id: number,
      display_name: s.displayName ?? `Task ${String(number).padStart(4, '0')}`,
      description: s.description ?? null,
      external_id: s.externalId ?? null,
      status: s.status ?? 60,
      total_pages: s.totalPages ?? 1,
      created_on: createdOn,
      modified_on: createdOn,
      assignment_order_type: s.assignmentOrder ?? null,
      last_checked_out_by: s.lastCheckedOutBy ?? null,
      last_checked_out_until: s.lastCheckedOutUntil ?? null,
    });
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('tasks')
      .values(rows.slice(i, i + 200))
      .execute();
  return rows.map((r) => r.id);
}

/** Assigns users to a task in review order. */
export async function assign(
  db: Db,
  taskId: string,
  order: number,
  users: Array<{ email: string; hasReviewed?: boolean }>,
): Promise<void> {
  await db.updateTable('tasks').set({ assignment_order_type: order }).where('id', '=', taskId).execute();
  await db
    .insertInto('task_assignment_users')
    .values(
      users.map((u, position) => ({
        tenant_id: ACME_ID,
        task_id: taskId,
        user_id: userIdOf(u.email),
        position,
        has_reviewed: u.hasReviewed ?? false,
      })),
    )
    .execute();
}

/**
 * Takes every workspace membership away (the demo seeding makes everybody a member of every
 * workspace of their tenant), for tests that grant access with addMembers themselves.
 */
export async function withoutMemberships(db: Db): Promise<void> {
  await db.deleteFrom('workspace_members').execute();
}

/** Gives the non-super-user demo roles of Acme access to a workspace. */
export async function addMembers(db: Db, workspaceId: string, roles: string[]): Promise<void> {
  await db
    .insertInto('workspace_members')
    .values(
      roles.map((r) => ({
        tenant_id: ACME_ID,
        workspace_id: workspaceId,
        user_id: userIdOf(demoEmail(r)),
        status: 10,
        added_by: null,
      })),
    )
    .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
    .execute();
}

export const NON_SUPER_ROLES = ['Manager', 'Creator', 'Reviewer', 'Viewer'];
