// Templates of labelling-and-training workspaces, inside one tenant: the template's fields, the
// custom model versions trained from its labelled tasks with their events, and the labelling
// status of the workspace's tasks.
import { sql } from 'kysely';
import type { CustomModelEventRow, CustomModelRow, TemplateFieldRow } from '../schema.js';
import type { ParsedFilter } from './list-filter.js';
import { filterSql, orderBySql, textSql } from './task-queries.js';
import { TasksRepository } from './tasks.js';
import { TenantRepository } from './tenant-repository.js';

export interface NewTemplateField {
  id: string;
  workspaceId: string;
  categoryKey: string;
  definition: Record<string, unknown>;
  createdBy: string | null;
}

export interface NewCustomModel {
  id: string;
  workspaceId: string;
  modelName: string;
  templateType: number;
  trainingStatus: number;
  serviceName: string;
  taskIds: string[];
  pageCount: number;
  fields: Array<Record<string, unknown>>;
  createdBy: string | null;
}

export interface ModelChanges {
  trainingStatus?: number;
  progress?: number;
  averageConfidence?: number | null;
  trainingDurationMinutes?: number | null;
  failureReason?: string | null;
  model?: Record<string, unknown> | null;
}

export interface NewModelEvent {
  modelId: string;
  eventType: string;
  description: string;
  payload?: Record<string, unknown>;
  userId?: string | null;
  eventSource?: string | null;
  externalId?: string | null;
}

/** Tasks that take part in labelling: not deleted (Deleting 19, Deleted 20) and not recycled. */
const LIVE_TASK = sql<boolean>`status not in (19, 20) and deleted_on is null`;

export class TemplatesRepository extends TenantRepository {
  /** The tenant's tasks on the same connection or transaction (to record their events). */
  tasks(): TasksRepository {
    return new TasksRepository(this.db, this.tenantId);
  }

  // --- fields ---

  fields(workspaceId: string): Promise<TemplateFieldRow[]> {
    return this.rows('template_fields')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('position')
      .orderBy('created_on')
      .execute();
  }

  field(workspaceId: string, id: string): Promise<TemplateFieldRow | undefined> {
    return this.rowById('template_fields', id).selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();
  }

  /** Appends fields at the end of the workspace's field order. */
  async insertFields(fields: NewTemplateField[]): Promise<void> {
    const first = fields[0];
    if (!first) return;
    const last = await this.rows('template_fields')
      .select(sql<number>`coalesce(max(position), 0)`.as('position'))
      .where('workspace_id', '=', first.workspaceId)
      .executeTakeFirst();
    const start = Number(last?.position ?? 0);
    await this.db
      .insertInto('template_fields')
      .values(
        fields.map((f, index) => ({
          id: f.id,
          tenant_id: this.tenantId,
          workspace_id: f.workspaceId,
          category_key: f.categoryKey,
          position: start + index + 1,
          definition: JSON.stringify(f.definition),
          created_by: f.createdBy,
        })),
      )
      .execute();
  }

  async updateField(workspaceId: string, id: string, categoryKey: string, definition: Record<string, unknown>) {
    await this.updateRows('template_fields')
      .set({ category_key: categoryKey, definition: JSON.stringify(definition), modified_on: new Date() })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .execute();
  }

