/**
 * The storage form's rules: the three places a workspace uses on a tenant connection (glossary
 * folder, export folder, global glossary file), paths as the server keeps them (`/A/B`, no trailing
 * slash), and which field a StorageSetupErrorCode is about (spec: CouldNotGetSharePointConfiguration
 * 20 and CouldNotGetSharePointSite 30 — the connection; 40 — the glossary folder; 50 — the export
 * folder; 60 — the global glossary file).
 */
import type { Schema } from '@reviewdesk/api-client';

export type StorageConfig = Schema<'StorageConfig'>;
export type StorageItem = Schema<'StorageItem'>;

export const PLACES = ['glossaryDirectoryPath', 'exportDirectoryPath', 'globalGlossaryPath'] as const;
export type Place = (typeof PLACES)[number];
export type StorageField = Place | 'serviceName';

/** The global glossary is a file; the other places are folders. */
export const isFilePlace = (place: Place) => place === 'globalGlossaryPath';

export const FIELD_OF_SETUP_CODE: Record<number, StorageField> = {
  10: 'serviceName',
  20: 'serviceName',
  30: 'serviceName',
  40: 'glossaryDirectoryPath',
  50: 'exportDirectoryPath',
  60: 'globalGlossaryPath',
};

/** `a/b/` → `/a/b`; empty stays empty. */
export function cleanPath(path: string): string {
  const trimmed = path.trim();
  if (!trimmed) return '';
  const parts = trimmed.split('/').filter(Boolean);
  return `/${parts.join('/')}`;
}

/** The folders from the root to `path`, for the browser's breadcrumb. */
export function crumbsOf(path: string): Array<{ name: string; path: string }> {
  const parts = cleanPath(path).split('/').filter(Boolean);
  return parts.map((name, i) => ({ name, path: `/${parts.slice(0, i + 1).join('/')}` }));
}

/** The path of an item listed in a folder. */
export const pathOfItem = (item: StorageItem) =>
  cleanPath(`${item.folderPath && item.folderPath !== '/' ? item.folderPath : ''}/${item.name}`);

export interface StorageDraft {
  serviceName: string;
  glossaryDirectoryPath: string;
  exportDirectoryPath: string;
  globalGlossaryPath: string;
}

export const draftOf = (config: StorageConfig | null | undefined): StorageDraft => ({
  serviceName: config?.serviceName ?? '',
  glossaryDirectoryPath: config?.glossaryDirectoryPath ?? '',
  exportDirectoryPath: config?.exportDirectoryPath ?? '',
  globalGlossaryPath: config?.globalGlossaryPath ?? '',
});

export const configOf = (draft: StorageDraft, saved: StorageConfig | null | undefined): StorageConfig => ({
  serviceName: draft.serviceName,
  // Site and drive belong to the connection; kept only while it stays the same one.
  siteId: saved?.serviceName === draft.serviceName ? (saved?.siteId ?? null) : null,
  driveId: saved?.serviceName === draft.serviceName ? (saved?.driveId ?? null) : null,
  glossaryDirectoryPath: cleanPath(draft.glossaryDirectoryPath) || null,
  exportDirectoryPath: cleanPath(draft.exportDirectoryPath) || null,
  globalGlossaryPath: cleanPath(draft.globalGlossaryPath) || null,
  globalGlossaryId: null,
});
