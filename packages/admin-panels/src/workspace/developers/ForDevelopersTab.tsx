/**
 * The workspace's "for-developers" tab: the workspace's pipeline and its steps by stage
 * (SdWorkspace PipelineWithSteps), each step's queue redirect (Get/PutStepRedirected, permission
 * Workspace.RedirectQueues) and the hooks run after the recognizer (AvailableHooks for
 * FormRecognizerHook 70, RecognizerHooks, permission Workspace.ManageHooks). A server that does
 * not offer the redirect or hook calls yet (501) gets a plain "not available" in that part only.
 */
import type { Schema } from '@reviewdesk/api-client';
import { isApiError } from '@reviewdesk/api-client';
import { Checkbox, ErrorState, LoadingState, useApiClient, useCan, useServerMessages } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { QueryStates } from '../../shared/QueryStates';
import { ReadOnlyNote, SaveBar } from '../../shared/SaveBar';
import { useSaveReporter } from '../../shared/useSaveReporter';
import { StepRedirect } from './StepRedirect';

export interface ForDevelopersTabProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
}

type Pipeline = Schema<'PipelineWithSteps'>;
const STAGES = ['preProcessingSteps', 'recognizerStep', 'postProcessingSteps', 'integrationSteps'] as const;

const stepsOf = (pipeline: Pipeline, stage: (typeof STAGES)[number]): Schema<'PipelineStep'>[] => {
  const value = pipeline[stage];
  return Array.isArray(value) ? value : value ? [value] : [];
};

export function ForDevelopersTab({ workspaceId, ...events }: ForDevelopersTabProps) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const pipeline = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/PipelineWithSteps', { params: { query: { workspaceId } } }),
  );
  // One probe tells whether the server offers redirects at all, so the steps do not each say it.
  const redirectsOffered = useQuery({
    ...api.queryOptions('get', '/api/v{version}/SdWorkspace/PipelineHasRedirects', {
      params: { query: { pipelineId: pipeline.data?.pipelineId ?? '' } },
    }),
    enabled: Boolean(pipeline.data?.pipelineId),
  });
  const redirectsMissing = isApiError(redirectsOffered.error) && redirectsOffered.error.status === 501;
  return (
    <div className="rd-admin__stack rd-admin__form--wide" data-testid="workspace.developers">
      <QueryStates query={pipeline}>
        {(data) => (
          <section aria-labelledby="rd-admin-dev-pipeline" className="rd-admin__stack">
            <h3 id="rd-admin-dev-pipeline" className="rd-admin__subtitle">
              {t('workspace.developers.pipeline')}
            </h3>
            <dl className="rd-admin__facts">
              <dt>{t('workspace.developers.pipelineId')}</dt>
              <dd>
                <code>{data.pipelineId}</code>
              </dd>
              {redirectsOffered.data === true ? (
                <>
                  <dt>{t('workspace.developers.redirects')}</dt>
                  <dd data-testid="workspace.developers.hasRedirects">{t('workspace.developers.hasRedirects')}</dd>
                </>
              ) : null}
            </dl>
            {redirectsMissing ? (
              <p className="rd-admin__note" role="note" data-testid="workspace.developers.redirectsNotAvailable">
                {t('workspace.developers.redirectsNotAvailable')}
              </p>
            ) : null}
            {STAGES.map((stage) => {
              const steps = stepsOf(data, stage);
              return (
                <fieldset key={stage} className="rd-admin__group">
                  <legend className="rd-admin__legend">{t(`workspace.developers.stages.${stage}`)}</legend>
                  {steps.length === 0 ? <p className="rd-admin__muted">{t('workspace.developers.noSteps')}</p> : null}
                  <ol className="rd-admin-steps" data-testid={`workspace.developers.${stage}`}>
                    {steps.map((step) => (
                      <li key={step.stepId} className="rd-admin-steps__item">
                        <div className="rd-admin-steps__head">
                          <h4 className="rd-admin-steps__title">{step.displayName}</h4>
                          <code className="rd-admin__muted">{step.stepId}</code>
                          {step.isPlaceholder ? (
                            <span className="rd-admin__chip rd-admin__chip--off">
                              {t('workspace.developers.placeholder')}
                            </span>
                          ) : null}
                        </div>
                        {step.description ? <p className="rd-admin__muted">{step.description}</p> : null}
                        {redirectsMissing || !redirectsOffered.isSuccess ? null : (
                          <StepRedirect
                            pipelineId={data.pipelineId}
                            stepId={step.stepId}
                            workspaceId={workspaceId}
                            {...events}
                          />
                        )}
                      </li>
                    ))}
                  </ol>
                </fieldset>
              );
            })}
          </section>
        )}
      </QueryStates>
      <section aria-labelledby="rd-admin-dev-hooks" className="rd-admin__stack">
        <h3 id="rd-admin-dev-hooks" className="rd-admin__subtitle">
          {t('workspace.developers.hooks')}
        </h3>
        <RecognizerHooks workspaceId={workspaceId} {...events} />
      </section>
    </div>
  );
}

