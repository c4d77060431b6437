/**
 * Rules of a file-sharing connection form, apart from the screen: the draft a form edits, what it
 * must hold before it is sent (the server then checks the site itself), and the body of the upsert.
 * A secret is never read back: an edit starts with an empty secret, and an empty one keeps the
 * stored secret.
 */
import type { Schema } from '@reviewdesk/api-client';

type Connection = Schema<'StorageConnection'>;
export type ConnectorType = NonNullable<Connection['connectorType']>;
export const CONNECTOR_TYPES: readonly ConnectorType[] = ['WebDav', 'SharePoint'];

export interface ConnectionDraft {
  id: string | null;
  connectorType: ConnectorType;
  displayName: string;
  name: string;
  hostname: string;
  clientId: string;
  clientSecret: string;
  defaultSite: string;
  driveId: string;
}

/** Service names travel in URLs (SharePoint/Items/{serviceName}): plain characters only. */
export const SERVICE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const emptyDraft = (): ConnectionDraft => ({
  id: null,
  connectorType: 'WebDav',
  displayName: '',
  name: '',
  hostname: '',
  clientId: '',
  clientSecret: '',
  defaultSite: '',
  driveId: '',
});

export const draftOf = (c: Connection): ConnectionDraft => ({
  id: c.id ?? null,
  connectorType: c.connectorType ?? 'SharePoint',
  displayName: c.displayName,
  name: c.name,
  hostname: c.hostname,
  clientId: c.clientId,
  clientSecret: '',
  defaultSite: c.defaultSite ?? '',
  driveId: c.driveId ?? '',
});

export type DraftProblem = 'required' | 'nameInvalid' | 'urlInvalid';

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** What is wrong with each field, before anything is sent. */
export function problemsOf(draft: ConnectionDraft): Partial<Record<keyof ConnectionDraft, DraftProblem>> {
  const problems: Partial<Record<keyof ConnectionDraft, DraftProblem>> = {};
  if (!draft.displayName.trim()) problems.displayName = 'required';
  if (!draft.name.trim()) problems.name = 'required';
  else if (!SERVICE_NAME.test(draft.name.trim())) problems.name = 'nameInvalid';
  if (!draft.hostname.trim()) problems.hostname = 'required';
  else if (draft.connectorType === 'WebDav' && !isHttpUrl(draft.hostname.trim())) problems.hostname = 'urlInvalid';
  if (!draft.clientId.trim()) problems.clientId = 'required';
  // A new connection needs its secret; an edit keeps the stored one when left empty.
  if (!draft.id && !draft.clientSecret) problems.clientSecret = 'required';
  return problems;
}

/** The upsert body; site and drive only for SharePoint, the secret only when typed. */
export function bodyOf(draft: ConnectionDraft): Connection {
  const sharePoint = draft.connectorType === 'SharePoint';
  return {
    id: draft.id,
    connectorType: draft.connectorType,
    displayName: draft.displayName.trim(),
    name: draft.name.trim(),
    hostname: draft.hostname.trim(),
    clientId: draft.clientId.trim(),
    clientSecret: draft.clientSecret || null,
    defaultSite: sharePoint ? draft.defaultSite.trim() || null : null,
    driveId: sharePoint ? draft.driveId.trim() || null : null,
  };
}
