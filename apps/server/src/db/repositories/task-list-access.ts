// The SQL of who may see and review which tasks in the lists: the workspaces a person reaches,
// "my turn" in a task's assignment, and the assignment users of listed tasks. The rules they
// express are the domain's (domain/tasks/flags.ts assignmentAllows, domain/tasks/lists.ts); the
// fragments read the task as `t`.
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { AssignmentOrder, UserStatus } from '../../contract/generated/enums.js';
import type { Db } from '../database.js';
import type { WorkspaceRow } from '../schema.js';

/**
 * "Assigned to me and my turn" over `t`: the caller is an assignment user who has not reviewed;
 * with Sequence only when nobody before them is still to review; with AnyUser only while nobody
 * has reviewed.
 */
export function myTurnSql(userId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from task_assignment_users a
    where a.tenant_id = t.tenant_id and a.task_id = t.id and a.user_id = ${userId} and not a.has_reviewed
      and (t.assignment_order_type is distinct from ${AssignmentOrder.Sequence} or not exists (
        select 1 from task_assignment_users p
        where p.task_id = t.id and not p.has_reviewed and p.position < a.position))
      and (t.assignment_order_type is distinct from ${AssignmentOrder.AnyUser} or not exists (
        select 1 from task_assignment_users r where r.task_id = t.id and r.has_reviewed)))`;
}

/** Unassigned tasks, or assigned ones where it is the caller's turn. */
export function mayReviewSql(userId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(not exists (select 1 from task_assignment_users u where u.task_id = t.id) or ${myTurnSql(userId)})`;
}

/** Tasks the caller may review and may open now: nobody else holds a checkout that lasts past `now`. */
export function readyForSql(userId: string, now: Date): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${mayReviewSql(userId)} and (t.last_checked_out_by is null or t.last_checked_out_by = ${userId} or t.last_checked_out_until is null or t.last_checked_out_until <= ${now}))`;
}

export interface AssignmentUserRow {
  task_id: string;
  user_id: string;
  has_reviewed: boolean;
  name: string;
  profile_picture: string | null;
  /** The user's status in the tenant; null when no longer a member. */
  tenant_status: number | null;
  role_id: string | null;
  /** The user's status in the task's workspace; null when no member of it. */
  workspace_status: number | null;
}

export class TaskListAccess {
  constructor(
    private readonly db: Db,
    readonly tenantId: string,
  ) {
    if (!tenantId) throw new Error('Task list access needs the tenant id');
  }

  /**
   * The tenant's workspaces that are not deleted, by name: every one when `memberId` is null,
   * else those where that user is an active workspace member.
   */
  workspaces(memberId: string | null): Promise<WorkspaceRow[]> {
    let query = this.db
      .selectFrom('workspaces as w')
      .selectAll('w')
      .where('w.tenant_id', '=', this.tenantId)
      .where('w.soft_deleted', '=', false);
    if (memberId !== null) {
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('workspace_members as m')
            .select('m.user_id')
            .whereRef('m.workspace_id', '=', 'w.id')
            .where('m.tenant_id', '=', this.tenantId)
            .where('m.user_id', '=', memberId)
            .where('m.status', '=', UserStatus.Active),
        ),
      );
    }
    return query.orderBy('w.display_name').execute();
  }

  /** Assignment users of the tasks in review order, with their memberships. */
  assignmentUsers(taskIds: readonly string[]): Promise<AssignmentUserRow[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('task_assignment_users as a')
      .innerJoin('tasks as t', 't.id', 'a.task_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('tenant_memberships as m', (j) =>
        j.onRef('m.tenant_id', '=', 'a.tenant_id').onRef('m.user_id', '=', 'a.user_id'),
      )
      .leftJoin('workspace_members as wm', (j) =>
        j.onRef('wm.workspace_id', '=', 't.workspace_id').onRef('wm.user_id', '=', 'a.user_id'),
      )
      .where('a.tenant_id', '=', this.tenantId)
      .where('t.tenant_id', '=', this.tenantId)
      .where('a.task_id', 'in', [...taskIds])
      .select([
        'a.task_id',
        'a.user_id',
        'a.has_reviewed',
        'u.name',
        'u.profile_picture',
        'm.status as tenant_status',
        'm.role_id',
        'wm.status as workspace_status',
      ])
      .orderBy('a.task_id')
      .orderBy('a.position')
      .execute();
  }
}
