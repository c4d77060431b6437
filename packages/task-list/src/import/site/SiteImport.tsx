/**
 * The "from the file-sharing site" side of the import dialog: browse the workspace's storage
 * connection (SharePoint/Items) folder by folder, tick files — or every file of the folder — and
 * follow each one's import. Every control is a native button or checkbox, so the keyboard reaches
 * all of it; a refusal is read out (role=alert) beside its file.
 */
import type { Schema } from '@reviewdesk/api-client';
import {
  Button,
  Checkbox,
  ErrorState,
  Input,
  LoadingState,
  storageItemPath,
  storagePathCrumbs,
  useApiClient,
  useServerMessages,
} from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useStore } from 'zustand';
import { useTaskListTranslation } from '../../i18n/resources';
import type { ImportRules } from '../../model/fileChecks';
import type { SiteFileEntry, SiteImportStore } from './siteImportStore';

export interface SiteImportProps {
  /** The workspace's storage connection (storageConfig.serviceName). */
  serviceName: string;
  store: SiteImportStore;
  rules: ImportRules;
  externalIds: Readonly<Record<string, string>>;
  onExternalId: (id: string, value: string) => void;
}

const byName = (a: Schema<'StorageItem'>, b: Schema<'StorageItem'>) => a.name.localeCompare(b.name);

export function SiteImport({ serviceName, store, rules, externalIds, onExternalId }: SiteImportProps) {
  const { t } = useTaskListTranslation();
  const { errorMessage } = useServerMessages();
  const api = useApiClient();
  const [path, setPath] = useState('');
  const entries = useStore(store, (s) => s.entries);
  const items = useQuery(
    api.queryOptions('get', '/api/v{version}/SharePoint/Items/{serviceName}', {
      params: { path: { serviceName }, query: { directoryPath: path || null } },
    }),
  );
  const listed = items.data ?? [];
  const folders = listed.filter((i) => i.isFolder).sort(byName);
  const files = listed.filter((i) => i.isFile).sort(byName);
  const chosen = new Map(entries.map((e) => [e.id, e]));
  const allChosen = files.length > 0 && files.every((f) => chosen.has(f.id));

  const toggle = (item: Schema<'StorageItem'>, on: boolean) =>
    on ? store.getState().choose([item], rules) : store.getState().unchoose([item.id]);

  const done = entries.filter((e) => e.status === 'done').length;
  const answered = entries.filter((e) => e.status === 'done' || e.status === 'failed').length;
  const importing = entries.some((e) => e.status === 'importing');
  const sendable = entries.filter((e) => e.status !== 'invalid').length;

  return (
    <div className="rd-import-site" data-testid="import.site">
      <section aria-label={t('import.site.browser', { name: serviceName })} className="rd-import-site__browser">
        <nav className="rd-import-site__crumbs" aria-label={t('import.site.path')}>
          <Button size="sm" variant="ghost" onClick={() => setPath('')} data-testid="import.site.root">
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
          <ErrorState
            description={errorMessage(items.error, 'ExternalStorageErrorCode').message}
            onRetry={() => void items.refetch()}
          />
        ) : (
          <>
            {files.length > 0 ? (
              <Checkbox
                label={t('import.site.chooseAll', { count: files.length })}
                checked={allChosen}
                onChange={(event) =>
                  event.target.checked
                    ? store.getState().choose(files, rules)
                    : store.getState().unchoose(files.map((f) => f.id))
                }
                data-testid="import.site.chooseAll"
              />
            ) : null}
            <ul className="rd-import-site__items" data-testid="import.site.items">
              {folders.length === 0 && files.length === 0 ? (
                <li className="rd-import-site__empty">{t('import.site.empty')}</li>
              ) : null}
              {folders.map((folder) => (
                <li key={folder.id}>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setPath(storageItemPath(folder))}
                    aria-label={t('import.site.open', { name: folder.name })}
                    data-testid={`import.site.folder.${folder.name}`}
                  >
                    <span aria-hidden="true">📁 </span>
                    {folder.name}
                  </Button>
                </li>
              ))}
              {files.map((file) => {
                const entry = chosen.get(file.id);
                return (
                  <li key={file.id}>
                    <Checkbox
                      label={file.name}
                      checked={entry != null}
                      disabled={entry?.status === 'importing' || entry?.status === 'done'}
                      onChange={(event) => toggle(file, event.target.checked)}
                      data-testid={`import.site.file.${file.name}`}
                    />
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </section>
      {entries.length > 0 ? (
        <section className="rd-import-site__chosen" aria-label={t('import.site.chosen')}>
          {answered > 0 || importing ? (
            <div className="rd-import-site__progress">
              <progress
                className="rd-import__progress"
                max={sendable}
                value={answered}
                aria-label={t('import.site.progressLabel')}
              />
              <output data-testid="import.site.progress">{t('import.site.progress', { done, count: sendable })}</output>
            </div>
          ) : null}
          <ul className="rd-import__files" aria-label={t('import.files')}>
            {entries.map((entry) => (
              <SiteFileRow
                key={entry.id}
                entry={entry}
                rules={rules}
                externalId={externalIds[entry.id] ?? ''}
                onExternalId={(value) => onExternalId(entry.id, value)}
                onRemove={() => store.getState().unchoose([entry.id])}
                serverMessage={entry.error === undefined ? null : errorMessage(entry.error)}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function SiteFileRow({
  entry,
  rules,
  externalId,
  onExternalId,
  onRemove,
  serverMessage,
}: {
  entry: SiteFileEntry;
  rules: ImportRules;
  externalId: string;
  onExternalId: (value: string) => void;
  onRemove: () => void;
  serverMessage: { message: string; detail?: string } | null;
}) {
  const { t } = useTaskListTranslation();
  const problem = entry.problem;
  return (
    <li
      className={`rd-import__file rd-import__file--${entry.status}`}
      data-testid={`import.site.entry.${entry.name}`}
      data-status={entry.status}
    >
      <div className="rd-import__file-head">
        <span className="rd-import__file-name">{entry.name}</span>
        <span className="rd-import__file-size">{entry.path}</span>
        <span className="rd-import__file-status" data-testid="import.file.status">
          {t(`import.site.status.${entry.status}`)}
        </span>
      </div>
      {problem?.kind === 'wrongType' ? (
        <p className="rd-import__problem" role="alert">
          {t('import.wrongType', {
            name: entry.name,
            type: problem.extension || '?',
            types: problem.accepted.join(', '),
          })}
        </p>
      ) : null}
      {serverMessage ? (
        <p className="rd-import__problem" role="alert" title={serverMessage.detail}>
          {t('import.site.refused', { name: entry.name, reason: serverMessage.message })}
        </p>
      ) : null}
      {rules.externalIdRequired && (entry.status === 'ready' || entry.status === 'failed') ? (
        <Input
          label={t('import.externalId')}
          required
          value={externalId}
          onChange={(event) => onExternalId(event.target.value)}
        />
      ) : null}
      {entry.status !== 'done' && entry.status !== 'importing' ? (
        <div className="rd-import__file-actions">
          <Button
            size="sm"
            variant="ghost"
            onClick={onRemove}
            aria-label={t('import.site.remove', { name: entry.name })}
          >
            {t('import.remove')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
