/**
 * The workspace's "storage" tab (issue: import channels): pick one of the tenant's file-sharing
 * connections, browse it (FolderBrowser) to choose the glossary folder, the export folder and the
 * global glossary file, and save the workspace's storageConfig (SdWorkspace PatchStorage) — or
 * disconnect it (DeleteStorage). The server reads every place before saving; a place it cannot
 * read comes back as a StorageSetupErrorCode, shown beside that place, and nothing is lost.
 * Without Workspace.ManageStorage the storage shows read-only.
 */
import { isApiError } from '@reviewdesk/api-client';
import { Button, Input, Select, useApiClient, useCan } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { QueryStates } from '../../shared/QueryStates';
import { ReadOnlyNote, SaveBar } from '../../shared/SaveBar';
import { useSaveReporter } from '../../shared/useSaveReporter';
import { WORKSPACE_TAB_SAVE_PERMISSIONS } from '../tabs';
import { FolderBrowser } from './FolderBrowser';
import {
  configOf,
  draftOf,
  FIELD_OF_SETUP_CODE,
  isFilePlace,
  PLACES,
  type Place,
  type StorageConfig,
  type StorageDraft,
  type StorageField,
} from './storageModel';

export interface StorageTabProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
}

const configurationQuery = (api: ReturnType<typeof useApiClient>, workspaceId: string) =>
  api.queryOptions('get', '/api/v{version}/SdWorkspace/Configuration', { params: { query: { workspaceId } } });

export function StorageTab({ workspaceId, ...events }: StorageTabProps) {
  const api = useApiClient();
  const configuration = useQuery(configurationQuery(api, workspaceId));
  return (
    <QueryStates query={configuration}>
      {(config) => (
        <StorageForm
          key={configuration.dataUpdatedAt}
          workspaceId={workspaceId}
          saved={config.storageConfig ?? null}
          {...events}
        />
      )}
    </QueryStates>
  );
}

