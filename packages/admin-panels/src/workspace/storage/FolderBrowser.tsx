/**
 * Browses a tenant connection (SharePoint_Items) to choose a folder — or, for the global glossary, a
 * file: a breadcrumb from the root, the folder's sub-folders to open, and "choose". A connector
 * failure shows the server's message (its ExternalStorageErrorCode) with a retry.
 */
import {
  Button,
  cleanStoragePath,
  ErrorState,
  LoadingState,
  storageItemPath,
  storagePathCrumbs,
  useApiClient,
  useServerMessages,
} from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminPanelsTranslation } from '../../i18n/resources';

export interface FolderBrowserProps {
  serviceName: string;
  /** Where to start (the current value, or its folder for a file). */
  start: string;
  /** Choose a file instead of a folder. */
  file: boolean;
  onChoose: (path: string) => void;
  onClose: () => void;
}

export function FolderBrowser({ serviceName, start, file, onChoose, onClose }: FolderBrowserProps) {
  const { t } = useAdminPanelsTranslation();
  const { errorMessage } = useServerMessages();
  const api = useApiClient();
  const [path, setPath] = useState(cleanStoragePath(start));
  const items = useQuery(
    api.queryOptions('get', '/api/v{version}/SharePoint/Items/{serviceName}', {
      params: { path: { serviceName }, query: { directoryPath: path || null } },
    }),
  );
  const folders = (items.data ?? []).filter((i) => i.isFolder).sort((a, b) => a.name.localeCompare(b.name));
  const files = file ? (items.data ?? []).filter((i) => i.isFile).sort((a, b) => a.name.localeCompare(b.name)) : [];

  return (
    <section
      className="rd-admin-browser"
      aria-label={t('workspace.storage.browserLabel', { name: serviceName })}
      data-testid="workspace.storage.browser"
    >
      <nav className="rd-admin-browser__crumbs" aria-label={t('workspace.storage.path')}>
        <Button size="sm" variant="ghost" onClick={() => setPath('')} data-testid="workspace.storage.browser.root">
          {serviceName}
        </Button>
        {storagePathCrumbs(path).map((crumb) => (
          <span key={crumb.path}>
            {' / '}
            <Button size="sm" variant="ghost" onClick={() => setPath(crumb.path)}>
              {crumb.name}
            </Button>
          </span>
        ))}
      </nav>
      {items.isPending ? (
        <LoadingState />
      ) : items.isError ? (
        <ErrorState description={errorMessage(items.error).message} onRetry={() => void items.refetch()} />
      ) : (
        <ul className="rd-admin-browser__list" data-testid="workspace.storage.browser.items">
          {folders.length === 0 && files.length === 0 ? (
            <li className="rd-admin__muted">{t(file ? 'workspace.storage.noFiles' : 'workspace.storage.noFolders')}</li>
          ) : null}
          {folders.map((folder) => (
            <li key={folder.id}>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setPath(storageItemPath(folder))}
                aria-label={t('workspace.storage.open', { name: folder.name })}
                data-testid={`workspace.storage.browser.folder.${folder.name}`}
              >
                <span aria-hidden="true">📁 </span>
                {folder.name}
              </Button>
            </li>
          ))}
          {files.map((item) => (
            <li key={item.id}>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onChoose(storageItemPath(item))}
                aria-label={t('workspace.storage.chooseFile', { name: item.name })}
                data-testid={`workspace.storage.browser.file.${item.name}`}
              >
                <span aria-hidden="true">📄 </span>
                {item.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="rd-admin__actions rd-admin__actions--start">
        {file ? null : (
          <Button
            variant="primary"
            disabled={!path || items.isError}
            onClick={() => onChoose(path)}
            data-testid="workspace.storage.browser.choose"
          >
            {t('workspace.storage.chooseFolder', { path: path || '/' })}
          </Button>
        )}
        <Button onClick={onClose}>{t('workspace.storage.close')}</Button>
      </div>
    </section>
  );
}
