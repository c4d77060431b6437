/**
 * The notification settings as a form: per event (TaskReadyToReview 10, TaskSentToHistory 20) and
 * channel (Email 10), whether the task's creator and its reviewers get mail and which further
 * addresses, in the language of the mail. The server's limits are checked before sending: an
 * address must look like one, at most 50 further recipients per event, none twice.
 */
import type { Schema } from '@reviewdesk/api-client';

export type NotificationConfig = Schema<'NotificationConfig'>;
export type EventType = Schema<'NotificationEvent'>;
export type TypeConfig = Schema<'NotificationTypeConfig'>;

export const EVENTS = [
  { value: 10, key: 'taskReadyToReview' },
  { value: 20, key: 'taskSentToHistory' },
] as const satisfies ReadonlyArray<{ value: EventType; key: string }>;
export const EMAIL_CHANNEL = 10 as Schema<'NotificationChannel'>;
export const MAX_CUSTOM_RECIPIENTS = 50;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const nobody = (): TypeConfig => ({
  notificationType: EMAIL_CHANNEL,
  notifyCreator: false,
  notifyReviewers: false,
  customRecipients: [],
});

/** The e-mail settings of an event, nobody when the server sent none (spec §9's default). */
export function emailConfigOf(config: NotificationConfig, event: EventType): TypeConfig {
  const found = config.events
    .find((e) => e.eventType === event)
    ?.configs.find((c) => c.notificationType === EMAIL_CHANNEL);
  return found ? { ...found, customRecipients: [...found.customRecipients] } : nobody();
}

/** What to send: every event with its e-mail settings. */
export function configOf(language: string, byEvent: Record<EventType, TypeConfig>): NotificationConfig {
  return {
    language,
    events: EVENTS.map(({ value }) => ({ eventType: value, configs: [byEvent[value]] })),
  };
}

export type AddressProblem = 'invalid' | 'duplicate' | 'tooMany';

/** Why an address cannot be added to a list, or null. */
export function addressProblem(address: string, list: readonly string[]): AddressProblem | null {
  const text = address.trim();
  if (!EMAIL_SHAPE.test(text)) return 'invalid';
  if (list.some((a) => a.toLowerCase() === text.toLowerCase())) return 'duplicate';
  if (list.length >= MAX_CUSTOM_RECIPIENTS) return 'tooMany';
  return null;
}