function RecognizerHooks({ workspaceId, ...events }: ForDevelopersTabProps) {
  const { t } = useAdminPanelsTranslation();
  const { errorMessage } = useServerMessages();
  const api = useApiClient();
  const available = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/AvailableHooks', {
      params: { query: { hookServiceType: 70 } },
    }),
  );
  const configuration = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/Configuration', { params: { query: { workspaceId } } }),
  );
  if (available.isPending || configuration.isPending) return <LoadingState />;
  const failed = available.error ?? configuration.error;
  if (failed) {
    if (isApiError(failed) && failed.status === 501)
      return (
        <p className="rd-admin__note" role="note" data-testid="workspace.developers.hooksNotAvailable">
          {t('common.notAvailable')}
        </p>
      );
    return (
      <ErrorState
        description={errorMessage(failed).message}
        onRetry={() => {
          void available.refetch();
          void configuration.refetch();
        }}
      />
    );
  }
  return (
    <HooksForm
      key={`${available.dataUpdatedAt}-${configuration.dataUpdatedAt}`}
      workspaceId={workspaceId}
      names={available.data?.hookServiceNames ?? []}
      saved={configuration.data?.recognizerHooks ?? []}
      {...events}
    />
  );
}

function HooksForm({
  workspaceId,
  names,
  saved,
  ...events
}: ForDevelopersTabProps & { names: string[]; saved: string[] }) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const editable = can('Workspace.ManageHooks');
  const [chosen, setChosen] = useState(saved);
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty = chosen.join() !== saved.join();
  // A hook still configured but no longer offered stays listed, so it can be taken off.
  const all = [...names, ...saved.filter((n) => !names.includes(n))];

  const save = useMutation({
    mutationFn: async (recognizerHooks: string[]) => {
      await api.PATCH('/api/v{version}/SdWorkspace/RecognizerHooks/{workspaceId}', {
        params: { path: { workspaceId } },
        body: { recognizerHooks },
      });
    },
    onSuccess: () => {
      setServerError(null);
      void queryClient.invalidateQueries({
        predicate: (q) => /SdWorkspace\/Configuration/.test(String(q.queryKey[1])),
      });
      report.saved({ screen: 'workspace', tab: 'for-developers', workspaceId });
    },
    onError: (error: Error) => setServerError(report.failed(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty) save.mutate(chosen);
  };
  return (
    <form className="rd-admin__form" onSubmit={submit} noValidate data-testid="workspace.developers.hooksForm">
      <ReadOnlyNote editable={editable} />
      <p className="rd-admin__muted">{t('workspace.developers.hooksHint')}</p>
      {all.length === 0 ? <p className="rd-admin__muted">{t('workspace.developers.noHooks')}</p> : null}
      <fieldset className="rd-admin__fieldset" disabled={!editable || save.isPending}>
        {all.map((name) => (
          <Checkbox
            key={name}
            label={name}
            checked={chosen.includes(name)}
            // Hooks run in the order they were chosen.
            onChange={(e) => setChosen(e.target.checked ? [...chosen, name] : chosen.filter((n) => n !== name))}
            data-testid={`workspace.developers.hook.${name}`}
          />
        ))}
      </fieldset>
      <SaveBar
        editable={editable}
        dirty={dirty}
        pending={save.isPending}
        error={serverError}
        onReset={() => setChosen(saved)}
        testId="workspace.developers.hooks"
      />
    </form>
  );
}
