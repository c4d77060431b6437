// The text index of a tenant's tasks (task_text_entries), the index status on the task and the
// index log (index_logs). Writes replace a task's entries (all of them, or those of some pages)
// in one transaction, so a search sees the old text or the new, never half of each.
import { sql } from 'kysely';
import type { IndexLogRow, TaskMediaRow, TaskPageRow, TaskRow, WorkspaceRow } from '../schema.js';
import { type Executor, TenantRepository } from './tenant-repository.js';

export interface NewTextEntry {
  source: string;
  pageNumber: number | null;
  startTimeSeconds: number | null;
  position: number;
  speakerName: string | null;
  body: string;
}

export interface NewIndexLog {
  taskId: string;
  workspaceId: string;
  indexId: string | null;
  indexServiceName: string | null;
  indexStatus: number;
  logMessage: string;
}

/** Rows inserted per statement (a 2,000-page document is cut into a few statements). */
const INSERT_BATCH = 500;

/** A task's index status, and once indexed, where and when. */
export interface IndexStatusValues {
  status: number;
  indexId?: string;
  serviceName?: string;
  indexedOn?: Date;
}

/** The task columns of an index status. */
function indexStatusColumns(values: IndexStatusValues) {
  return {
    index_status: values.status,
    ...(values.indexId === undefined ? {} : { index_id: values.indexId }),
    ...(values.serviceName === undefined ? {} : { index_service_name: values.serviceName }),
    ...(values.indexedOn === undefined ? {} : { last_indexed_on: values.indexedOn }),
  };
}

export class TextIndexScope extends TenantRepository {
  task(taskId: string): Promise<TaskRow | undefined> {
    return this.rowById('tasks', taskId).selectAll().executeTakeFirst();
  }

  workspace(workspaceId: string): Promise<WorkspaceRow | undefined> {
    return this.rowById('workspaces', workspaceId).selectAll().executeTakeFirst();
  }

  /** The pages' stored text layers (all pages, or the given ones). */
  pages(
    taskId: string,
    pageNumbers?: readonly number[],
  ): Promise<Pick<TaskPageRow, 'page_number' | 'ocr' | 'document'>[]> {
    let query = this.rowsOfTask('task_pages', taskId).select(['page_number', 'ocr', 'document']);
    if (pageNumbers) query = query.where('page_number', 'in', pageNumbers.length > 0 ? [...pageNumbers] : [-1]);
    return query.orderBy('page_number').execute();
  }

  /** The stored text layers of the first `limit` pages after page `after` (from the first without), in page order. */
  pagesAfter(
    taskId: string,
    after: number | undefined,
    limit: number,
  ): Promise<Pick<TaskPageRow, 'page_number' | 'ocr' | 'document'>[]> {
    let query = this.rowsOfTask('task_pages', taskId).select(['page_number', 'ocr', 'document']);
    if (after !== undefined) query = query.where('page_number', '>', after);
    return query.orderBy('page_number').limit(limit).execute();
  }

  transcript(taskId: string): Promise<Pick<TaskMediaRow, 'transcript'> | undefined> {
    return this.rowsOfTask('task_media', taskId).select(['transcript']).executeTakeFirst();
  }

  /**
   * Replaces the task's entries with `entries`, all in `config`. With `pageNumbers`, only the
   * entries of those pages are replaced (a review save of some pages).
   */
  async replaceEntries(
    task: Pick<TaskRow, 'id' | 'workspace_id'>,
    config: string,
    entries: readonly NewTextEntry[],
    pageNumbers?: readonly number[],
  ): Promise<void> {
    await this.transaction(async (scope) => {
      // One indexing run of a task at a time (processes and replicas alike): the second waits and
      // then replaces what the first wrote, instead of both adding their rows.
      await scope.rowById('tasks', task.id).select('id').forUpdate().execute();
      let remove = scope.deleteRows('task_text_entries').where('task_id', '=', task.id);
      if (pageNumbers) remove = remove.where('page_number', 'in', pageNumbers.length > 0 ? [...pageNumbers] : [-1]);
      await remove.execute();
      for (let from = 0; from < entries.length; from += INSERT_BATCH) {
        await scope.db
          .insertInto('task_text_entries')
          .values(
            entries.slice(from, from + INSERT_BATCH).map((entry) => ({
              tenant_id: scope.tenantId,
              workspace_id: task.workspace_id,
              task_id: task.id,
              source: entry.source,
              page_number: entry.pageNumber,
              start_time_seconds: entry.startTimeSeconds,
              position: entry.position,
              speaker_name: entry.speakerName,
              config: sql<string>`${config}::regconfig`,
              body: entry.body,
            })),
          )
          .execute();
      }
    });
  }

  /**
   * Takes a task waiting in one of `waiting` index statuses for indexing (→ Processing); false when
   * it is not waiting any more (another process took it, or it was indexed meanwhile).
   */
  async claimForIndexing(taskId: string, waiting: readonly number[], processing: number): Promise<boolean> {
    const row = await this.updateRows('tasks')
      .set({ index_status: processing })
      .where('id', '=', taskId)
      .where('index_status', 'in', [...waiting])
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async setIndexStatus(taskId: string, values: IndexStatusValues): Promise<void> {
    await this.updateRows('tasks').set(indexStatusColumns(values)).where('id', '=', taskId).execute();
  }

  /**
   * The index status a run ended in and its log line, in one statement: one round trip at the end
   * of every task's processing instead of two, and never the one without the other.
   */
  async endIndexing(taskId: string, values: IndexStatusValues, log: NewIndexLog): Promise<void> {
    await this.db
      .with('log', (db) =>
        db.insertInto('index_logs').values({
          tenant_id: this.tenantId,
          workspace_id: log.workspaceId,
          task_id: log.taskId,
          index_id: log.indexId,
          index_service_name: log.indexServiceName,
          index_status: log.indexStatus,
          log_message: log.logMessage,
        }),
      )
      .updateTable('tasks')
      .set(indexStatusColumns(values))
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', taskId)
      .execute();
  }

  /** The task's index log, newest first. */
  logs(taskId: string): Promise<IndexLogRow[]> {
    return this.rowsOfTask('index_logs', taskId)
      .selectAll()
      .orderBy('created_on', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Number of entries the task has in the index. */
  async entryCount(taskId: string): Promise<number> {
    const row = await this.rowsOfTask('task_text_entries', taskId)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

/**
 * Tasks of every tenant waiting for the index (the scheduler's look-up; the queue is global, the
 * indexing itself then runs in each task's tenant).
 */
export class IndexQueue {
  constructor(private readonly db: Executor) {}

  waiting(
    indexStatuses: readonly number[],
    taskStatuses: readonly number[],
    limit: number,
  ): Promise<Array<{ id: string; tenant_id: string }>> {
    return this.db
      .selectFrom('tasks')
      .select(['id', 'tenant_id'])
      .where('index_status', 'in', [...indexStatuses])
      .where('status', 'in', [...taskStatuses])
      .orderBy('modified_on')
      .limit(limit)
      .execute();
  }
}

/** Refreshes the planner's statistics of the index after a bulk load (imports, benchmarks). */
export async function refreshTextIndexStatistics(db: Executor): Promise<void> {
  await sql`analyze task_text_entries`.execute(db);
}
