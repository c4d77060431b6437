/**
 * Import files into a workspace: drop or pick many files, see each one checked against the
 * workspace's rules (maxFileSizeBytes, supportedFileTypes) with a plain message, choose or create
 * a batch, give external ids when the workspace requires them, then watch per-file progress with
 * pause and resume. Uploads are resumable (see uploadStore.ts). A workspace with a storage
 * connection also offers the files of its file-sharing site (site/SiteImport.tsx): the server
 * fetches those itself.
 */
import type { ApiCallError, Schema } from '@reviewdesk/api-client';
import { Button, Dialog, Input, Select, Tabs, useApiClient, useCan, useServerMessages } from '@reviewdesk/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type DragEvent, memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useTaskListTranslation } from '../i18n/resources';
import { DEFAULT_IMPORT_RULES, formatBytes, type ImportRules, normaliseExtensions } from '../model/fileChecks';
import { SiteImport } from './site/SiteImport';
import { createSiteImportStore } from './site/siteImportStore';
import { createUploadStore, type UploadEntry, type UploadStoreOptions } from './uploadStore';

export interface ImportDialogProps {
  workspaceId: string;
  open: boolean;
  onClose: () => void;
  getAccessToken?: UploadStoreOptions['getAccessToken'];
  uploadEndpoint?: string;
  onTaskCreated?: (entry: { taskId: string; fileName: string }) => void;
  /** The user asked to open the tasks this dialog created (offered once every upload is done). */
  onOpenImported?: (created: { taskId: string; fileName: string }[]) => void;
  onError?: (error: ApiCallError) => void;
}

const NEW_BATCH = '__new__';

type Source = 'computer' | 'site';

/** The workspace's storage connection, when it has one (its configuration's storageConfig). */
function useStorageConnection(workspaceId: string, enabled: boolean): string | null {
  const api = useApiClient();
  const configuration = useQuery({
    ...api.queryOptions('get', '/api/v{version}/SdWorkspace/Configuration', { params: { query: { workspaceId } } }),
    enabled,
  });
  return configuration.data?.storageConfig?.serviceName?.trim() || null;
}

function useImportRules(workspaceId: string): ImportRules {
  const api = useApiClient();
  const config = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/GetWorkspaceCustomConfig', {
      params: { query: { workspaceId } },
    }),
  );
  const data = config.data;
  // Memoised: the dialog re-checks its files whenever the rules object changes.
  return useMemo(
    () =>
      data
        ? {
            maxFileSizeBytes: data.maxFileSizeBytes || DEFAULT_IMPORT_RULES.maxFileSizeBytes,
            supportedFileTypes: normaliseExtensions(data.supportedFileTypes),
            externalIdRequired: data.externalIdRequired,
          }
        : DEFAULT_IMPORT_RULES,
    [data],
  );
}

