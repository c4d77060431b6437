/**
 * Labelling of one template: how many of its tasks wait to be labelled (ToClassify and
 * ToClassifyWithNewFields), whether enough are labelled for a good result (§5: at least 5), and the
 * way to the task list where people label them (the host opens it: `onOpenLabelling`).
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, useApiClient, useCan } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { useAdminPanelsTranslation } from '../i18n/resources';
import { QueryStates } from '../shared/QueryStates';
import { readinessQuery } from './queries';
import { TASKS_FOR_GOOD_TRAINING, trainingKindsOf } from './templateModels';

export interface LabellingPanelProps {
  template: Schema<'WorkspaceMembership'>;
  onOpenLabelling?: ((event: { workspaceId: string }) => void) | undefined;
}

export function LabellingPanel({ template, onOpenLabelling }: LabellingPanelProps) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const readiness = useQuery({
    ...readinessQuery(api, template.workspaceId),
    enabled: can('Templates.CustomModelActions') || can('Templates.ModelsList'),
  });
  const [kind] = trainingKindsOf(template.templateType);
  return (
    <div className="rd-templates__labelling" data-testid={`templates.labelling.${template.workspaceId}`}>
      {readiness.fetchStatus === 'idle' && readiness.isPending ? null : (
        <QueryStates query={readiness}>
          {(ready) => {
            const enough = kind ? ready.conditions[String(kind)]?.hasEnoughTasksForHighQualityTrain : false;
            return (
              <p data-testid="templates.labelling.counts">
                {t('templates.readiness.unclassified', { count: ready.unclassifiedTaskCount })}{' '}
                {enough
                  ? t('templates.readiness.enoughTasks', { min: TASKS_FOR_GOOD_TRAINING })
                  : t('templates.readiness.fewTasks', { min: TASKS_FOR_GOOD_TRAINING })}
              </p>
            );
          }}
        </QueryStates>
      )}
      {onOpenLabelling ? (
        <Button
          variant="primary"
          onClick={() => onOpenLabelling({ workspaceId: template.workspaceId })}
          data-testid={`templates.label.${template.workspaceId}`}
        >
          {t('templates.labelling.open')}
        </Button>
      ) : null}
    </div>
  );
}
