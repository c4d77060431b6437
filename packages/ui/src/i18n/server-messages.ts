/**
 * What the server says, in the person's language. The server answers in English (its messages are
 * the contract's, kept word for word for partners); people read a translated sentence chosen by
 * the catalogue code, the HTTP status or the event type, with the server's sentence only as
 * detail. Every package shows server failures through these helpers.
 */
import { type EnumName, enumTextKey, isApiError } from '@reviewdesk/api-client';
import { useMemo } from 'react';
import type { UiTranslationKey } from './resource-type';
import { type Translate, useUiTranslation } from './useTranslation';

/** The error catalogues of the contract (api-spec §8), each an enumeration of `apiEnums`. */
export const ERROR_CATALOGUES = [
  'TaskErrorCode',
  'WebTaskCreationErrorCode',
  'StorageErrorCode',
  'LicenseErrorCode',
  'StorageSetupErrorCode',
  'ExternalStorageErrorCode',
  'WorkspaceSoftDeleteRefusal',
] as const satisfies readonly EnumName[];

/** One of {@link ERROR_CATALOGUES}; task and viewer calls answer with `TaskErrorCode`. */
export type ErrorCatalogue = (typeof ERROR_CATALOGUES)[number];

/** The event types of a task's audit trail (`AuditEvent.entityTypeText`) that have a translation. */
export const TASK_EVENT_TYPES = [
  'TaskCreated',
  'StatusChanged',
  'DisplayNameChanged',
  'AssignmentChanged',
  'ProcessingRestarted',
  'TaskDeleted',
  'TaskRecovered',
  'ProcessingNote',
  'RemovedFromBatch',
  'ReviewCheckedOut',
  'ReviewCheckoutRenewed',
  'ReviewCheckoutTakenOver',
  'ReviewCancelled',
  'ReviewFinished',
  'ReviewRouted',
  'DocumentChangesSaved',
  'TranscriptChangesSaved',
] as const;

/** A translated failure: the sentence to show and, when the server said something, its words. */
export interface ServerMessage {
  /** The sentence in the person's language. */
  message: string;
  /** "Server message: …" with the server's own (English) text, when there is one. */
  detail?: string;
}

/** HTTP statuses with a sentence of their own; any other failure reads as `serverError.unexpected`. */
const STATUS_KEYS: Readonly<Record<number, UiTranslationKey>> = {
  400: 'serverError.status.badRequest',
  401: 'serverError.status.unauthorized',
  403: 'serverError.status.forbidden',
  404: 'serverError.status.notFound',
  409: 'serverError.status.conflict',
  413: 'serverError.status.tooLarge',
  415: 'serverError.status.unsupportedType',
  429: 'serverError.status.tooManyRequests',
  500: 'serverError.status.serverFailure',
  501: 'serverError.status.notImplemented',
  503: 'serverError.status.unavailable',
};

/** The i18n key of a catalogue code, or undefined for a code the contract does not list (or 0). */
export function errorCodeKey(catalogue: ErrorCatalogue, code: number | null | undefined): UiTranslationKey | undefined {
  if (!code) return undefined;
  // Every member of every catalogue has a key (server-messages.test.ts checks the whole contract).
  return enumTextKey(catalogue, code) as UiTranslationKey | undefined;
}

function withDetail(t: Translate<UiTranslationKey>, message: string, serverText: string | null | undefined) {
  const text = serverText?.trim();
  // The detail adds nothing when it is the sentence already shown (a server speaking the language).
  return text && text !== message ? { message, detail: t('serverError.detail', { message: text }) } : { message };
}

/**
 * The translated sentence of one catalogue error, e.g. an item of a result wrapper's `errors`
 * (`{ succeeded: false, errors: [{ code: 3, message: '…' }] }`). An unknown code reads as the
 * generic failure, the server's text kept as detail.
 * @example
 * codeMessage(t, 'TaskErrorCode', 3, 'Task is checked out by Ana.');
 * // { message: 'Another person is reviewing this task.', detail: 'Server message: Task is checked out by Ana.' }
 */
export function codeMessage(
  t: Translate<UiTranslationKey>,
  catalogue: ErrorCatalogue,
  code: number | null | undefined,
  serverText?: string | null,
): ServerMessage {
  const key = errorCodeKey(catalogue, code);
  return withDetail(t, t(key ?? 'serverError.unexpected'), serverText);
}

interface ErrorBodyLike {
  message?: unknown;
  errors?: Array<{ code?: unknown; message?: unknown }>;
}

const asBody = (value: unknown): ErrorBodyLike | undefined =>
  value !== null && typeof value === 'object' ? (value as ErrorBodyLike) : undefined;

/**
 * The translated sentence of anything a call can throw (`ApiCallError`) or a caught error: the
 * catalogue code of the body when it has one, else the HTTP status, else "could not be reached"
 * for a network failure.
 * @param catalogue - Which catalogue the call's codes belong to (task and viewer calls: the default).
 * @example
 * const { message, detail } = errorMessage(t, error);
 */
export function errorMessage(
  t: Translate<UiTranslationKey>,
  error: unknown,
  catalogue: ErrorCatalogue = 'TaskErrorCode',
): ServerMessage {
  if (isApiError(error)) {
    const body = asBody(error.result);
    const first = body?.errors?.[0];
    const serverText =
      typeof first?.message === 'string' ? first.message : typeof body?.message === 'string' ? body.message : null;
    const key = errorCodeKey(catalogue, typeof first?.code === 'number' ? first.code : undefined);
    return withDetail(t, t(key ?? STATUS_KEYS[error.status] ?? 'serverError.unexpected'), serverText);
  }
  if (error instanceof Error && error.name === 'ArgumentError') return withDetail(t, t('serverError.argument'), null);
  // fetch rejects with a TypeError when no answer came at all (offline, DNS, CORS).
  if (error instanceof TypeError) return { message: t('serverError.network') };
  return { message: t('serverError.unexpected') };
}

/** The translated name of an audit event type (`AuditEvent.entityTypeText`); unknown types are named as such. */
export function eventTypeText(t: Translate<UiTranslationKey>, eventType: string | null | undefined): string {
  const known = TASK_EVENT_TYPES.find((type) => type.toLowerCase() === eventType?.toLowerCase());
  return known ? t(`eventType.${known}`) : t('eventType.unknown', { type: eventType ?? '' });
}

/** The helpers above bound to the provider's language. */
export interface ServerMessages {
  errorMessage: (error: unknown, catalogue?: ErrorCatalogue) => ServerMessage;
  codeMessage: (
    catalogue: ErrorCatalogue,
    code: number | null | undefined,
    serverText?: string | null,
  ) => ServerMessage;
  eventTypeText: (eventType: string | null | undefined) => string;
}

/**
 * Server errors and event types in the provider's language.
 * @example
 * const { errorMessage } = useServerMessages();
 * <ErrorState description={errorMessage(query.error).message} />
 */
export function useServerMessages(): ServerMessages {
  const { t } = useUiTranslation();
  return useMemo(
    () => ({
      errorMessage: (error, catalogue) => errorMessage(t, error, catalogue),
      codeMessage: (catalogue, code, serverText) => codeMessage(t, catalogue, code, serverText),
      eventTypeText: (eventType) => eventTypeText(t, eventType),
    }),
    [t],
  );
}
