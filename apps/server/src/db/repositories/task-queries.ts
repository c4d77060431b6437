// Read-only list, count and paging SQL over the tasks table (and the batch list), the same SQL on
// PGlite and PostgreSQL. Every query starts from `t.tenant_id = <the caller's tenant>`; the class
// cannot be built without it. Filters arrive already checked by domain/tasks/filters.ts: columns
// come from its whitelists (sql.ref quotes them), values are always bound parameters.
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../database.js';
import type { BatchRow } from '../schema.js';
import { type Condition, likeEscape, type ParsedFilter, type SortKey } from './list-filter.js';
import { TenantRepository } from './tenant-repository.js';

/** A task row as the lists read it: every column of tasks plus the batch's name and type. */
export type TaskListRow = Record<string, unknown> & {
  id: string;
  tenant_id: string;
  workspace_id: string;
  batch_id: string | null;
  sequential_by_workspace_id: number;
  display_name: string;
  description: string | null;
  external_id: string | null;
  status: number;
  total_pages: number;
  restart_count: number;
  created_by: string | null;
  created_on: Date;
  modified_on: Date;
  batch_display_name: string | null;
  batch_type: number | null;
};

export interface TaskListScope {
  /** One workspace, or several (counts and ready-to-review over workspaces). */
  workspaceIds: readonly string[];
  statuses: readonly number[];
  batchId?: string | undefined;
  inBatchesOnly?: boolean | undefined;
  /** Extra condition over `t` (e.g. my assignments); built by the caller from trusted parts. */
  where?: RawBuilder<SqlBool> | undefined;
}

const TRUE = sql<SqlBool>`true`;