class SetupRefused extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function StorageForm({ workspaceId, saved, ...events }: StorageTabProps & { saved: StorageConfig | null }) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const editable = can(WORKSPACE_TAB_SAVE_PERMISSIONS.storage ?? []);
  const initial = draftOf(saved);
  const [draft, setDraft] = useState<StorageDraft>(initial);
  const [browsing, setBrowsing] = useState<Place | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ field: StorageField; code: number; message: string } | null>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const connections = useQuery({
    ...api.queryOptions('post', '/api/v{version}/Tenant/Connectors/GetSharePointConnections'),
    enabled: editable,
  });

  const refresh = () => void queryClient.invalidateQueries({ queryKey: configurationQuery(api, workspaceId).queryKey });
  const save = useMutation({
    mutationFn: async (body: StorageConfig) => {
      const { data } = await api.PATCH('/api/v{version}/SdWorkspace/Storage/{workspaceId}', {
        params: { path: { workspaceId } },
        body,
      });
      // A place the server could not read is a refusal in the result wrapper, not an HTTP error.
      if (data && !data.succeeded) {
        const first = data.errors[0];
        throw new SetupRefused(first?.code ?? 0, first?.message ?? '');
      }
      return data?.result;
    },
    onSuccess: () => {
      setServerError(null);
      setRefused(null);
      refresh();
      report.saved({ screen: 'workspace', tab: 'storage', workspaceId });
    },
    onError: (error: Error) => {
      if (error instanceof SetupRefused) {
        const field = FIELD_OF_SETUP_CODE[error.code] ?? 'serviceName';
        setRefused({ field, code: error.code, message: error.message });
        setServerError(report.failed(new Error(t(`workspace.storage.setup.${field}`, { code: error.code }))));
        return;
      }
      setServerError(report.failed(error));
    },
  });
  const disconnect = useMutation({
    mutationFn: async () => {
      await api.DELETE('/api/v{version}/SdWorkspace/Storage/{workspaceId}', { params: { path: { workspaceId } } });
    },
    onSuccess: () => {
      refresh();
      report.saved({ screen: 'workspace', tab: 'storage', workspaceId });
    },
    onError: (error: Error) => setServerError(report.failed(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!dirty || !draft.serviceName) return;
    save.mutate(configOf(draft, saved));
  };
  const errorOf = (field: StorageField) =>
    refused?.field === field
      ? t(`workspace.storage.setup.${field}`, { code: refused.code })
      : field === 'serviceName' && touched && !draft.serviceName
        ? t('workspace.storage.chooseConnectionFirst')
        : null;

  const options = (connections.data ?? []).map((c) => ({ value: c.name, label: `${c.displayName} (${c.name})` }));
  if (draft.serviceName && !options.some((o) => o.value === draft.serviceName))
    options.push({ value: draft.serviceName, label: draft.serviceName });
  const cannotList = connections.isError && isApiError(connections.error) && connections.error.status === 403;

  return (
    <form className="rd-admin__form rd-admin__form--wide" onSubmit={submit} noValidate data-testid="workspace.storage">
      <ReadOnlyNote editable={editable} />
      <p className="rd-admin__muted">{t('workspace.storage.intro')}</p>
      {saved ? null : (
        <p className="rd-admin__note" role="note" data-testid="workspace.storage.none">
          {t('workspace.storage.none')}
        </p>
      )}
      <fieldset className="rd-admin__fieldset" disabled={!editable || save.isPending || disconnect.isPending}>
        <Select
          label={t('workspace.storage.connection')}
          hint={
            cannotList
              ? t('workspace.storage.cannotList')
              : connections.data?.length === 0
                ? t('workspace.storage.noConnections')
                : t('workspace.storage.connectionHint')
          }
          value={draft.serviceName}
          placeholder={t('workspace.storage.chooseConnection')}
          options={options}
          onChange={(e) => {
            setBrowsing(null);
            setDraft({ ...draft, serviceName: e.target.value });
          }}
          error={errorOf('serviceName')}
          data-testid="workspace.storage.connection"
        />
        {PLACES.map((place) => (
          <div key={place} className="rd-admin__stack">
            <div className="rd-admin-list__row">
              <Input
                className="rd-admin-list__grow"
                label={t(`workspace.storage.places.${place}`)}
                hint={t(`workspace.storage.places.${place}Hint`)}
                placeholder={t('workspace.storage.notUsed')}
                value={draft[place]}
                onChange={(e) => setDraft({ ...draft, [place]: e.target.value })}
                error={errorOf(place)}
                data-testid={`workspace.storage.${place}`}
              />
              {editable ? (
                <Button
                  disabled={!draft.serviceName}
                  onClick={() => setBrowsing(browsing === place ? null : place)}
                  aria-expanded={browsing === place}
                  data-testid={`workspace.storage.browse.${place}`}
                >
                  {t('workspace.storage.browse')}
                </Button>
              ) : null}
            </div>
            {browsing === place && draft.serviceName ? (
              <FolderBrowser
                serviceName={draft.serviceName}
                start={isFilePlace(place) ? draft[place].slice(0, draft[place].lastIndexOf('/')) : draft[place]}
                file={isFilePlace(place)}
                onChoose={(path) => {
                  setDraft({ ...draft, [place]: path });
                  setBrowsing(null);
                }}
                onClose={() => setBrowsing(null)}
              />
            ) : null}
          </div>
        ))}
      </fieldset>
      {refused ? (
        <p className="rd-admin__muted" data-testid="workspace.storage.detail">
          {refused.message}
        </p>
      ) : null}
      <SaveBar
        editable={editable}
        dirty={dirty}
        pending={save.isPending}
        error={serverError}
        onReset={() => {
          setDraft(initial);
          setTouched(false);
          setRefused(null);
        }}
        testId="workspace.storage"
      />
      {editable && saved ? (
        <div className="rd-admin__actions">
          {confirming ? (
            <>
              <span role="alert">{t('workspace.storage.disconnectConfirm')}</span>
              <Button onClick={() => setConfirming(false)}>{t('workspace.storage.keep')}</Button>
              <Button
                variant="danger"
                loading={disconnect.isPending}
                onClick={() => disconnect.mutate()}
                data-testid="workspace.storage.disconnectConfirm"
              >
                {t('workspace.storage.disconnect')}
              </Button>
            </>
          ) : (
            <Button variant="danger" onClick={() => setConfirming(true)} data-testid="workspace.storage.disconnect">
              {t('workspace.storage.disconnect')}
            </Button>
          )}
        </div>
      ) : null}
    </form>
  );
}
