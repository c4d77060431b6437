// One interface for the file-sharing sites a tenant connects (SharePoint through Microsoft Graph,
// WebDAV servers): browse a folder, download a file, upload a file into a folder. Paths are
// slash-separated from the root of the site's library (`/Invoices/2026`); the root is `/`.
// Failures carry the contract's ExternalStorageErrorCode so the API can say which step failed.
import type { Readable } from 'node:stream';
import { ExternalStorageErrorCode } from '../contract/generated/enums.js';

export interface ConnectorItem {
  /** Stable id on the site (Graph item id; WebDAV: the path). */
  id: string;
  name: string;
  isFolder: boolean;
  /** Path of the folder holding the item. */
  folderPath: string;
  size: number | null;
  mimeType: string | null;
  webUrl: string | null;
  lastModifiedDateTime: string | null;
  lastModifiedUserDisplayName: string | null;
}

export interface Connector {
  /** The files and folders of a folder, all pages read. */
  list(folderPath: string): Promise<ConnectorItem[]>;
  /** A file by its id (as listed): its name and bytes. A folder or a missing item is CouldNotGetItem. */
  download(id: string): Promise<{ name: string; stream: Readable }>;
  /** Writes a file into a folder (replacing one of the same name) and returns it. */
  upload(folderPath: string, fileName: string, content: Buffer): Promise<ConnectorItem>;
}

export class ConnectorError extends Error {
  constructor(
    readonly code: ExternalStorageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}

export const STORAGE_ERROR = ExternalStorageErrorCode;

/** `/a//b/` → `/a/b`; refuses `..` (a path names a folder of the site, nothing above it). */
export function normalisePath(path: string | null | undefined): string {
  const parts = (path ?? '').split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..'))
    throw new ConnectorError(STORAGE_ERROR.CouldNotGetItems, 'A folder path may not contain "..".');
  return `/${parts.join('/')}`;
}

export const joinPath = (folder: string, name: string) => (folder === '/' ? `/${name}` : `${folder}/${name}`);
