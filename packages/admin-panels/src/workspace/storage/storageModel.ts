/**
 * The storage form's rules: the three places a workspace uses on a tenant connection (glossary
 * folder, export folder, global glossary file), paths as the server keeps them (`/A/B`, no trailing
 * slash), and which field a StorageSetupErrorCode is about (spec: CouldNotGetSharePointConfiguration
 * 20 and CouldNotGetSharePointSite 30 — the connection; 40 — the glossary folder; 50 — the export
 * folder; 60 — the global glossary file).
 */
import type { Schema } from '@reviewdesk/api-client';
import { cleanStoragePath } from '@reviewdesk/ui';

export type StorageConfig = Schema<'StorageConfig'>;

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
  glossaryDirectoryPath: cleanStoragePath(draft.glossaryDirectoryPath) || null,
  exportDirectoryPath: cleanStoragePath(draft.exportDirectoryPath) || null,
  globalGlossaryPath: cleanStoragePath(draft.globalGlossaryPath) || null,
  globalGlossaryId: null,
});
