/**
 * Paths on a file-sharing connection (SharePoint/Items) as the server keeps them: `/A/B`, no
 * trailing slash, the root as ''. One rule for every screen that browses a connection (the
 * workspace's storage settings, the import dialog).
 */
import type { Schema } from '@reviewdesk/api-client';

/** `a/b/` → `/a/b`; empty stays empty. */
export function cleanStoragePath(path: string): string {
  const trimmed = path.trim();
  if (!trimmed) return '';
  const parts = trimmed.split('/').filter(Boolean);
  return `/${parts.join('/')}`;
}

/** The folders from the root to `path`, for a browser's breadcrumb. */
export function storagePathCrumbs(path: string): Array<{ name: string; path: string }> {
  const parts = cleanStoragePath(path).split('/').filter(Boolean);
  return parts.map((name, i) => ({ name, path: `/${parts.slice(0, i + 1).join('/')}` }));
}

/** The path of an item listed in a folder. */
export const storageItemPath = (item: Pick<Schema<'StorageItem'>, 'name' | 'folderPath'>) =>
  cleanStoragePath(`${item.folderPath && item.folderPath !== '/' ? item.folderPath : ''}/${item.name}`);
