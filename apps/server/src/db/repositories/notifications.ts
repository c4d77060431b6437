// Notifications of task events: each workspace's settings (tenant-scoped), the people they may go
// to, and the delivery queue shared by every process (cross-tenant, like the task queue: a claim
// skips rows another process holds).

import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { NotificationDeliveriesTable, StoredNotificationEvent } from '../schema.js';
import { type Executor, TenantRepository, tenantIs } from './tenant-repository.js';

export type NotificationDeliveryRow = Selectable<NotificationDeliveriesTable>;

export class NotificationConfigsRepository extends TenantRepository {
  get(workspaceId: string) {
    return this.rows('workspace_notification_configs')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
  }

  async save(workspaceId: string, language: string, events: StoredNotificationEvent[], userId: string) {
    const now = new Date();
    await this.db
      .insertInto('workspace_notification_configs')
      .values({
        workspace_id: workspaceId,
        tenant_id: this.tenantId,
        language,
        events: JSON.stringify(events),
        modified_by: userId,
        modified_on: now,
      })
      .onConflict((oc) =>
        oc
          .column('workspace_id')
          .doUpdateSet({ language, events: JSON.stringify(events), modified_by: userId, modified_on: now })
          .where('workspace_notification_configs.tenant_id', '=', this.tenantId),
      )
      .execute();
  }
}

/** A person a notification may go to. */
export interface NotificationPerson {
  user_id: string;
  email: string;
  name: string;
  language: string | null;
  role_id: string;
}

/** The task, its workspace and the people around it, read in the task's tenant. */
export class NotificationRecipientsRepository extends TenantRepository {
  task(taskId: string) {
    return this.db
      .selectFrom('tasks as t')
      .innerJoin('workspaces as w', 'w.id', 't.workspace_id')
      .select(['t.id', 't.display_name', 't.workspace_id', 't.created_by', 'w.display_name as workspace_name'])
      .where(tenantIs('t', this.tenantId))
      .where('t.id', '=', taskId)
      .executeTakeFirst();
  }

  /** Active members of the tenant, with their role, among `userIds` (all active workspace members when `workspaceId`). */
  people(filter: { userIds?: string[]; workspaceId?: string }): Promise<NotificationPerson[]> {
    let query = this.db
      .selectFrom('tenant_memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id as user_id', 'u.email', 'u.name', 'u.language', 'm.role_id'])
      .where(tenantIs('m', this.tenantId))
      .where('m.status', '=', 10);
    if (filter.userIds) {
      if (filter.userIds.length === 0) return Promise.resolve([]);
      query = query.where('u.id', 'in', filter.userIds);
    }
    const workspaceId = filter.workspaceId;
    if (workspaceId) {
      query = query.where('m.user_id', 'in', (eb) =>
        eb
          .selectFrom('workspace_members as wm')
          .select('wm.user_id')
          .where('wm.tenant_id', '=', this.tenantId)
          .where('wm.workspace_id', '=', workspaceId)
          .where('wm.status', '=', 10),
      );
    }
    return query.orderBy('u.email').execute();
  }

  async assignees(taskId: string): Promise<string[]> {
    const rows = await this.rowsOfTask('task_assignment_users', taskId).select('user_id').orderBy('position').execute();
    return rows.map((r) => r.user_id);
  }
}

/** Which status changes owe a notification, by status (the domain's rules, handed down as numbers). */
export interface NotificationTriggers {
  readyToReview: { event: number; to: number; notFrom: readonly number[] };
  sentToHistory: { event: number; statuses: readonly number[] };
  /** How far back a process looks for status changes it has not handled yet. */
  windowHours: number;
}

export class NotificationQueue {
  constructor(private readonly db: Executor) {}

  /**
   * Records a delivery for every status change that owes one in a workspace with settings, once:
   * the event id is the key, so processes scanning at the same time add each row once.
   */
  async collect(triggers: NotificationTriggers): Promise<number> {
    const { readyToReview: r, sentToHistory: h } = triggers;
    const to = sql`(e.payload ->> 'to')::int`;
    const from = sql`(e.payload ->> 'from')::int`;
    const list = (values: readonly number[]) => sql.join(values.map((v) => sql`${v}`));
    const result = await sql`
      insert into notification_deliveries (event_id, tenant_id, task_id, event)
      select e.id, e.tenant_id, e.task_id,
        case when ${to} = ${r.to} then ${r.event}::int else ${h.event}::int end
      from task_events e
      join tasks t on t.id = e.task_id and t.tenant_id = e.tenant_id
      join workspace_notification_configs c on c.workspace_id = t.workspace_id and c.tenant_id = e.tenant_id
      where e.payload ? 'to'
        and e.created_on > greatest(c.created_on, now() - make_interval(hours => ${triggers.windowHours}))
        and jsonb_typeof(e.payload -> 'to') = 'number'
        and jsonb_typeof(e.payload -> 'from') = 'number'
        and ((${to} = ${r.to} and ${from} not in (${list(r.notFrom)}))
          or (${to} in (${list(h.statuses)}) and ${from} not in (${list(h.statuses)})))
      on conflict (event_id) do nothing`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Takes up to `limit` deliveries that are due, counting the attempt and pushing the next one out. */
  due(limit: number, maxAttempts: number): Promise<NotificationDeliveryRow[]> {
    return this.db
      .updateTable('notification_deliveries')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        next_attempt_at: sql<Date>`now() + make_interval(mins => 5 * (attempts + 1))`,
      }))
      .where('event_id', 'in', (eb) =>
        eb
          .selectFrom('notification_deliveries')
          .select('event_id')
          .where('sent_on', 'is', null)
          .where('attempts', '<', maxAttempts)
          .where('next_attempt_at', '<=', sql<Date>`now()`)
          .orderBy('next_attempt_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  async sent(eventId: string, recipients: number): Promise<void> {
    await this.db
      .updateTable('notification_deliveries')
      .set({ sent_on: new Date(), recipients, last_error: null })
      .where('event_id', '=', eventId)
      .execute();
  }

  async failed(eventId: string, error: string): Promise<void> {
    await this.db
      .updateTable('notification_deliveries')
      .set({ last_error: error.slice(0, 2000) })
      .where('event_id', '=', eventId)
      .execute();
  }
}
