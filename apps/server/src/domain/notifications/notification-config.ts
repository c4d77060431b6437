// A workspace's notification settings (NotificationConfig): for each task event (TaskReadyToReview,
// TaskSentToHistory) and channel (Email), whether the task's creator and its reviewers are told,
// and which further addresses. Unset pairs default to nobody (spec §9).
import { NotificationChannel, NotificationEvent } from '../../contract/generated/enums.js';
import type { components } from '../../contract/generated/schema.js';
import type { Db } from '../../db/database.js';
import { NotificationConfigsRepository } from '../../db/repositories/notifications.js';
import type { StoredNotificationEvent } from '../../db/schema.js';
import { DEFAULT_LANGUAGE, languageOfTag } from '../../formats/cultures.js';
import { invalid } from '../errors.js';
import type { Session } from '../session.js';
import { openWorkspace } from '../workspaces/access.js';

type NotificationConfig = components['schemas']['NotificationConfig'];
type TypeConfig = components['schemas']['NotificationTypeConfig'];

/** More would be a mailing list, which this is not. */
export const MAX_CUSTOM_RECIPIENTS = 50;
const EVENTS = Object.values(NotificationEvent) as number[];
const CHANNELS = Object.values(NotificationChannel) as number[];
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const nobody = (notificationType: number): TypeConfig => ({
  notificationType: notificationType as TypeConfig['notificationType'],
  notifyCreator: false,
  notifyReviewers: false,
  customRecipients: [],
});

/** Every event × channel pair, filled from what is stored and defaulted to nobody. */
export function completeEvents(stored: readonly StoredNotificationEvent[]): NotificationConfig['events'] {
  return EVENTS.map((eventType) => {
    const saved = stored.find((e) => e.eventType === eventType);
    return {
      eventType: eventType as NotificationConfig['events'][number]['eventType'],
      configs: CHANNELS.map((channel) => {
        const config = saved?.configs.find((c) => c.notificationType === channel);
        return config ? { ...config, notificationType: channel as TypeConfig['notificationType'] } : nobody(channel);
      }),
    };
  });
}

/** Notification_GetNotificationConfig. */
export async function notificationConfig(db: Db, session: Session, workspaceId: string): Promise<NotificationConfig> {
  const { row } = await openWorkspace(db, session, workspaceId);
  const saved = await new NotificationConfigsRepository(db, session.membership.tenant_id).get(row.id);
  return { language: saved?.language ?? DEFAULT_LANGUAGE, events: completeEvents(saved?.events ?? []) };
}

/** Notification_PatchNotificationConfig: replaces the events the body lists, keeps the others. */
export async function saveNotificationConfig(db: Db, session: Session, workspaceId: string, body: NotificationConfig) {
  const { row } = await openWorkspace(db, session, workspaceId);
  const language = languageOfTag(body.language);
  if (!language) throw invalid("The parameter 'language' must be one of pt, en, de, fr, es.");
  const seen = new Set<number>();
  for (const event of body.events) {
    if (seen.has(event.eventType)) throw invalid(`The event ${event.eventType} is listed twice.`);
    seen.add(event.eventType);
    const channels = new Set<number>();
    for (const config of event.configs) {
      if (channels.has(config.notificationType)) {
        throw invalid(`The channel ${config.notificationType} is listed twice for the event ${event.eventType}.`);
      }
      channels.add(config.notificationType);
      if (config.customRecipients.length > MAX_CUSTOM_RECIPIENTS) {
        throw invalid(`At most ${MAX_CUSTOM_RECIPIENTS} further recipients per event.`);
      }
      const bad = config.customRecipients.find((address) => !EMAIL_SHAPE.test(address.trim()));
      if (bad !== undefined) throw invalid(`"${bad}" is not an e-mail address.`);
    }
  }
  const repo = new NotificationConfigsRepository(db, session.membership.tenant_id);
  const saved = (await repo.get(row.id))?.events ?? [];
  const events: StoredNotificationEvent[] = completeEvents(saved).map((current) => {
    const given = body.events.find((e) => e.eventType === current.eventType);
    if (!given) return current;
    return {
      eventType: current.eventType,
      configs: CHANNELS.map((channel) => {
        const config = given.configs.find((c) => c.notificationType === channel);
        if (!config) return nobody(channel);
        const unique = new Map(config.customRecipients.map((a) => [a.trim().toLowerCase(), a.trim()]));
        return {
          notificationType: channel,
          notifyCreator: config.notifyCreator,
          notifyReviewers: config.notifyReviewers,
          customRecipients: [...unique.values()],
        };
      }),
    };
  });
  await repo.save(row.id, language, events, session.user.id);
  return { succeeded: true, errors: [], result: true };
}