function FileRow({
  entry,
  rules,
  externalId,
  onExternalId,
  onPause,
  onResume,
  onRemove,
}: {
  entry: UploadEntry;
  rules: ImportRules;
  externalId: string;
  onExternalId: (value: string) => void;
  onPause: () => void;
  onResume: () => void;
  onRemove: () => void;
}) {
  const { t, culture } = useTaskListTranslation();
  const { codeMessage } = useServerMessages();
  // A refusal with a code reads in the person's language, the server's own words as detail
  // (e.g. a translation pair the server does not offer, and the pairs it does).
  const refusal = entry.errorCode ? codeMessage('TaskErrorCode', entry.errorCode, entry.error) : null;
  const percent = entry.file.size > 0 ? Math.floor((entry.bytesSent / entry.file.size) * 100) : 0;
  const name = entry.file.name;
  const problem = entry.problem;
  const message = !problem
    ? null
    : problem.kind === 'empty'
      ? t('import.empty', { name })
      : problem.kind === 'tooLarge'
        ? t('import.tooLarge', {
            name,
            size: formatBytes(problem.size, culture),
            max: formatBytes(problem.max, culture),
          })
        : t('import.wrongType', {
            name,
            type: problem.extension || '?',
            types: problem.accepted.join(', '),
          });
  const statusText =
    entry.status === 'uploading' || entry.status === 'paused' || entry.status === 'offline'
      ? t(`import.status.${entry.status}`, { percent })
      : t(`import.status.${entry.status}`);
  return (
    <li
      className={`rd-import__file rd-import__file--${entry.status}`}
      data-testid={`import.file.${name}`}
      data-status={entry.status}
      data-task-id={entry.taskId}
    >
      <div className="rd-import__file-head">
        <span className="rd-import__file-name">{name}</span>
        <span className="rd-import__file-size">{formatBytes(entry.file.size, culture)}</span>
        <span className="rd-import__file-status" data-testid="import.file.status">
          {statusText}
        </span>
      </div>
      {message ? (
        <p className="rd-import__problem" role="alert">
          {message}
        </p>
      ) : null}
      {refusal ? (
        <p className="rd-import__problem" role="alert" data-testid="import.file.refusal">
          {refusal.message}
          {refusal.detail ? <span className="rd-import__problem-detail"> {refusal.detail}</span> : null}
        </p>
      ) : entry.error ? (
        <p className="rd-import__problem" role="alert">
          {entry.error}
        </p>
      ) : null}
      {!problem ? (
        <progress
          className="rd-import__progress"
          max={100}
          value={entry.status === 'done' || entry.status === 'creating' ? 100 : percent}
          aria-label={t('import.progress', { name })}
        />
      ) : null}
      {rules.externalIdRequired && entry.status === 'ready' ? (
        <Input
          label={t('import.externalId')}
          required
          value={externalId}
          onChange={(event) => onExternalId(event.target.value)}
        />
      ) : null}
      <div className="rd-import__file-actions">
        {entry.status === 'uploading' || entry.status === 'offline' ? (
          <Button size="sm" onClick={onPause} data-testid="import.file.pause">
            {t('import.pause')}
          </Button>
        ) : null}
        {entry.status === 'paused' ? (
          <Button size="sm" onClick={onResume} data-testid="import.file.resume">
            {t('import.resume')}
          </Button>
        ) : null}
        {entry.status !== 'done' && entry.status !== 'creating' ? (
          <Button size="sm" variant="ghost" onClick={onRemove}>
            {t('import.remove')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Memoised: it stays mounted (uploads go on while it is closed), so the list's renders skip it. */
export const ImportDialog = memo(function ImportDialog(props: ImportDialogProps) {
  const { workspaceId, open, onClose } = props;
  const { t, culture } = useTaskListTranslation();
  const api = useApiClient();
  const can = useCan();
  const rules = useImportRules(workspaceId);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const [store] = useState(() =>
    createUploadStore({
      api,
      endpoint: props.uploadEndpoint,
      getAccessToken: () => latest.current.getAccessToken?.(),
      onTaskCreated: (created) => latest.current.onTaskCreated?.(created),
    }),
  );
  const [siteStore] = useState(() =>
    createSiteImportStore({ api, onTaskCreated: (created) => latest.current.onTaskCreated?.(created) }),
  );
  useEffect(() => () => store.getState().dispose(), [store]);
  useEffect(() => () => siteStore.getState().dispose(), [siteStore]);
  useEffect(() => store.getState().recheck(rules), [store, rules]);
  useEffect(() => siteStore.getState().recheck(rules), [siteStore, rules]);
  const entries = useStore(store, (s) => s.entries);
  const siteEntries = useStore(siteStore, (s) => s.entries);
  const serviceName = useStorageConnection(workspaceId, open);
  const [source, setSource] = useState<Source>('computer');
  const fromSite = source === 'site' && serviceName != null;
  const [batchChoice, setBatchChoice] = useState('');
  const [newBatchName, setNewBatchName] = useState('');
  const [externalIds, setExternalIds] = useState<Record<string, string>>({});
  const [dragging, setDragging] = useState(false);

  const batches = useQuery({
    ...api.queryOptions('post', '/api/v{version}/SdBatch/GetWithPagination/{workspaceId}', {
      params: { path: { workspaceId } },
      body: { pageNumber: 1, pageSize: 200, filters: [{ field: 'isOpen', operator: 'eq', value: true }] },
    }),
    enabled: open,
  });
  const createBatch = useMutation(api.mutationOptions('post', '/api/v{version}/SdBatch'));

  const ready = fromSite
    ? siteEntries.filter((e) => e.status === 'ready' || e.status === 'failed')
    : entries.filter((e) => e.status === 'ready' || e.status === 'failed');
  const created = [
    ...entries.flatMap((e) => (e.status === 'done' && e.taskId ? [{ taskId: e.taskId, fileName: e.file.name }] : [])),
    ...siteEntries.flatMap((e) => (e.status === 'done' && e.taskId ? [{ taskId: e.taskId, fileName: e.name }] : [])),
  ];
  // Every file is a task now (or could never be one): what is left is to close or to look at them.
  const finished =
    created.length > 0 &&
    entries.every((e) => e.status === 'done' || e.status === 'invalid') &&
    siteEntries.every((e) => e.status === 'done' || e.status === 'invalid');
  const siteImporting = siteEntries.some((e) => e.status === 'importing');
  const missingExternalId = rules.externalIdRequired && ready.some((e) => !externalIds[e.id]?.trim());
  const batchNameMissing = batchChoice === NEW_BATCH && !newBatchName.trim();

  const addFiles = (files: FileList | null) => {
    if (files && files.length > 0) store.getState().add([...files], rules);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  const start = async () => {
    let batchId: string | null = batchChoice && batchChoice !== NEW_BATCH ? batchChoice : null;
    if (batchChoice === NEW_BATCH) {
      try {
        const batch: Schema<'Batch'> = await createBatch.mutateAsync({
          body: { displayName: newBatchName.trim(), workspaceId, isOpen: true },
        });
        batchId = batch.batchId;
        setBatchChoice(batch.batchId);
        void batches.refetch();
      } catch (error) {
        props.onError?.(error as ApiCallError);
        return;
      }
    }
    if (fromSite && serviceName) void siteStore.getState().start({ workspaceId, serviceName, batchId, externalIds });
    else store.getState().start({ workspaceId, batchId, externalIds });
  };

  const accepted = rules.supportedFileTypes.length > 0 ? rules.supportedFileTypes.join(', ') : t('import.anyType');
  const batchOptions = [
    ...(batches.data?.items ?? []).map((b: Schema<'Batch'>) => ({ value: b.batchId, label: b.displayName })),
    ...(can('Batches.CreateBatch') ? [{ value: NEW_BATCH, label: t('import.newBatch') }] : []),
  ];

  const computerPanel = (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the "choose files" label inside is the keyboard way in */}
      <div
        className={dragging ? 'rd-import__drop rd-import__drop--active' : 'rd-import__drop'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="import.drop"
      >
        <span>{t('import.drop')} </span>
        <label htmlFor={inputId} className="rd-import__pick rd-focusable">
          {t('import.pick')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          className="rd-visually-hidden"
          accept={rules.supportedFileTypes.join(',') || undefined}
          onChange={(event) => {
            addFiles(event.target.files);
            event.target.value = '';
          }}
          data-testid="import.input"
        />
        <p className="rd-import__rules">
          {t('import.rules', { size: formatBytes(rules.maxFileSizeBytes, culture), types: accepted })}
        </p>
      </div>
      {entries.length > 0 ? (
        <ul className="rd-import__files" aria-label={t('import.files')}>
          {entries.map((entry) => (
            <FileRow
              key={entry.id}
              entry={entry}
              rules={rules}
              externalId={externalIds[entry.id] ?? ''}
              onExternalId={(value) => setExternalIds((ids) => ({ ...ids, [entry.id]: value }))}
              onPause={() => store.getState().pause(entry.id)}
              onResume={() => store.getState().resume(entry.id)}
              onRemove={() => store.getState().remove(entry.id)}
            />
          ))}
        </ul>
      ) : null}
    </>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      size="lg"
      title={t('import.title')}
      closeOnOutsidePress={false}
      footer={
        finished ? (
          <>
            <Button onClick={onClose} data-testid="import.close">
              {t('import.close')}
            </Button>
            {props.onOpenImported ? (
              <Button variant="primary" onClick={() => props.onOpenImported?.(created)} data-testid="import.open">
                {t('import.openImported', { count: created.length })}
              </Button>
            ) : null}
          </>
        ) : (
          <>
            <Button onClick={onClose}>{t('import.close')}</Button>
            <Button
              variant="primary"
              disabled={ready.length === 0 || missingExternalId || batchNameMissing || siteImporting}
              loading={createBatch.isPending || (fromSite && siteImporting)}
              onClick={() => void start()}
              data-testid="import.start"
            >
              {t(fromSite ? 'import.site.start' : 'import.start', { count: ready.length })}
            </Button>
          </>
        )
      }
    >
      {serviceName ? (
        <Tabs
          label={t('import.sources')}
          selectedId={source}
          onSelect={(id) => setSource(id as Source)}
          tabs={[
            { id: 'computer', label: t('import.fromComputer'), panel: computerPanel },
            {
              id: 'site',
              label: t('import.fromSite', { name: serviceName }),
              panel: (
                <SiteImport
                  serviceName={serviceName}
                  store={siteStore}
                  rules={rules}
                  externalIds={externalIds}
                  onExternalId={(id, value) => setExternalIds((ids) => ({ ...ids, [id]: value }))}
                />
              ),
            },
          ]}
        />
      ) : (
        computerPanel
      )}
      <div className="rd-import__options">
        <Select
          label={t('import.batch')}
          placeholder={t('import.noBatch')}
          value={batchChoice}
          onChange={(event) => setBatchChoice(event.target.value)}
          options={batchOptions}
          data-testid="import.batch"
        />
        {batchChoice === NEW_BATCH ? (
          <Input
            label={t('import.newBatchName')}
            required
            value={newBatchName}
            onChange={(event) => setNewBatchName(event.target.value)}
          />
        ) : null}
      </div>
      {rules.externalIdRequired ? <p className="rd-field__hint">{t('import.externalIdRequired')}</p> : null}
      {finished ? (
        <output className="rd-import__done" data-testid="import.done">
          {t('import.imported', { count: created.length })}
        </output>
      ) : null}
    </Dialog>
  );
});