function and(parts: Array<Expression<SqlBool>>): RawBuilder<SqlBool> {
  if (parts.length === 0) return TRUE;
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

function or(parts: Array<Expression<SqlBool>>): RawBuilder<SqlBool> {
  if (parts.length === 0) return TRUE;
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** A condition on the task's assignees: whether one of them (any, for null) matches. */
function assigneeSql(c: Condition): RawBuilder<SqlBool> {
  const [first] = c.values;
  const users =
    first === null ? sql`` : sql` and au.user_id in (${sql.join(c.operator === 'in' ? c.values : [first])})`;
  const exists = sql<SqlBool>`exists (select 1 from task_assignment_users au where au.task_id = t.id${users})`;
  // eq null: no assignee; neq null: some assignee; eq/in: one of the users; neq: not that user.
  const negate = (c.operator === 'neq') !== (first === null);
  return negate ? sql<SqlBool>`not ${exists}` : exists;
}

function conditionSql(c: Condition): RawBuilder<SqlBool> {
  if (c.assignee) return assigneeSql(c);
  const col = sql.ref(c.column);
  const [first, second] = c.values;
  switch (c.operator) {
    case 'eq':
      return first === null ? sql<SqlBool>`${col} is null` : sql<SqlBool>`${col} = ${first}`;
    case 'neq':
      return first === null ? sql<SqlBool>`${col} is not null` : sql<SqlBool>`${col} is distinct from ${first}`;
    case 'contains':
      return sql<SqlBool>`${col} ilike ${`%${likeEscape(String(first))}%`}`;
    case 'startsWith':
      return sql<SqlBool>`${col} ilike ${`${likeEscape(String(first))}%`}`;
    case 'in':
      return sql<SqlBool>`${col} in (${sql.join(c.values)})`;
    case 'gt':
      return sql<SqlBool>`${col} > ${first}`;
    case 'gte':
      return sql<SqlBool>`${col} >= ${first}`;
    case 'lt':
      return sql<SqlBool>`${col} < ${first}`;
    case 'lte':
      return sql<SqlBool>`${col} <= ${first}`;
    case 'between':
      return sql<SqlBool>`${col} between ${first} and ${second}`;
  }
}

/** The filter items as one condition: OR of AND groups. */
export function filterSql(filter: ParsedFilter): RawBuilder<SqlBool> {
  if (filter.groups.length === 0) return TRUE;
  return or(filter.groups.map((group) => and(group.map(conditionSql))));
}

/** Free text over the given text columns; a number also matches the task number column. */
export function textSql(text: string | null, columns: readonly string[], numberColumn?: string): RawBuilder<SqlBool> {
  if (!text) return TRUE;
  const pattern = `%${likeEscape(text)}%`;
  const parts: Array<Expression<SqlBool>> = columns.map((c) => sql<SqlBool>`${sql.ref(c)} ilike ${pattern}`);
  const digits = text.replace(/^#/, '');
  if (numberColumn && /^\d{1,9}$/.test(digits)) parts.push(sql<SqlBool>`${sql.ref(numberColumn)} = ${Number(digits)}`);
  return or(parts);
}

/**
 * ORDER BY of a sort. Text is ordered case-insensitively (lower() first, then the text itself so
 * the order is total) — the same on PGlite (C collation) and on a server with a locale collation.
 */
export function orderBySql(sort: readonly SortKey[]): RawBuilder<unknown> {
  return sql.join(
    sort.map((k) => {
      const dir = sql.raw(k.descending ? 'desc' : 'asc');
      const col = sql.ref(k.column);
      return k.kind === 'text'
        ? sql`lower(${col}) ${dir} nulls last, ${col} collate "C" ${dir} nulls last`
        : sql`${col} ${dir} nulls last`;
    }),
  );
}

/**
 * Keyset condition "after this row" for a sort over NON-NULL, non-text columns (text is ordered
 * through lower(), which a plain comparison would not follow):
 * (k1 > v1) or (k1 = v1 and k2 > v2) or … with each key's own direction.
 */
export function keysetSql(sort: readonly SortKey[], after: readonly unknown[]): RawBuilder<SqlBool> {
  const branches: Array<Expression<SqlBool>> = [];
  sort.forEach((key, i) => {
    const equal = sort.slice(0, i).map((k, j) => sql<SqlBool>`${sql.ref(k.column)} = ${after[j]}`);
    const beyond = key.descending
      ? sql<SqlBool>`${sql.ref(key.column)} < ${after[i]}`
      : sql<SqlBool>`${sql.ref(key.column)} > ${after[i]}`;
    branches.push(and([...equal, beyond]));
  });
  return or(branches);
}

const columnCache = new WeakMap<Db, Promise<Set<string>>>();

/** The columns the tasks table has in this database (later migrations add some). */
export function taskColumns(db: Db): Promise<Set<string>> {
  let cached = columnCache.get(db);
  if (!cached) {
    cached = sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'tasks'`
      .execute(db)
      .then((r) => new Set(r.rows.map((row) => row.column_name)));
    cached.catch(() => columnCache.delete(db));
    columnCache.set(db, cached);
  }
  return cached;
}

export interface BatchListRow extends BatchRow {
  total_tasks: number;
  total_tasks_in_history: number;
  any_batch_task_id: string | null;
}

export class TaskQueries extends TenantRepository {
  private base(scope: TaskListScope) {
    let query = this.db
      .selectFrom('tasks as t')
      .leftJoin('batches as b', (join) =>
        join.onRef('b.id', '=', 't.batch_id').onRef('b.tenant_id', '=', 't.tenant_id'),
      )
      .where('t.tenant_id', '=', this.tenantId);
    query =
      scope.workspaceIds.length === 1
        ? query.where('t.workspace_id', '=', scope.workspaceIds[0] as string)
        : query.where(
            't.workspace_id',
            'in',
            scope.workspaceIds.length ? [...scope.workspaceIds] : ['00000000-0000-0000-0000-000000000000'],
          );
    if (scope.statuses.length) query = query.where('t.status', 'in', [...scope.statuses]);
    if (scope.batchId) query = query.where('t.batch_id', '=', scope.batchId);
    if (scope.inBatchesOnly) query = query.where('t.batch_id', 'is not', null);
    if (scope.where) query = query.where(scope.where);
    return query;
  }

  private filtered(scope: TaskListScope, filter: ParsedFilter, textColumns: readonly string[]) {
    return this.base(scope)
      .where(textSql(filter.text, textColumns, 't.sequential_by_workspace_id'))
      .where(filterSql(filter));
  }

  /** One page (offset paging) and the total count of the filtered list. */
  async page(
    scope: TaskListScope,
    filter: ParsedFilter,
    textColumns: readonly string[],
    paging: { offset: number; pageSize: number },
  ): Promise<{ rows: TaskListRow[]; totalCount: number }> {
    const counted = await this.filtered(scope, filter, textColumns)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    const totalCount = Number(counted.count);
    if (paging.offset >= totalCount) return { rows: [], totalCount };
    const rows = await this.filtered(scope, filter, textColumns)
      .selectAll('t')
      .select(['b.display_name as batch_display_name', 'b.batch_type as batch_type'])
      .orderBy(orderBySql(filter.sort))
      .limit(paging.pageSize)
      .offset(paging.offset)
      .execute();
    return { rows: rows as unknown as TaskListRow[], totalCount };
  }

  /** Up to `limit` rows after the keyset position `after` (null = from the start). */
  async after(
    scope: TaskListScope,
    filter: ParsedFilter,
    textColumns: readonly string[],
    after: readonly unknown[] | null,
    limit: number,
  ): Promise<TaskListRow[]> {
    let query = this.filtered(scope, filter, textColumns);
    if (after) query = query.where(keysetSql(filter.sort, after));
    // The sort values as PostgreSQL text: a timestamp keeps its microseconds for the next keyset.
    const keyset = sql<string[]>`array[${sql.join(filter.sort.map((k) => sql`${sql.ref(k.column)}::text`))}]`;
    const rows = await query
      .selectAll('t')
      .select(['b.display_name as batch_display_name', 'b.batch_type as batch_type', keyset.as('keyset_values')])
      .orderBy(orderBySql(filter.sort))
      .limit(limit)
      .execute();
    return rows as unknown as TaskListRow[];
  }

  /** Number of tasks per status over the scope (no text or filter items). */
  async countByStatus(scope: TaskListScope, filter?: ParsedFilter): Promise<Map<number, number>> {
    let query = this.base(scope);
    if (filter) query = query.where(textSql(filter.text, [], undefined)).where(filterSql(filter));
    const rows = await query
      .select(['t.status', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy('t.status')
      .execute();
    return new Map(rows.map((r) => [r.status, Number(r.count)]));
  }

  /** Number of tasks matching a filter over the scope. */
  async count(scope: TaskListScope, filter: ParsedFilter, textColumns: readonly string[]): Promise<number> {
    const row = await this.filtered(scope, filter, textColumns)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Tasks per workspace in the given statuses; workspaces without any answer 0. */
  async countPerWorkspace(
    workspaceIds: readonly string[],
    statuses: readonly number[],
    where?: RawBuilder<SqlBool>,
  ): Promise<Map<string, number>> {
    const counts = new Map<string, number>(workspaceIds.map((id) => [id, 0]));
    if (workspaceIds.length === 0) return counts;
    let query = this.db
      .selectFrom('tasks as t')
      .where('t.tenant_id', '=', this.tenantId)
      .where('t.workspace_id', 'in', [...workspaceIds])
      .where('t.status', 'in', [...statuses]);
    if (where) query = query.where(where);
    const rows = await query
      .select(['t.workspace_id', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy('t.workspace_id')
      .execute();
    for (const r of rows) counts.set(r.workspace_id, Number(r.count));
    return counts;
  }

  // ---- batches -------------------------------------------------------------------------------

  /** The batches of a workspace with their totals, as a derived table `b`. */
  private batchesWithTotals(
    workspaceId: string,
    historyStatuses: readonly number[],
    deletedStatuses: readonly number[],
  ) {
    const inHistory = sql.join([...historyStatuses]);
    const deleted = sql.join([...deletedStatuses]);
    return this.db.selectFrom((qb) =>
      qb
        .selectFrom('batches as x')
        .where('x.tenant_id', '=', this.tenantId)
        .where('x.workspace_id', '=', workspaceId)
        .selectAll('x')
        .select([
          sql<string>`(select count(*) from tasks t where t.tenant_id = x.tenant_id and t.batch_id = x.id and t.status not in (${deleted}))`.as(
            'total_tasks',
          ),
          sql<string>`(select count(*) from tasks t where t.tenant_id = x.tenant_id and t.batch_id = x.id and t.status in (${inHistory}))`.as(
            'total_tasks_in_history',
          ),
          sql<
            string | null
          >`(select t.id from tasks t where t.tenant_id = x.tenant_id and t.batch_id = x.id and t.status not in (${deleted}) order by t.sequential_by_workspace_id limit 1)`.as(
            'any_batch_task_id',
          ),
        ])
        .as('b'),
    );
  }

  async batchPage(
    workspaceId: string,
    filter: ParsedFilter,
    textColumns: readonly string[],
    paging: { offset: number; pageSize: number },
    statuses: { history: readonly number[]; deleted: readonly number[] },
  ): Promise<{ rows: BatchListRow[]; totalCount: number }> {
    const filtered = () =>
      this.batchesWithTotals(workspaceId, statuses.history, statuses.deleted)
        .where(textSql(filter.text, textColumns))
        .where(filterSql(filter));
    const counted = await filtered()
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    const totalCount = Number(counted.count);
    if (paging.offset >= totalCount) return { rows: [], totalCount };
    const rows = await filtered()
      .selectAll('b')
      .orderBy(orderBySql(filter.sort))
      .limit(paging.pageSize)
      .offset(paging.offset)
      .execute();
    return {
      rows: rows.map((r) => ({
        ...(r as unknown as BatchRow),
        total_tasks: Number(r.total_tasks),
        total_tasks_in_history: Number(r.total_tasks_in_history),
        any_batch_task_id: r.any_batch_task_id,
      })),
      totalCount,
    };
  }

  async batchWithTotals(
    workspaceId: string,
    batchId: string,
    statuses: { history: readonly number[]; deleted: readonly number[] },
  ): Promise<BatchListRow | undefined> {
    const row = await this.batchesWithTotals(workspaceId, statuses.history, statuses.deleted)
      .where('b.id', '=', batchId)
      .selectAll('b')
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      ...(row as unknown as BatchRow),
      total_tasks: Number(row.total_tasks),
      total_tasks_in_history: Number(row.total_tasks_in_history),
      any_batch_task_id: row.any_batch_task_id,
    };
  }

  findBatch(batchId: string): Promise<BatchRow | undefined> {
    return this.db
      .selectFrom('batches')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', batchId)
      .executeTakeFirst();
  }

  async insertBatch(batch: Omit<BatchRow, 'tenant_id' | 'created_on'>): Promise<void> {
    await this.db
      .insertInto('batches')
      .values({ ...batch, tenant_id: this.tenantId })
      .execute();
  }

  /**
   * Deletes a batch; its tasks stay in the workspace without a batch, each with an event. One
   * transaction, so a failure leaves both the batch and its tasks as they were.
   */
  async deleteBatchKeepingTasks(batchId: string, userId: string, batchName: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const detached = await trx
        .updateTable('tasks')
        .set({ batch_id: null, modified_on: new Date() })
        .where('tenant_id', '=', this.tenantId)
        .where('batch_id', '=', batchId)
        .returning('id')
        .execute();
      if (detached.length) {
        await trx
          .insertInto('task_events')
          .values(
            detached.map((t) => ({
              tenant_id: this.tenantId,
              task_id: t.id,
              event_type: 'RemovedFromBatch',
              description: `The batch "${batchName}" was deleted; the task no longer belongs to a batch.`,
              payload: JSON.stringify({ batchId }),
              user_id: userId,
            })),
          )
          .execute();
      }
      await trx.deleteFrom('batches').where('tenant_id', '=', this.tenantId).where('id', '=', batchId).execute();
      return detached.length;
    });
  }
}
