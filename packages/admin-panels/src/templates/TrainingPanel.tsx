/**
 * Training of one template: readiness per kind of training (ValidToTrain: enough tasks for a good
 * result, pages within the limit, how many are still unlabelled), Train (a worker job; the list is
 * read again while a version trains), and the model versions with their status 30–60, progress,
 * held-out accuracy, duration and failure reason, each trained one offered for activation
 * (UpsertWorkspaceTemplate).
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, useApiClient, useCan, useServerMessages } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminPanelsEventProps } from '../events';
import { useAdminPanelsTranslation } from '../i18n/resources';
import { QueryStates } from '../shared/QueryStates';
import { modelEventsQuery, modelsQuery, readinessQuery } from './queries';
import {
  anyTraining,
  type CustomModel,
  canActivate,
  conditionOf,
  mayTrain,
  phaseOf,
  TASKS_FOR_GOOD_TRAINING,
  type TrainingKind,
  trainingKindsOf,
  trainingReport,
} from './templateModels';

/** The spec's polling of the list while a version trains (api-spec: every 30 s). */
export const TRAINING_POLL_MS = 30_000;

export interface TrainingPanelProps extends Pick<AdminPanelsEventProps, 'onError'> {
  template: Schema<'WorkspaceMembership'>;
  pollIntervalMs?: number;
}

export function TrainingPanel({ template, pollIntervalMs = TRAINING_POLL_MS, onError }: TrainingPanelProps) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const { errorMessage } = useServerMessages();
  const workspaceId = template.workspaceId;
  const readiness = useQuery({ ...readinessQuery(api, workspaceId), enabled: can('Templates.CustomModelActions') });
  const models = useQuery({
    ...modelsQuery(api, workspaceId),
    enabled: can('Templates.ModelsList'),
    refetchInterval: (query) => (query.state.data && anyTraining(query.state.data.items) ? pollIntervalMs : false),
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: modelsQuery(api, workspaceId).queryKey });
    void queryClient.invalidateQueries({ queryKey: readinessQuery(api, workspaceId).queryKey });
  };
  const outcome = {
    onSuccess: (data: Schema<'ResultOfCustomModel'> | undefined) => {
      setRefusal(data && !data.succeeded ? (data.errors?.[0]?.message ?? t('templates.training.refused')) : null);
      refresh();
    },
    onError: (error: Error) => {
      setRefusal(errorMessage(error).message);
      onError?.(error);
    },
  };
  const train = useMutation({
    mutationFn: async (templateType: TrainingKind) =>
      (
        await api.POST('/api/v{version}/TemplateBuilder/train', {
          params: { query: { workspaceId, templateType } },
        })
      ).data,
    ...outcome,
  });
  const activate = useMutation({
    mutationFn: async (modelId: string) =>
      (
        await api.PUT('/api/v{version}/TemplateBuilder/UpsertWorkspaceTemplate/{customTemplateId}', {
          params: { path: { customTemplateId: modelId } },
        })
      ).data,
    ...outcome,
  });
  const busy = models.data ? anyTraining(models.data.items) : false;

  return (
    <div className="rd-templates__training" data-testid={`templates.training.${workspaceId}`}>
      {can('Templates.CustomModelActions') ? (
        <QueryStates query={readiness}>
          {(ready) => (
            <div className="rd-templates__readiness" data-testid="templates.readiness">
              <p>{t('templates.readiness.unclassified', { count: ready.unclassifiedTaskCount })}</p>
              {trainingKindsOf(template.templateType).map((kind) => {
                const condition = conditionOf(ready, kind);
                return (
                  <div key={kind} className="rd-templates__kind" data-testid={`templates.readiness.${kind}`}>
                    <strong>{t(`templates.kinds.${kind}`)}</strong>
                    <ul>
                      <li data-ok={condition?.hasEnoughTasksForHighQualityTrain ? 'yes' : 'no'}>
                        {condition?.hasEnoughTasksForHighQualityTrain
                          ? t('templates.readiness.enoughTasks', { min: TASKS_FOR_GOOD_TRAINING })
                          : t('templates.readiness.fewTasks', { min: TASKS_FOR_GOOD_TRAINING })}
                      </li>
                      <li data-ok={condition?.hasValidNumberOfPagesForTrain ? 'yes' : 'no'}>
                        {condition?.hasValidNumberOfPagesForTrain
                          ? t('templates.readiness.pagesOk')
                          : t(`templates.readiness.pagesWrong${kind}`)}
                      </li>
                    </ul>
                    <Button
                      variant="primary"
                      disabled={!mayTrain(ready, kind) || busy}
                      loading={train.isPending && train.variables === kind}
                      onClick={() => train.mutate(kind)}
                      data-testid={`templates.train.${kind}`}
                    >
                      {t(`templates.training.train${kind}`)}
                    </Button>
                  </div>
                );
              })}
            </div>
          )}
        </QueryStates>
      ) : null}
      {refusal ? (
        <p className="rd-field__error" role="alert" data-testid="templates.training.refusal">
          {refusal}
        </p>
      ) : null}
      {can('Templates.ModelsList') ? (
        <QueryStates query={models}>
          {(page) =>
            page.items.length === 0 ? (
              <p className="rd-admin__note">{t('templates.training.noModels')}</p>
            ) : (
              <table className="rd-templates__models" data-testid="templates.models">
                <caption>{t('templates.training.versions')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('templates.training.versionColumn')}</th>
                    <th scope="col">{t('templates.training.statusColumn')}</th>
                    <th scope="col">{t('templates.training.accuracyColumn')}</th>
                    <th scope="col">{t('templates.training.durationColumn')}</th>
                    <th scope="col">{t('templates.training.createdColumn')}</th>
                    <th scope="col">
                      <span className="rd-visually-hidden">{t('templates.training.actionsColumn')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((model) => (
                    <ModelRow
                      key={model.id}
                      model={model}
                      activating={activate.isPending && activate.variables === model.id}
                      onActivate={can('Templates.ActivateModel') ? () => activate.mutate(model.id) : undefined}
                    />
                  ))}
                </tbody>
              </table>
            )
          }
        </QueryStates>
      ) : null}
    </div>
  );
}

