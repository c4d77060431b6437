/**
 * The workspace's "export" tab: whether a task's files are deleted after a successful export
 * (isToDelAfterExport, saved with the advanced settings and their permission), where exports are
 * written (the storage's export folder), and the integration (export) steps of the workspace's
 * pipeline with their configuration (SdWorkspace IntegrationStepConfigs / StepConfig, permission
 * Workspace.UpdateExport). A server that does not offer the step calls yet (501) gets a plain "not
 * available" in that part; the rest of the tab still works.
 */
import { isApiError } from '@reviewdesk/api-client';
import { EmptyState, ErrorState, LoadingState, Switch, useApiClient, useCan, useServerMessages } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { QueryStates } from '../../shared/QueryStates';
import { ReadOnlyNote, SaveBar } from '../../shared/SaveBar';
import { useSaveReporter } from '../../shared/useSaveReporter';
import { advancedSettingsQuery } from '../advanced/AdvancedSettingsTab';
import type { AdvancedSettings } from '../advanced/advancedModel';
import { StepConfigForm } from './StepConfigForm';

export interface ExportTabProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
}

export function ExportTab({ workspaceId, ...events }: ExportTabProps) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const settings = useQuery(advancedSettingsQuery(api, workspaceId));
  return (
    <div className="rd-admin__stack rd-admin__form--wide" data-testid="workspace.export">
      <QueryStates query={settings}>
        {(saved) => (
          <AfterExportForm key={settings.dataUpdatedAt} workspaceId={workspaceId} saved={saved} {...events} />
        )}
      </QueryStates>
      <ExportFolder workspaceId={workspaceId} />
      <section aria-labelledby="rd-admin-export-steps" className="rd-admin__stack">
        <h3 id="rd-admin-export-steps" className="rd-admin__subtitle">
          {t('workspace.export.steps')}
        </h3>
        <IntegrationSteps workspaceId={workspaceId} {...events} />
      </section>
    </div>
  );
}

function AfterExportForm({ workspaceId, saved, ...events }: ExportTabProps & { saved: AdvancedSettings }) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  // The flag is one of the advanced settings: the server asks for their permission to change it.
  const editable = can('Workspace.EditAdvancedSettings');
  const [deleteAfter, setDeleteAfter] = useState(saved.isToDelAfterExport ?? false);
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty = deleteAfter !== (saved.isToDelAfterExport ?? false);

  const save = useMutation({
    mutationFn: async (isToDelAfterExport: boolean) => {
      // The settings as read, with only this flag changed: nothing else of them moves.
      const { detectableFields: _informative, ...rest } = saved;
      const { data } = await api.PATCH('/api/v{version}/SdWorkspace/AdvancedSettings/{workspaceId}', {
        params: { path: { workspaceId } },
        body: { ...rest, isToDelAfterExport },
      });
      return data?.result;
    },
    onSuccess: (result) => {
      setServerError(null);
      const key = advancedSettingsQuery(api, workspaceId).queryKey;
      if (result) queryClient.setQueryData(key, result);
      else void queryClient.invalidateQueries({ queryKey: key });
      report.saved({ screen: 'workspace', tab: 'export', workspaceId });
    },
    onError: (error: Error) => setServerError(report.failed(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty) save.mutate(deleteAfter);
  };

  return (
    <form className="rd-admin__form" onSubmit={submit} noValidate data-testid="workspace.export.after">
      <ReadOnlyNote editable={editable} />
      <fieldset className="rd-admin__fieldset" disabled={!editable || save.isPending}>
        <Switch
          label={t('workspace.export.isToDelAfterExport')}
          hint={t('workspace.export.isToDelAfterExportHint')}
          checked={deleteAfter}
          onChange={(e) => setDeleteAfter(e.target.checked)}
          data-testid="workspace.export.isToDelAfterExport"
        />
      </fieldset>
      <SaveBar
        editable={editable}
        dirty={dirty}
        pending={save.isPending}
        error={serverError}
        onReset={() => setDeleteAfter(saved.isToDelAfterExport ?? false)}
        testId="workspace.export.after"
      />
    </form>
  );
}

/** Where exports are written: the export folder of the workspace's storage, when it has one. */
function ExportFolder({ workspaceId }: { workspaceId: string }) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const configuration = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/Configuration', { params: { query: { workspaceId } } }),
  );
  const storage = configuration.data?.storageConfig;
  if (!configuration.data) return null;
  return (
    <dl className="rd-admin__facts" data-testid="workspace.export.folder">
      <dt>{t('workspace.export.folder')}</dt>
      <dd>
        {storage?.exportDirectoryPath ? (
          <code>{`${storage.serviceName}: ${storage.exportDirectoryPath}`}</code>
        ) : (
          t('workspace.export.noFolder')
        )}
      </dd>
    </dl>
  );
}

function IntegrationSteps({ workspaceId, ...events }: ExportTabProps) {
  const { t } = useAdminPanelsTranslation();
  const { errorMessage } = useServerMessages();
  const api = useApiClient();
  const steps = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/IntegrationStepConfigs/{workspaceId}', {
      params: { path: { workspaceId } },
    }),
  );
  if (steps.isPending) return <LoadingState />;
  if (steps.isError) {
    if (isApiError(steps.error) && steps.error.status === 501)
      return (
        <p className="rd-admin__note" role="note" data-testid="workspace.export.stepsNotAvailable">
          {t('common.notAvailable')}
        </p>
      );
    return <ErrorState description={errorMessage(steps.error).message} onRetry={() => void steps.refetch()} />;
  }
  if (steps.data.length === 0) return <EmptyState title={t('workspace.export.noSteps')} />;
  return (
    <ul className="rd-admin-steps" data-testid="workspace.export.stepList">
      {steps.data.map((step) => (
        <li key={step.stepId} className="rd-admin-steps__item">
          <StepConfigForm workspaceId={workspaceId} config={step} {...events} />
        </li>
      ))}
    </ul>
  );
}
