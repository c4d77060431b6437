// The import-by-e-mail address of a workspace: `<alias>@import.<host of the public origin>`. The
// alias is the workspace's `emailAlias` when set, otherwise derived from the tenant code, the name
// and the id (stable, unique, readable). The server's SMTP receiver (MAIL_IMPORT_PORT) takes mail
// sent there and makes tasks of its attachments (domain/mail-import).
import type { WorkspaceRow } from '../../db/schema.js';
import { storedOf } from './configuration.js';

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);

export function emailAliasOf(row: WorkspaceRow, tenantCode: string | null): string {
  const stored = storedOf(row).emailAlias;
  if (typeof stored === 'string' && stored) return stored;
  return [tenantCode ? slug(tenantCode) : '', slug(row.display_name), row.id.slice(0, 8)].filter(Boolean).join('-');
}

/** The domain of every import address: `import.<host of the public origin>`. */
export function importDomainOf(origin: string): string {
  return `import.${new URL(origin).hostname.replace(/^www\./, '')}`;
}

export function importEmailOf(row: WorkspaceRow, tenantCode: string | null, origin: string): string {
  return `${emailAliasOf(row, tenantCode)}@${importDomainOf(origin)}`;
}
