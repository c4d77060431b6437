// Tasks of one tenant: reads, creation with the running number per workspace, state changes,
// assignment users, events, blobs and uploads. A TenantRepository: another tenant's id is simply
// not found.
import { sql } from 'kysely';
import type { TaskRow } from '../schema.js';
import { TenantRepository } from './tenant-repository.js';

export interface NewTaskValues {
  id: string;
  workspaceId: string;
  batchId: string | null;
  displayName: string;
  description: string | null;
  externalId: string | null;
  status: number;
  createdBy: string | null;
  createdByClient: string | null;
  blobId: string | null;
  originalFileName: string | null;
  contentType: string | null;
  fileSize: number | null;
  sourceUrl: string | null;
  priority: number | null;
  context: Record<string, unknown> | null;
  customFormValues: Record<string, unknown> | null;
  metadata: Record<string, string> | null;
  useHigherQuality: boolean;
  isImportedViaWeb: boolean;
  /** LabellingStatus for a task of a labelling workspace; null elsewhere. */
  labellingStatus?: number | null;
}

export interface NewEvent {
  taskId: string;
  eventType: string;
  description: string;
  payload?: Record<string, unknown>;
  userId?: string | null;
  eventSource?: string | null;
  requestId?: string | null;
}

/** A task event's values before it is given its task (written with a change of the task row). */
export type TaskEventValues = Omit<NewEvent, 'taskId'>;

export interface StatusListFilter {
  startDate?: Date | undefined;
  endDate?: Date | undefined;
  statuses?: number[] | undefined;
  integrationStatuses?: number[] | undefined;
  workspaceIds?: string[] | undefined;
  batchIds?: string[] | undefined;
}

export interface AssignmentUserRecord {
  task_id: string;
  user_id: string;
  position: number;
  has_reviewed: boolean;
  user_name: string;
  profile_picture: string | null;
  /** Still an active member of the tenant. */
  member_active: boolean;
}

/** The row of a stored blob. */
export interface BlobValues {
  id: string;
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  createdBy: string | null;
}

export class TasksRepository extends TenantRepository {
  private tasks() {
    return this.rows('tasks');
  }

  /** The task with its batch's name and type and the name of whoever checked it out last. */
  byId(id: string) {
    return this.db
      .selectFrom('tasks')
      .leftJoin('batches', (j) =>
        j.onRef('batches.id', '=', 'tasks.batch_id').on('batches.tenant_id', '=', this.tenantId),
      )
      .leftJoin('users as checkout_user', 'checkout_user.id', 'tasks.last_checked_out_by')
      .selectAll('tasks')
      .select([
        'batches.display_name as batch_display_name',
        'batches.batch_type as batch_type',
        'checkout_user.name as last_checked_out_by_user_name',
      ])
      .where('tasks.tenant_id', '=', this.tenantId)
      .where('tasks.id', '=', id)
      .executeTakeFirst();
  }

  byExternalId(externalId: string, limit = 2): Promise<TaskRow[]> {
    return this.tasks()
      .selectAll()
      .where('external_id', '=', externalId)
      .orderBy('created_on', 'desc')
      .limit(limit)
      .execute();
  }

