/**
 * Which model reads the workspace's documents: its built-in recognizer or a custom model trained
 * on labelled documents (AvailableCustomModel, PatchCustomModel; permission
 * Workspace.UpdateCustomModel). Choosing a model adds the fields it reads to the workspace, so the
 * fields below are read again after a change. Shown for document workspaces only: training
 * workspaces train models, recordings have no fields to read.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, isMediaTaskType, Select, useApiClient, useCan } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { useSaveReporter } from '../../shared/useSaveReporter';

const STANDARD_WORKSPACE = 10;
/** The option of the built-in recognizer (PatchCustomModel with no model). */
const BUILT_IN = '';

export interface CustomModelSectionProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
}

export function CustomModelSection({ workspaceId, ...events }: CustomModelSectionProps) {
  const can = useCan();
  const api = useApiClient();
  const basicQuery = api.queryOptions('get', '/api/v{version}/SdWorkspace/basic/{id}', {
    params: { path: { id: workspaceId } },
  });
  const basic = useQuery({ ...basicQuery, enabled: can('Workspace.UpdateCustomModel') });
  const workspace = basic.data;
  if (!workspace || workspace.workspaceType !== STANDARD_WORKSPACE || isMediaTaskType(workspace.templateRowKey)) {
    return null;
  }
  return <CustomModelChoice key={workspace.customModelId ?? BUILT_IN} workspace={workspace} {...events} />;
}

function CustomModelChoice({
  workspace,
  ...events
}: { workspace: Schema<'Workspace'> } & Pick<AdminPanelsEventProps, 'onSaved' | 'onError'>) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const current = workspace.customModelId ?? BUILT_IN;
  const models = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/AvailableCustomModel', {
      params: { query: { currentModelId: current } },
    }),
  );
  const [chosen, setChosen] = useState(current);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async () => {
      const { data } = await api.PATCH('/api/v{version}/SdWorkspace/PatchCustomModel', {
        body: { workspaceId: workspace.id, customModelId: chosen || null },
      });
      return data;
    },
    onSuccess: (data) => {
      if (data && !data.succeeded) {
        setRefusal(data.errors?.[0]?.message ?? t('workspace.customModel.refused'));
        return;
      }
      setRefusal(null);
      // The model's fields join the workspace's: the fields list and the record are read again.
      void queryClient.invalidateQueries({
        queryKey: api.queryOptions('get', '/api/v{version}/SdWorkspace/Fields/{workspaceId}', {
          params: { path: { workspaceId: workspace.id } },
        }).queryKey,
      });
      void queryClient.invalidateQueries({
        queryKey: api.queryOptions('get', '/api/v{version}/SdWorkspace/basic/{id}', {
          params: { path: { id: workspace.id } },
        }).queryKey,
      });
      report.saved({ screen: 'workspace', tab: 'fields', workspaceId: workspace.id });
    },
    onError: (error: Error) => setRefusal(report.failed(error)),
  });
  const available = models.data ?? [];
  const options = [
    { value: BUILT_IN, label: t('workspace.customModel.builtIn') },
    ...available.map((model) => ({
      value: model.id,
      label: t('workspace.customModel.option', {
        name: model.modelName,
        version: model.versionNumber,
        confidence: Math.round((model.averageConfidence ?? 0) * 100),
      }),
    })),
  ];

  return (
    <section className="rd-admin__group" aria-labelledby="rd-custom-model-title" data-testid="workspace.customModel">
      <h3 id="rd-custom-model-title" className="rd-admin__subtitle">
        {t('workspace.customModel.title')}
      </h3>
      <p className="rd-admin__note">
        {models.isSuccess && available.length === 0
          ? t('workspace.customModel.noModels')
          : t('workspace.customModel.intro')}
      </p>
      <form
        className="rd-admin__stack"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Select
          label={t('workspace.customModel.label')}
          value={chosen}
          options={options}
          onChange={(event) => setChosen(event.target.value)}
          data-testid="workspace.customModel.choice"
        />
        <div className="rd-admin__actions rd-admin__actions--start">
          <Button
            type="submit"
            variant="primary"
            disabled={chosen === current}
            loading={save.isPending}
            data-testid="workspace.customModel.save"
          >
            {t('workspace.customModel.use')}
          </Button>
        </div>
      </form>
      {refusal ? (
        <p className="rd-field__error" role="alert" data-testid="workspace.customModel.refusal">
          {refusal}
        </p>
      ) : null}
    </section>
  );
}
