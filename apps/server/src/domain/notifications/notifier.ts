// Sends the notifications the workspaces ask for (notification-config.ts) when a task enters
// ToReview and when it moves to the history. The status change is the trigger: its task event
// commits with it, so a change that was rolled back notifies nobody, and no code that changes a
// status has to remember to notify. Every process with a mailer runs `notifyOnce` on a timer; the
// delivery rows make each notification go out once, whichever process finds it.
import { NotificationChannel, NotificationEvent } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import {
  NotificationConfigsRepository,
  type NotificationDeliveryRow,
  type NotificationPerson,
  NotificationQueue,
  NotificationRecipientsRepository,
} from '../../db/repositories/notifications.js';
import { TenantScope } from '../../db/repositories/tenant-scope.js';
import { DEFAULT_LANGUAGE, type Language, languageOfTag } from '../../formats/cultures.js';
import type { Mailer } from '../../mail/mailer.js';
import { type NotificationKind, notificationMail } from '../../mail/notification-mails.js';
import { effectiveAbilities } from '../abilities.js';
import { roleById } from '../roles.js';
import { HISTORY_STATUSES, TASK_STATUS } from '../tasks/flags.js';
import { completeEvents } from './notification-config.js';

/** Entering the history: review is over (a split source going to SplitProcessed was never reviewed). */
const HISTORY_ENTRY = [...HISTORY_STATUSES].filter((status) => status !== TASK_STATUS.SplitProcessed);
const MAX_ATTEMPTS = 3;
const BATCH = 20;

const TRIGGERS = {
  // Back from InReview (a cancelled or expired checkout) is not news: the task was ready already.
  readyToReview: {
    event: NotificationEvent.TaskReadyToReview,
    to: TASK_STATUS.ToReview,
    notFrom: [TASK_STATUS.ToReview, TASK_STATUS.InReview],
  },
  sentToHistory: { event: NotificationEvent.TaskSentToHistory, statuses: HISTORY_ENTRY },
  windowHours: 24,
};

export interface NotifierDeps {
  db: Db;
  mailer: Mailer;
  origin: string;
}

interface Recipient {
  email: string;
  language: Language;
}

/** Finds the status changes owed a notification and sends what is due; answers how many went out. */
export async function notifyOnce(deps: NotifierDeps): Promise<number> {
  const queue = new NotificationQueue(deps.db);
  await queue.collect(TRIGGERS);
  let sent = 0;
  for (const delivery of await queue.due(BATCH, MAX_ATTEMPTS)) {
    try {
      const count = await deliver(deps, delivery);
      await queue.sent(delivery.event_id, count);
      sent++;
    } catch (error) {
      await queue.failed(delivery.event_id, error instanceof Error ? error.message : String(error));
    }
  }
  return sent;
}

async function deliver(deps: NotifierDeps, delivery: NotificationDeliveryRow): Promise<number> {
  const people = new NotificationRecipientsRepository(deps.db, delivery.tenant_id);
  const task = await people.task(delivery.task_id);
  if (!task) return 0;
  const settings = await new NotificationConfigsRepository(deps.db, delivery.tenant_id).get(task.workspace_id);
  if (!settings) return 0;
  const email = completeEvents(settings.events)
    .find((e) => e.eventType === delivery.event)
    ?.configs.find((c) => c.notificationType === NotificationChannel.Email);
  if (!email) return 0;
  const fallback = languageOfTag(settings.language) ?? DEFAULT_LANGUAGE;
  const recipients = new Map<string, Recipient>();
  const add = (address: string, language: Language) => {
    const key = address.trim().toLowerCase();
    if (key && !recipients.has(key)) recipients.set(key, { email: address.trim(), language });
  };
  const addPeople = (list: NotificationPerson[]) => {
    for (const p of list) add(p.email, languageOfTag(p.language) ?? fallback);
  };
  if (email.notifyCreator && task.created_by) addPeople(await people.people({ userIds: [task.created_by] }));
  if (email.notifyReviewers) addPeople(await reviewersOf(deps.db, people, task));
  for (const address of email.customRecipients) add(address, fallback);

  const kind: NotificationKind =
    delivery.event === NotificationEvent.TaskReadyToReview ? 'readyToReview' : 'sentToHistory';
  const query = new URLSearchParams({ taskId: task.id, workspaceId: task.workspace_id }).toString();
  const link =
    kind === 'readyToReview'
      ? `${deps.origin}/task/viewer?${query}`
      : `${deps.origin}/task/list?${new URLSearchParams({ workspaceId: task.workspace_id })}`;
  for (const recipient of recipients.values()) {
    await deps.mailer.send(
      notificationMail({
        to: recipient.email,
        kind,
        language: recipient.language,
        task: task.display_name,
        workspace: task.workspace_name,
        link,
      }),
    );
  }
  return recipients.size;
}

/**
 * The task's reviewers: its assignees when it has any, else the workspace's active members whose
 * role may review there (Task.Review, the tenant's blacklist applied).
 */
async function reviewersOf(
  db: Db,
  people: NotificationRecipientsRepository,
  task: { id: string; workspace_id: string },
): Promise<NotificationPerson[]> {
  const assigned = await people.assignees(task.id);
  if (assigned.length > 0) return people.people({ userIds: assigned });
  const blacklist = await new TenantScope(db, people.tenantId).blacklist();
  const members = await people.people({ workspaceId: task.workspace_id });
  return members.filter((m) => {
    const role = roleById(m.role_id);
    return role !== undefined && effectiveAbilities(role, blacklist).has('Task.Review');
  });
}

export interface RunningNotifier {
  stop(): Promise<void>;
}

/**
 * Runs `notifyOnce` every `intervalMs` until stopped (a run never overlaps the previous one). A
 * failing run is logged and the next one tries again: the deliveries stay in the database.
 */
export function startNotifier(deps: NotifierDeps, intervalMs: number): RunningNotifier {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = notifyOnce(deps)
      .catch((error) => console.error('Sending notifications failed:', error))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
