// The SQL of the dashboard's statistics over a tenant's tasks and their events: who reviewed how
// many, how long tasks stay in each status, and the fragments the counts narrow with (`t` is the
// task). Which statuses count as what is the domain's (domain/tasks/status-groups.ts).
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../database.js';
import { taskColumns } from './task-queries.js';

/** Tasks the user is assigned to (reviewed or not) or last checked out. */
export function mineSql(userId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(t.last_checked_out_by = ${userId} or exists (
    select 1 from task_assignment_users a where a.task_id = t.id and a.tenant_id = t.tenant_id and a.user_id = ${userId}))`;
}

/**
 * Tasks whose document has at least one detected field. The server records them in
 * `tasks.detected_fields` once a migration adds it; until then no task has detections.
 */
export async function withDetectionsSql(db: Db): Promise<RawBuilder<SqlBool>> {
  const columns = await taskColumns(db);
  return columns.has('detected_fields')
    ? sql<SqlBool>`(t.detected_fields is not null and t.detected_fields <> '{}'::jsonb)`
    : sql<SqlBool>`false`;
}

const ALL = sql<SqlBool>`true`;

/** Tasks created in [from, to) (either end open when null). */
export function createdBetweenSql(from: Date | null, to: Date | null): RawBuilder<SqlBool> {
  const parts = [
    ...(from ? [sql<SqlBool>`t.created_on >= ${from}`] : []),
    ...(to ? [sql<SqlBool>`t.created_on < ${to}`] : []),
  ];
  return parts.length > 0 ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : ALL;
}

export class TaskStatistics {
  constructor(
    private readonly db: Db,
    readonly tenantId: string,
  ) {
    if (!tenantId) throw new Error('Task statistics need the tenant id');
  }

  /**
   * Tasks in `statuses` per reviewer, most first. The reviewer is `last_integrated_by` when the
   * database records it, else the last user who checked the task out.
   */
  async reviewedPerUser(
    workspaceIds: readonly string[],
    statuses: readonly number[],
    where: RawBuilder<SqlBool> = ALL,
  ) {
    if (workspaceIds.length === 0 || statuses.length === 0) return [];
    const columns = await taskColumns(this.db);
    const reviewer = columns.has('last_integrated_by')
      ? sql.ref('t.last_integrated_by')
      : sql.ref('t.last_checked_out_by');
    const { rows } = await sql<{ reviewer: string; count: string }>`
      select ${reviewer}::text as reviewer, count(*) as count
      from tasks t
      where t.tenant_id = ${this.tenantId}
        and t.workspace_id in (${sql.join([...workspaceIds])})
        and t.status in (${sql.join([...statuses])})
        and ${reviewer} is not null
        and ${where}
      group by 1
      order by 2 desc, 1`.execute(this.db);
    return rows.map((r) => ({ reviewer: r.reviewer, count: Number(r.count) }));
  }

  /**
   * Average milliseconds tasks stayed in each status, from the events: an event whose payload
   * names the status the task entered (`status`, `toStatus` or `newStatus`) starts a stay; the
   * next such event of the task ends it. Stays still running are not counted.
   */
  async averageStays(workspaceIds: readonly string[], where: RawBuilder<SqlBool> = ALL) {
    if (workspaceIds.length === 0) return [];
    const { rows } = await sql<{ status: number; avg_ms: string | number }>`
      with entered as (
        select e.task_id, e.created_on,
               (coalesce(e.payload->>'status', e.payload->>'toStatus', e.payload->>'newStatus'))::text as status_text
        from task_events e
        join tasks t on t.id = e.task_id and t.tenant_id = e.tenant_id
        where e.tenant_id = ${this.tenantId}
          and t.workspace_id in (${sql.join([...workspaceIds])})
          and ${where}
      ), stays as (
        select status_text::int as status,
               lead(created_on) over (partition by task_id order by created_on) - created_on as spent
        from entered
        where status_text ~ '^[0-9]{1,4}$'
      )
      select status, avg(extract(epoch from spent) * 1000) as avg_ms
      from stays where spent is not null
      group by status order by status`.execute(this.db);
    return rows.map((r) => ({ status: Number(r.status), averageMs: Number(r.avg_ms) }));
  }
}
