/**
 * The queue redirect of one pipeline step: whether the step reads from one of its additional queues
 * instead of its default one (Get/PutStepRedirected). A queue must be chosen to turn it on (the
 * server's IntegrationQueueError 11 otherwise). Without Workspace.RedirectQueues it shows read-only.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Select, Switch, useApiClient, useCan } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { SaveBar } from '../../shared/SaveBar';
import { useSaveReporter } from '../../shared/useSaveReporter';

export interface StepRedirectProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
  pipelineId: string;
  stepId: string;
}

export function StepRedirect(props: StepRedirectProps) {
  const api = useApiClient();
  const setting = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/StepRedirected', {
      params: { query: { pipelineId: props.pipelineId, stepId: props.stepId } },
    }),
  );
  // A step with no additional queues cannot be redirected: nothing to show.
  if (!setting.data || setting.data.availableAdditionalQueueNames.length === 0) return null;
  return <RedirectForm key={setting.dataUpdatedAt} saved={setting.data} {...props} />;
}

function RedirectForm({
  saved,
  workspaceId,
  pipelineId,
  stepId,
  ...events
}: StepRedirectProps & { saved: Schema<'StepQueueSetting'> }) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const editable = can('Workspace.RedirectQueues');
  const [enabled, setEnabled] = useState(saved.enabled);
  const [queue, setQueue] = useState(saved.overrideQueueName ?? '');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty = enabled !== saved.enabled || queue !== (saved.overrideQueueName ?? '');
  const missingQueue = enabled && !queue;

  const save = useMutation({
    mutationFn: async () => {
      const { data } = await api.PUT('/api/v{version}/SdWorkspace/StepRedirected', {
        body: { pipelineId, stepId, enabled, queueName: enabled ? queue : null },
      });
      return data?.result;
    },
    onSuccess: () => {
      setServerError(null);
      void queryClient.invalidateQueries({
        predicate: (q) => /StepRedirected|PipelineHasRedirects/.test(String(q.queryKey[1])),
      });
      report.saved({ screen: 'workspace', tab: 'for-developers', workspaceId });
    },
    onError: (error: Error) => setServerError(report.failed(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (dirty && !missingQueue) save.mutate();
  };
  return (
    <form
      className="rd-admin__form"
      onSubmit={submit}
      noValidate
      data-testid={`workspace.developers.redirect.${stepId}`}
    >
      <fieldset className="rd-admin__fieldset" disabled={!editable || save.isPending}>
        <Switch
          label={t('workspace.developers.redirect')}
          hint={t('workspace.developers.redirectHint')}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          data-testid={`workspace.developers.redirect.${stepId}.enabled`}
        />
        {enabled ? (
          <Select
            label={t('workspace.developers.queue')}
            value={queue}
            placeholder={t('workspace.developers.chooseQueue')}
            options={saved.availableAdditionalQueueNames.map((name) => ({ value: name, label: name }))}
            onChange={(e) => setQueue(e.target.value)}
            error={touched && missingQueue ? t('workspace.developers.queueRequired') : null}
            data-testid={`workspace.developers.redirect.${stepId}.queue`}
          />
        ) : null}
      </fieldset>
      <SaveBar
        editable={editable}
        dirty={dirty}
        pending={save.isPending}
        error={serverError}
        onReset={() => {
          setEnabled(saved.enabled);
          setQueue(saved.overrideQueueName ?? '');
        }}
        testId={`workspace.developers.redirect.${stepId}`}
      />
    </form>
  );
}