/**
 * How long a version trained, in the reader's culture: seconds under a minute (a template model of
 * a few documents trains in one), minutes above.
 */
export function trainingTime(minutes: number, culture: string): string {
  const seconds = minutes * 60;
  const [value, unit] = seconds < 60 ? [seconds, 'second'] : [minutes, 'minute'];
  return new Intl.NumberFormat(culture, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

function ModelRow({
  model,
  activating,
  onActivate,
}: {
  model: CustomModel;
  activating: boolean;
  onActivate: (() => void) | undefined;
}) {
  const { t, culture } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const phase = phaseOf(model.trainingStatus);
  // Progress, failure reasons and a trained version's need of training again travel in the
  // version's events; read them while they matter, and again at each new status (the status is
  // part of the key).
  const eventsQuery = modelEventsQuery(api, model.id);
  const events = useQuery({
    ...eventsQuery,
    queryKey: [...eventsQuery.queryKey, model.trainingStatus] as unknown as typeof eventsQuery.queryKey,
    enabled: can('Templates.ListEvents') && phase !== 'deleted',
  });
  const report = trainingReport(model, events.data ?? []);
  const percent = new Intl.NumberFormat(culture, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <tr data-testid={`templates.model.${model.versionNumber}`} data-phase={phase}>
      <th scope="row">
        {t('templates.training.version', { n: model.versionNumber })}
        <span className="rd-templates__service"> {model.serviceName}</span>
      </th>
      <td>
        <span className={`rd-templates__status rd-templates__status--${phase}`}>
          {t(`templates.status.${model.trainingStatus}`)}
        </span>
        {phase === 'training' ? (
          <progress
            max={100}
            value={report.progress}
            aria-label={t('templates.training.progress', { name: model.modelName, n: model.versionNumber })}
          />
        ) : null}
        {report.failureReason ? (
          <span className="rd-field__error" data-testid="templates.model.failure">
            {' '}
            {t('templates.training.failedBecause', { reason: report.failureReason })}
          </span>
        ) : null}
        {report.needsRetraining ? (
          <span className="rd-field__error" data-testid="templates.model.needsRetraining">
            {' '}
            {t('templates.training.needsRetraining')}
          </span>
        ) : null}
      </td>
      <td>{model.averageConfidence == null ? '—' : percent.format(model.averageConfidence)}</td>
      <td>{model.trainingDurationMinutes == null ? '—' : trainingTime(model.trainingDurationMinutes, culture)}</td>
      <td>
        <time dateTime={model.createdOn}>
          {new Date(model.createdOn).toLocaleString(culture, { dateStyle: 'short', timeStyle: 'short' })}
        </time>
      </td>
      <td>
        {onActivate && canActivate(model) ? (
          <Button
            onClick={onActivate}
            loading={activating}
            aria-label={t('templates.training.activateVersion', { n: model.versionNumber })}
            data-testid={`templates.activate.${model.versionNumber}`}
          >
            {t('templates.training.activate')}
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
