// Ranked full-text search over a tenant's task_text_entries. Each entry is matched with the query
// parsed in the entry's own configuration (an English page with English stemming, a Portuguese one
// with Portuguese), written as one OR per configuration so PostgreSQL answers every branch from
// the GIN index. Tasks are ranked by their best passage; only the page of tasks shown gets
// snippets (ts_headline is the expensive part), at most `matchesPerTask` per task.
import { type RawBuilder, sql } from 'kysely';
import { TenantRepository } from './tenant-repository.js';

export interface TextSearchFilter {
  text: string;
  /** Workspaces searched (already narrowed to those the caller reaches); none = nothing found. */
  workspaceIds: readonly string[];
  configurations: readonly string[];
  batchId?: string | null;
  taskType?: string | null;
  createdFrom?: Date | null;
  createdTo?: Date | null;
  /** Task statuses searched (the lists a task may be in). */
  statuses: readonly number[];
}

export interface RankedTask {
  task_id: string;
  rank: number;
  match_count: number;
  total: number;
}

export interface SearchTaskRow {
  id: string;
  workspace_id: string;
  batch_id: string | null;
  batch_display_name: string | null;
  display_name: string;
  sequential_by_workspace_id: number;
  status: number;
  created_on: Date;
  task_type: string | null;
}

export interface MatchRow {
  task_id: string;
  source: string;
  page_number: number | null;
  start_time_seconds: number | null;
  speaker_name: string | null;
  headline: string;
  rank: number;
}

/** Markers ts_headline puts around matched words (control characters never stored in entries). */
export const HIGHLIGHT_START = '\u0002';
export const HIGHLIGHT_END = '\u0003';

const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MaxWords=35, MinWords=15, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

export class TextSearchScope extends TenantRepository {
  /** `entry matches the query in its own configuration`, OR-ed over the configurations. */
  private matches(alias: string, filter: TextSearchFilter): RawBuilder<boolean> {
    const branches = filter.configurations.map(
      (config) =>
        sql`(${sql.ref(`${alias}.config`)} = ${config}::regconfig and ${sql.ref(`${alias}.document`)} @@ websearch_to_tsquery(${config}::regconfig, ${filter.text}))`,
    );
    return sql<boolean>`(${sql.join(branches, sql` or `)})`;
  }

  /** The conditions on the task and its workspace (tenant, workspaces, statuses, filters). */
  private taskConditions(filter: TextSearchFilter): RawBuilder<boolean> {
    const conditions = [
      sql`t.tenant_id = ${this.tenantId}`,
      sql`t.workspace_id in (${sql.join(filter.workspaceIds.map((id) => sql`${id}`))})`,
      sql`t.status in (${sql.join(filter.statuses.map((s) => sql`${s}`))})`,
    ];
    if (filter.batchId) conditions.push(sql`t.batch_id = ${filter.batchId}`);
    if (filter.taskType) conditions.push(sql`w.task_type = ${filter.taskType}`);
    if (filter.createdFrom) conditions.push(sql`t.created_on >= ${filter.createdFrom}`);
    if (filter.createdTo) conditions.push(sql`t.created_on < ${filter.createdTo}`);
    return sql<boolean>`${sql.join(conditions, sql` and `)}`;
  }

  /** The SQL that ranks the tasks (also what the benchmark times bare). */
  rankQuery(filter: TextSearchFilter, limit: number, offset: number) {
    return sql<RankedTask>`
      select e.task_id,
             max(ts_rank_cd(e.document, websearch_to_tsquery(e.config, ${filter.text})))::float8 as rank,
             count(*)::int as match_count,
             (count(*) over ())::int as total
        from task_text_entries e
        join tasks t on t.id = e.task_id
        join workspaces w on w.id = t.workspace_id
       where e.tenant_id = ${this.tenantId}
         and ${this.matches('e', filter)}
         and ${this.taskConditions(filter)}
       group by e.task_id, t.created_on
       order by rank desc, t.created_on desc, e.task_id
       limit ${limit} offset ${offset}`;
  }

  async rankTasks(filter: TextSearchFilter, limit: number, offset: number): Promise<RankedTask[]> {
    if (filter.workspaceIds.length === 0 || filter.configurations.length === 0) return [];
    const { rows } = await this.rankQuery(filter, limit, offset).execute(this.db);
    return rows.map((row) => ({ ...row, rank: Number(row.rank) }));
  }

  /** Number of tasks that match (for a page past the last one, where the window count is absent). */
  async countTasks(filter: TextSearchFilter): Promise<number> {
    if (filter.workspaceIds.length === 0 || filter.configurations.length === 0) return 0;
    const { rows } = await sql<{ total: number }>`
      select count(distinct e.task_id)::int as total
        from task_text_entries e
        join tasks t on t.id = e.task_id
        join workspaces w on w.id = t.workspace_id
       where e.tenant_id = ${this.tenantId}
         and ${this.matches('e', filter)}
         and ${this.taskConditions(filter)}`.execute(this.db);
    return rows[0]?.total ?? 0;
  }

  tasks(ids: readonly string[]): Promise<SearchTaskRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.rows('tasks')
      .leftJoin('batches', 'batches.id', 'tasks.batch_id')
      .innerJoin('workspaces', 'workspaces.id', 'tasks.workspace_id')
      .select([
        'tasks.id',
        'tasks.workspace_id',
        'tasks.batch_id',
        'batches.display_name as batch_display_name',
        'tasks.display_name',
        'tasks.sequential_by_workspace_id',
        'tasks.status',
        'tasks.created_on',
        'workspaces.task_type',
      ])
      .where('tasks.id', 'in', [...ids])
      .execute();
  }

  /** The best `perTask` matching passages of each task, with highlighted snippets. */
  async bestMatches(taskIds: readonly string[], filter: TextSearchFilter, perTask: number): Promise<MatchRow[]> {
    if (taskIds.length === 0) return [];
    const { rows } = await sql<MatchRow>`
      select m.task_id, m.source, m.page_number, m.start_time_seconds, m.speaker_name, m.rank,
             ts_headline(m.config, m.body, websearch_to_tsquery(m.config, ${filter.text}), ${HEADLINE_OPTIONS}) as headline
        from (
          select e.*, ts_rank_cd(e.document, websearch_to_tsquery(e.config, ${filter.text}))::float8 as rank,
                 row_number() over (
                   partition by e.task_id
                   order by ts_rank_cd(e.document, websearch_to_tsquery(e.config, ${filter.text})) desc, e.position
                 ) as place
            from task_text_entries e
           where e.tenant_id = ${this.tenantId}
             and e.task_id in (${sql.join(taskIds.map((id) => sql`${id}`))})
             and ${this.matches('e', filter)}
        ) m
       where m.place <= ${perTask}
       order by m.task_id, m.place`.execute(this.db);
    return rows.map((row) => ({
      ...row,
      rank: Number(row.rank),
      start_time_seconds: row.start_time_seconds === null ? null : Number(row.start_time_seconds),
    }));
  }
}