  byIds(ids: string[]): Promise<TaskRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.tasks().selectAll().where('id', 'in', ids).execute();
  }

  /** Tasks of a workspace, optionally restricted to ids and statuses (selection requests). */
  inWorkspace(workspaceId: string, options: { ids?: string[]; statuses?: number[]; notStatuses?: number[] } = {}) {
    let query = this.tasks().selectAll().where('workspace_id', '=', workspaceId);
    if (options.ids)
      query = options.ids.length ? query.where('id', 'in', options.ids) : query.where(sql<boolean>`false`);
    if (options.statuses) {
      query = options.statuses.length
        ? query.where('status', 'in', options.statuses)
        : query.where(sql<boolean>`false`);
    }
    if (options.notStatuses?.length) query = query.where('status', 'not in', options.notStatuses);
    return query;
  }

  exists(id: string): Promise<boolean> {
    return this.db
      .selectFrom('tasks')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()
      .then((r) => r !== undefined);
  }

  /** Next running number of the workspace; atomic, also past numbers given by other means. */
  async nextNumber(workspaceId: string): Promise<number> {
    const row = await sql<{ last_number: number }>`
      insert into workspace_task_counters as c (workspace_id, tenant_id, last_number)
      values (${workspaceId}, ${this.tenantId},
        coalesce((select max(sequential_by_workspace_id) from tasks where workspace_id = ${workspaceId}), 0) + 1)
      on conflict (workspace_id) do update set last_number = greatest(c.last_number,
        coalesce((select max(sequential_by_workspace_id) from tasks where workspace_id = ${workspaceId}), 0)) + 1
      returning last_number`.execute(this.db);
    const value = row.rows[0]?.last_number;
    if (value === undefined) throw new Error('No task number');
    return Number(value);
  }

  async insert(values: NewTaskValues): Promise<TaskRow> {
    const number = await this.nextNumber(values.workspaceId);
    return this.db
      .insertInto('tasks')
      .values({
        id: values.id,
        tenant_id: this.tenantId,
        workspace_id: values.workspaceId,
        batch_id: values.batchId,
        sequential_by_workspace_id: number,
        display_name: values.displayName,
        description: values.description,
        external_id: values.externalId,
        status: values.status,
        created_by: values.createdBy,
        created_by_client: values.createdByClient,
        modified_on: new Date(),
        modified_by: values.createdBy,
        blob_id: values.blobId,
        original_file_name: values.originalFileName,
        content_type: values.contentType,
        file_size: values.fileSize,
        source_url: values.sourceUrl,
        priority: values.priority,
        context: values.context ? JSON.stringify(values.context) : null,
        custom_form_values: values.customFormValues ? JSON.stringify(values.customFormValues) : null,
        metadata: values.metadata ? JSON.stringify(values.metadata) : null,
        use_higher_quality: values.useHigherQuality,
        is_imported_via_web: values.isImportedViaWeb,
        labelling_status: values.labellingStatus ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Changes columns of a task of this tenant; returns the updated row (undefined when not found). */
  update(
    id: string,
    changes: {
      status?: number;
      displayName?: string;
      restartCount?: number;
      assignmentOrderType?: number | null;
      deletedOn?: Date | null;
      lastCheckedOutBy?: string | null;
      lastCheckedOutUntil?: Date | null;
    },
    modifiedBy: string | null,
    where: { status?: number } = {},
  ) {
    let query = this.updateRows('tasks')
      .set({
        modified_on: new Date(),
        modified_by: modifiedBy,
        ...(changes.status === undefined ? {} : { status: changes.status }),
        ...(changes.displayName === undefined ? {} : { display_name: changes.displayName }),
        ...(changes.restartCount === undefined ? {} : { restart_count: changes.restartCount }),
        ...(changes.assignmentOrderType === undefined ? {} : { assignment_order_type: changes.assignmentOrderType }),
        ...(changes.deletedOn === undefined ? {} : { deleted_on: changes.deletedOn }),
        ...(changes.lastCheckedOutBy === undefined ? {} : { last_checked_out_by: changes.lastCheckedOutBy }),
        ...(changes.lastCheckedOutUntil === undefined ? {} : { last_checked_out_until: changes.lastCheckedOutUntil }),
      })
      .where('id', '=', id);
    if (where.status !== undefined) query = query.where('status', '=', where.status);
    return query.returningAll().executeTakeFirst();
  }

  // --- assignment ---

  /** Assignment users of the tasks, in review order, with name, picture and whether still valid. */
  async assignmentUsers(taskIds: string[]): Promise<Map<string, AssignmentUserRecord[]>> {
    const out = new Map<string, AssignmentUserRecord[]>();
    if (taskIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('task_assignment_users as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('tenant_memberships as m', (j) =>
        j.onRef('m.user_id', '=', 'a.user_id').on('m.tenant_id', '=', this.tenantId),
      )
      .select([
        'a.task_id',
        'a.user_id',
        'a.position',
        'a.has_reviewed',
        'u.name as user_name',
        'u.profile_picture',
        sql<boolean>`coalesce(m.status = 10, false)`.as('member_active'),
      ])
      .where('a.tenant_id', '=', this.tenantId)
      .where('a.task_id', 'in', taskIds)
      .orderBy('a.task_id')
      .orderBy('a.position')
      .execute();
    for (const row of rows) {
      const list = out.get(row.task_id) ?? [];
      list.push(row);
      out.set(row.task_id, list);
    }
    return out;
  }

  /** Replaces the assignment of a task (an empty list removes it). */
  async setAssignment(taskId: string, order: number | null, userIds: string[], modifiedBy: string | null) {
    await this.deleteRows('task_assignment_users').where('task_id', '=', taskId).execute();
    if (userIds.length > 0) {
      await this.db
        .insertInto('task_assignment_users')
        .values(
          userIds.map((userId, position) => ({ tenant_id: this.tenantId, task_id: taskId, user_id: userId, position })),
        )
        .execute();
    }
    await this.update(taskId, { assignmentOrderType: userIds.length > 0 ? order : null }, modifiedBy);
  }

  /** Ids of the users among `userIds` who are active members of this tenant. */
  async activeMembers(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.rows('tenant_memberships')
      .select(['user_id', 'role_id'])
      .where('status', '=', 10)
      .where('user_id', 'in', userIds)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  /** Active members of this tenant with their role ids (to check who may review). */
  activeMemberRoles(userIds: string[]) {
    if (userIds.length === 0) return Promise.resolve([] as Array<{ user_id: string; role_id: string }>);
    return this.rows('tenant_memberships')
      .select(['user_id', 'role_id'])
      .where('status', '=', 10)
      .where('user_id', 'in', userIds)
      .execute();
  }

  // --- events ---

  /** Sets where a task of a labelling workspace stands in labelling (LabellingStatus). */
  async setLabellingStatus(id: string, status: number | null): Promise<void> {
    await this.updateRows('tasks').set({ labelling_status: status }).where('id', '=', id).execute();
  }

  async addEvent(event: NewEvent): Promise<void> {
    await this.db
      .insertInto('task_events')
      .values({
        tenant_id: this.tenantId,
        task_id: event.taskId,
        event_type: event.eventType,
        description: event.description,
        payload: JSON.stringify(event.payload ?? {}),
        user_id: event.userId ?? null,
        event_source: event.eventSource ?? null,
        request_id: event.requestId ?? null,
      })
      .execute();
  }

  events(taskId: string, eventType?: string) {
    let query = this.rowsOfTask('task_events', taskId).selectAll();
    if (eventType) query = query.where(sql`lower(event_type)`, '=', eventType.toLowerCase());
    return query.orderBy('id', 'desc').execute();
  }

  // --- status lists (API clients) ---

  private statusQuery(filter: StatusListFilter) {
    let query = this.tasks().where('status', 'not in', [19, 20]);
    if (filter.startDate) query = query.where('created_on', '>=', filter.startDate);
    if (filter.endDate) query = query.where('created_on', '<', filter.endDate);
    if (filter.statuses?.length) query = query.where('status', 'in', filter.statuses);
    if (filter.workspaceIds?.length) query = query.where('workspace_id', 'in', filter.workspaceIds);
    if (filter.batchIds?.length) query = query.where('batch_id', 'in', filter.batchIds);
    // Integration is not tracked yet (a later issue): every task is "Never" integrated.
    if (filter.integrationStatuses?.length && !filter.integrationStatuses.includes(1)) {
      query = query.where(sql<boolean>`false`);
    }
    return query;
  }

  statusList(filter: StatusListFilter, page?: { number: number; size: number }) {
    let query = this.statusQuery(filter).selectAll().orderBy('created_on', 'desc').orderBy('id');
    if (page) query = query.limit(page.size).offset((page.number - 1) * page.size);
    return query.execute();
  }

  async statusCount(filter: StatusListFilter): Promise<number> {
    const row = await this.statusQuery(filter)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  // --- blobs and uploads ---

  async insertBlob(blob: BlobValues): Promise<void> {
    await this.insertBlobs([blob]);
  }

  /** Records many blobs in one statement (a document's page files), or a few for thousands. */
  async insertBlobs(blobs: readonly BlobValues[]): Promise<void> {
    // Eight parameters a row: 500 rows a statement stay far below PostgreSQL's 65535.
    for (let from = 0; from < blobs.length; from += 500) {
      await this.db
        .insertInto('blobs')
        .values(
          blobs.slice(from, from + 500).map((blob) => ({
            id: blob.id,
            tenant_id: this.tenantId,
            storage_key: blob.storageKey,
            file_name: blob.fileName,
            content_type: blob.contentType,
            size: blob.size,
            sha256: blob.sha256,
            created_by: blob.createdBy,
          })),
        )
        .execute();
    }
  }

  blob(id: string) {
    return this.rowById('blobs', id).selectAll().executeTakeFirst();
  }

  upload(id: string) {
    return this.rowById('uploads', id).selectAll().executeTakeFirst();
  }

  /** Marks a finished upload as used by a task; false when another task took it first. */
  async claimUpload(id: string, taskId: string): Promise<boolean> {
    const row = await this.updateRows('uploads')
      .set({ task_id: taskId })
      .where('id', '=', id)
      .where('task_id', 'is', null)
      .where('completed_on', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