  async deleteField(workspaceId: string, id: string): Promise<boolean> {
    const result = await this.deleteRows('template_fields')
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Pages of the workspace's tasks whose document holds a labelled value of the field. */
  pagesLabelling(workspaceId: string, fieldId: string) {
    return this.db
      .selectFrom('task_pages as p')
      .innerJoin('tasks as t', (j) => j.onRef('t.id', '=', 'p.task_id').onRef('t.tenant_id', '=', 'p.tenant_id'))
      .select(['p.task_id', 'p.page_number', 'p.document'])
      .where('p.tenant_id', '=', this.tenantId)
      .where('t.workspace_id', '=', workspaceId)
      .where(
        sql<boolean>`p.document -> 'entities' @> ${JSON.stringify([{ templateBuilderField: { fieldUniqueId: fieldId } }])}::jsonb`,
      )
      .execute();
  }

  /** Replaces a page's document, a new version of the page. */
  async replacePageDocument(taskId: string, pageNumber: number, document: Record<string, unknown>) {
    await this.updateRows('task_pages')
      .set({
        document: JSON.stringify(document),
        version: sql`version + 1`,
        modified_on: new Date(),
      })
      .where('task_id', '=', taskId)
      .where('page_number', '=', pageNumber)
      .execute();
    await this.updateRows('tasks')
      .set({ document_version: sql`document_version + 1` })
      .where('id', '=', taskId)
      .execute();
  }

  // --- labelling ---

  /**
   * Moves the workspace's tasks in one labelling status to another; those whose review had finished
   * (a status of `finished`) go back to `reviewStatus` so people can label them again. Returns each
   * task with the status it had.
   */
  async moveLabelling(
    workspaceId: string,
    from: number,
    to: number,
    finished: readonly number[],
    reviewStatus: number,
  ): Promise<Array<{ id: string; status: number }>> {
    const before = await this.rows('tasks')
      .select(['id', 'status'])
      .where('workspace_id', '=', workspaceId)
      .where('labelling_status', '=', from)
      .where(LIVE_TASK)
      .forUpdate()
      .execute();
    if (before.length === 0) return [];
    const now = new Date();
    await this.updateRows('tasks')
      .set({
        labelling_status: to,
        status: sql<number>`case when status in (${sql.join([...finished])}) then ${reviewStatus} else status end`,
        status_changed_on: sql<Date>`case when status in (${sql.join([...finished])}) then ${now} else status_changed_on end`,
        modified_on: now,
      })
      .where(
        'id',
        'in',
        before.map((r) => r.id),
      )
      .execute();
    return before;
  }

  /** Live tasks of the workspace by labelling status, with their pages. */
  async labellingCounts(workspaceId: string): Promise<Array<{ status: number | null; tasks: number; pages: number }>> {
    const rows = await this.rows('tasks')
      .select([
        'labelling_status as status',
        sql<number>`count(*)`.as('tasks'),
        sql<number>`coalesce(sum(total_pages), 0)`.as('pages'),
      ])
      .where('workspace_id', '=', workspaceId)
      .where(LIVE_TASK)
      .groupBy('labelling_status')
      .execute();
    return rows.map((r) => ({ status: r.status, tasks: Number(r.tasks), pages: Number(r.pages) }));
  }

  /** The classified live tasks of the workspace (what a new model version trains on). */
  classifiedTasks(workspaceId: string, classified: number) {
    return this.rows('tasks')
      .select(['id', 'total_pages'])
      .where('workspace_id', '=', workspaceId)
      .where('labelling_status', '=', classified)
      .where(LIVE_TASK)
      .orderBy('sequential_by_workspace_id')
      .execute();
  }

  /** Pages of tasks (text layer and labelled document) for training, in task and page order. */
  /**
   * One window of a training set's pages: up to `limit` pages of the tasks, after `after` in the
   * order task id, page number (keyset paging, so a set of any size is read a window at a time).
   */
  trainingPagesAfter(taskIds: string[], after: { taskId: string; pageNumber: number } | null, limit: number) {
    if (taskIds.length === 0) return Promise.resolve([]);
    let query = this.rows('task_pages')
      .select(['task_id', 'page_number', 'document', 'ocr'])
      .where('task_id', 'in', taskIds);
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('task_id', '>', after.taskId),
          eb.and([eb('task_id', '=', after.taskId), eb('page_number', '>', after.pageNumber)]),
        ]),
      );
    }
    return query.orderBy('task_id').orderBy('page_number').limit(limit).execute();
  }

  // --- models ---

  model(id: string): Promise<CustomModelRow | undefined> {
    return this.rowById('custom_models', id).selectAll().executeTakeFirst();
  }

  async nextVersion(workspaceId: string, templateType: number): Promise<number> {
    const row = await this.rows('custom_models')
      .select(sql<number>`coalesce(max(version_number), 0)`.as('version'))
      .where('workspace_id', '=', workspaceId)
      .where('template_type', '=', templateType)
      .executeTakeFirst();
    return Number(row?.version ?? 0) + 1;
  }

  insertModel(values: NewCustomModel & { versionNumber: number }): Promise<CustomModelRow> {
    return this.db
      .insertInto('custom_models')
      .values({
        id: values.id,
        tenant_id: this.tenantId,
        workspace_id: values.workspaceId,
        model_name: values.modelName,
        template_type: values.templateType,
        version_number: values.versionNumber,
        training_status: values.trainingStatus,
        service_name: values.serviceName,
        average_confidence: null,
        training_duration_minutes: null,
        failure_reason: null,
        task_ids: JSON.stringify(values.taskIds),
        page_count: values.pageCount,
        fields: JSON.stringify(values.fields),
        model: null,
        created_by: values.createdBy,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async updateModel(id: string, changes: ModelChanges): Promise<CustomModelRow | undefined> {
    return this.updateRows('custom_models')
      .set({
        ...(changes.trainingStatus === undefined
          ? {}
          : { training_status: changes.trainingStatus, status_changed_on: new Date() }),
        ...(changes.progress === undefined ? {} : { progress: changes.progress }),
        ...(changes.averageConfidence === undefined ? {} : { average_confidence: changes.averageConfidence }),
        ...(changes.trainingDurationMinutes === undefined
          ? {}
          : { training_duration_minutes: changes.trainingDurationMinutes }),
        ...(changes.failureReason === undefined ? {} : { failure_reason: changes.failureReason }),
        ...(changes.model === undefined
          ? {}
          : { model: changes.model === null ? null : JSON.stringify(changes.model) }),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Models of the workspace in a status (e.g. the Active one), any kind of training. */
  modelsInStatus(workspaceId: string, status: number): Promise<CustomModelRow[]> {
    return this.rows('custom_models')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('training_status', '=', status)
      .execute();
  }

  /** Models in any of the statuses, of the given workspaces. */
  modelsOf(workspaceIds: string[], statuses: number[]): Promise<CustomModelRow[]> {
    if (workspaceIds.length === 0 || statuses.length === 0) return Promise.resolve([]);
    return this.rows('custom_models')
      .selectAll()
      .where('workspace_id', 'in', workspaceIds)
      .where('training_status', 'in', statuses)
      .orderBy('model_name')
      .orderBy('template_type')
      .orderBy('version_number', 'desc')
      .execute();
  }

  /** A page of the workspace's models; the filter's columns are those of `m` (custom_models). */
  async modelPage(
    workspaceId: string,
    filter: ParsedFilter,
    paging: { offset: number; pageSize: number },
  ): Promise<{ rows: CustomModelRow[]; totalCount: number }> {
    const base = this.db
      .selectFrom('custom_models as m')
      .where('m.tenant_id', '=', this.tenantId)
      .where('m.workspace_id', '=', workspaceId)
      .where(textSql(filter.text, ['m.model_name']))
      .where(filterSql(filter));
    const [rows, count] = await Promise.all([
      base.selectAll('m').orderBy(orderBySql(filter.sort)).limit(paging.pageSize).offset(paging.offset).execute(),
      base.select(sql<number>`count(*)`.as('count')).executeTakeFirst(),
    ]);
    return { rows, totalCount: Number(count?.count ?? 0) };
  }

  // --- model events ---

  /** Records an event; false when an event with the same external id was recorded already. */
  async addModelEvent(event: NewModelEvent): Promise<boolean> {
    const rows = await this.db
      .insertInto('custom_model_events')
      .values({
        tenant_id: this.tenantId,
        model_id: event.modelId,
        event_type: event.eventType,
        description: event.description,
        payload: JSON.stringify(event.payload ?? {}),
        user_id: event.userId ?? null,
        event_source: event.eventSource ?? null,
        external_id: event.externalId ?? null,
      })
      .onConflict((c) => c.columns(['model_id', 'external_id']).where('external_id', 'is not', null).doNothing())
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  async hasModelEvent(modelId: string, externalId: string): Promise<boolean> {
    const row = await this.rows('custom_model_events')
      .select('id')
      .where('model_id', '=', modelId)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    return row !== undefined;
  }

  modelEvents(modelId: string, eventType: string | undefined): Promise<CustomModelEventRow[]> {
    let query = this.rows('custom_model_events').selectAll().where('model_id', '=', modelId);
    if (eventType) query = query.where('event_type', '=', eventType);
    return query.orderBy('id').execute();
  }
}
