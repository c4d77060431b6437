// The review lifecycle's reads and writes, always inside one tenant (TenantRepository): another
// tenant's task, page or transcript is simply not found. Commands build one store on their transaction.
import { sql } from 'kysely';
import { TaskStatus } from '../../contract/generated/enums.js';
import type { TaskMediaRow, TaskPageRow, TaskRow } from '../schema.js';
import { TenantRepository } from './tenant-repository.js';

export type PageVersionRow = Pick<TaskPageRow, 'page_number' | 'version' | 'modified_by'>;

export class ReviewStore extends TenantRepository {
  /**
   * The task row, locked until the transaction ends: concurrent checkouts, saves and finishes of
   * one task queue up here, so each decides on what the previous one left (PostgreSQL row lock;
   * PGlite runs one transaction at a time anyway).
   */
  lockTask(id: string): Promise<TaskRow | undefined> {
    return this.rowById('tasks', id).selectAll().forUpdate().executeTakeFirst();
  }

  /** Sets status and checkout columns of a task (the row is locked by the caller's transaction). */
  async setReviewState(
    id: string,
    state: { status: number; checkedOutBy: string | null; checkedOutUntil: Date | null },
    modifiedBy: string,
    now: Date,
  ): Promise<TaskRow> {
    return this.updateRows('tasks')
      .set({
        status: state.status,
        last_checked_out_by: state.checkedOutBy,
        last_checked_out_until: state.checkedOutUntil,
        modified_by: modifiedBy,
        modified_on: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async markReviewed(taskId: string, userId: string, now: Date): Promise<void> {
    await this.updateRows('task_assignment_users')
      .set({ has_reviewed: true, reviewed_on: now })
      .where('task_id', '=', taskId)
      .where('user_id', '=', userId)
      .execute();
  }

  // --- document pages ---

  pageVersions(taskId: string): Promise<PageVersionRow[]> {
    return this.rowsOfTask('task_pages', taskId)
      .select(['page_number', 'version', 'modified_by'])
      .orderBy('page_number')
      .execute();
  }

  pageDocuments(taskId: string): Promise<Array<{ page_number: number; document: Record<string, unknown> }>> {
    return this.rowsOfTask('task_pages', taskId).select(['page_number', 'document']).orderBy('page_number').execute();
  }

  /**
   * Stores a page only if it is still at `expectedVersion` (compare-and-set); returns the new
   * version, or undefined when someone saved the page in between.
   */
  async savePage(
    taskId: string,
    pageNumber: number,
    expectedVersion: number,
    document: Record<string, unknown>,
    userId: string,
    now: Date,
  ): Promise<number | undefined> {
    const row = await this.updateRows('task_pages')
      .set({
        document: JSON.stringify(document),
        version: expectedVersion + 1,
        modified_by: userId,
        modified_on: now,
      })
      .where('task_id', '=', taskId)
      .where('page_number', '=', pageNumber)
      .where('version', '=', expectedVersion)
      .returning('version')
      .executeTakeFirst();
    return row?.version;
  }

  async addDocumentVersions(taskId: string, count: number): Promise<number> {
    const row = await this.updateRows('tasks')
      .set({ document_version: sql`document_version + ${count}` })
      .where('id', '=', taskId)
      .returning('document_version')
      .executeTakeFirstOrThrow();
    return row.document_version;
  }

  // --- media ---

  media(taskId: string): Promise<TaskMediaRow | undefined> {
    return this.rowsOfTask('task_media', taskId).selectAll().executeTakeFirst();
  }

  /** Compare-and-set of the transcript, like savePage. */
  async saveTranscript(
    taskId: string,
    expectedVersion: number,
    transcript: Record<string, unknown>,
    userId: string,
    now: Date,
  ): Promise<number | undefined> {
    const row = await this.updateRows('task_media')
      .set({
        transcript: JSON.stringify(transcript),
        version: expectedVersion + 1,
        modified_by: userId,
        modified_on: now,
      })
      .where('task_id', '=', taskId)
      .where('version', '=', expectedVersion)
      .returning('version')
      .executeTakeFirst();
    return row?.version;
  }

  // --- people ---

  /** Names of people of this tenant by id (ids of anyone else are simply missing). */
  async userNames(ids: Array<string | null>): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users as u')
      .innerJoin('tenant_memberships as m', 'm.user_id', 'u.id')
      .select(['u.id', 'u.name'])
      .where('m.tenant_id', '=', this.tenantId)
      .where('u.id', 'in', wanted)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  // --- next task ---

  /**
   * The caller's next task in a workspace (optionally one batch): ToReview, or InReview whose
   * checkout ran out or is the caller's own; not held by anyone else; unassigned or assigned so that
   * the caller may review now (AnyUser: an assignee and nobody reviewed yet; AnyOrder: an assignee
   * who has not reviewed; Sequence: the first assignee who has not reviewed). Highest priority
   * first (no priority counts as 0), then the oldest.
   */
  nextTask(
    workspaceId: string,
    batchId: string | null,
    userId: string,
    now: Date,
    excludeTaskId: string | null = null,
  ): Promise<TaskRow | undefined> {
    let query = this.db
      .selectFrom('tasks as t')
      .selectAll('t')
      .where('t.tenant_id', '=', this.tenantId)
      .where('t.workspace_id', '=', workspaceId)
      .where('t.status', 'in', [TaskStatus.ToReview, TaskStatus.InReview])
      .where((eb) =>
        eb.or([
          eb('t.last_checked_out_by', 'is', null),
          eb('t.last_checked_out_by', '=', userId),
          eb('t.last_checked_out_until', 'is', null),
          eb('t.last_checked_out_until', '<=', now),
        ]),
      )
      .where(
        sql<boolean>`(
          not exists (select 1 from task_assignment_users a where a.tenant_id = t.tenant_id and a.task_id = t.id)
          or (t.assignment_order_type = 10
              and exists (select 1 from task_assignment_users a
                          where a.tenant_id = t.tenant_id and a.task_id = t.id and a.user_id = ${userId})
              and not exists (select 1 from task_assignment_users a
                              where a.tenant_id = t.tenant_id and a.task_id = t.id and a.has_reviewed))
          or (t.assignment_order_type = 20
              and exists (select 1 from task_assignment_users a
                          where a.tenant_id = t.tenant_id and a.task_id = t.id and a.user_id = ${userId}
                            and not a.has_reviewed))
          or (t.assignment_order_type = 30
              and (select a.user_id from task_assignment_users a
                   where a.tenant_id = t.tenant_id and a.task_id = t.id and not a.has_reviewed
                   order by a.position limit 1) = ${userId})
        )`,
      );
    if (batchId) query = query.where('t.batch_id', '=', batchId);
    if (excludeTaskId) query = query.where('t.id', '!=', excludeTaskId);
    return query
      .orderBy(sql`coalesce(t.priority, 0)`, 'desc')
      .orderBy('t.created_on', 'asc')
      .orderBy('t.id')
      .limit(1)
      .executeTakeFirst();
  }
}
