// Queue redirects of pipeline steps (SdWorkspace/StepRedirected, PipelineHasRedirects). Workers
// take a stage's tasks from the default queue; a developer may redirect a step to one of the
// server's additional queues (ADDITIONAL_QUEUES), and from then on the tasks of that workspace
// waiting for the stage running the step are claimed only by workers reading that queue
// (WORKER_QUEUES; see pipeline/worker/claim.ts). A pipeline is found by its id among the
// workspaces the caller reaches, so another tenant's pipeline is simply not found (404).
import type { ServerConfig } from '../../config.js';
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { Schema } from '../../contract/types.js';
import type { Db } from '../../db/database.js';
import { QueueRedirectsScope } from '../../db/repositories/queue-redirects.js';
import type { WorkspaceRow } from '../../db/schema.js';
import { invalid, notFound } from '../errors.js';
import type { Session } from '../session.js';
import { TASK_STATUS } from '../tasks/flags.js';
import { accessibleWorkspaces } from './access.js';
import { pipelineIdOf, pipelineOf } from './pipelines.js';

/** The status a task waits in for the stage that runs a step, from the step's kind. */
export function queuedStatusOf(stepId: string): number {
  if (stepId.startsWith('preprocess.')) return TASK_STATUS.QueuedForPreProcessing;
  if (stepId.startsWith('recognizer.')) return TASK_STATUS.QueuedForRecognizing;
  if (stepId.startsWith('postprocess.')) return TASK_STATUS.QueuedForPostProcessing;
  return TASK_STATUS.QueuedForExport;
}

const redirects = (db: Db, session: Session) => new QueueRedirectsScope(db, session.membership.tenant_id);

/** The workspace whose pipeline this is, among those the caller reaches; 404 otherwise. */
async function workspaceOfPipeline(db: Db, session: Session, pipelineId: string): Promise<WorkspaceRow> {
  const wanted = pipelineId.toLowerCase();
  const row = (await accessibleWorkspaces(db, session)).find((w) => pipelineIdOf(w.id) === wanted);
  if (!row) throw notFound('No such pipeline.');
  return row;
}

function checkStep(row: WorkspaceRow, stepId: string): void {
  const p = pipelineOf(row);
  const steps = [
    ...p.preProcessingStepIds,
    ...(p.recognizerStepId ? [p.recognizerStepId] : []),
    ...p.postProcessingStepIds,
    ...p.integrationStepIds,
  ];
  if (!steps.includes(stepId)) throw notFound(`The pipeline has no step ${stepId}.`);
}

/** GET StepRedirected. */
export async function getStepRedirect(
  db: Db,
  config: ServerConfig,
  session: Session,
  pipelineId: string,
  stepId: string,
): Promise<Schema<'StepQueueSetting'>> {
  const row = await workspaceOfPipeline(db, session, pipelineId);
  checkStep(row, stepId);
  const redirect = await redirects(db, session).find(row.id, stepId);
  return {
    stepId,
    enabled: redirect !== undefined,
    overrideQueueName: redirect?.queue_name ?? null,
    availableAdditionalQueueNames: config.additionalQueues,
  };
}

/** PUT StepRedirected: redirects the step, or sends it back to the default queue. */
export async function putStepRedirect(
  db: Db,
  config: ServerConfig,
  session: Session,
  body: Schema<'StepQueueSettingSave'>,
): Promise<Schema<'ResultOfStepRedirect'>> {
  const row = await workspaceOfPipeline(db, session, body.pipelineId);
  checkStep(row, body.stepId);
  const scope = redirects(db, session);
  const pipelineId = pipelineIdOf(row.id);
  if (!body.enabled) {
    await scope.remove(row.id, body.stepId);
    return {
      succeeded: true,
      errors: [],
      result: { pipelineId, stepId: body.stepId, enabled: false, queueName: null, effectiveQueueName: 'default' },
    };
  }
  const queueName = body.queueName ?? '';
  if (!config.additionalQueues.includes(queueName)) {
    throw invalid(
      config.additionalQueues.length === 0
        ? 'This server offers no additional queues (ADDITIONAL_QUEUES).'
        : `The queue '${queueName}' is not one of ${config.additionalQueues.join(', ')}.`,
      TaskErrorCode.IntegrationQueueError,
    );
  }
  await scope.put({
    workspaceId: row.id,
    pipelineId,
    stepId: body.stepId,
    queuedStatus: queuedStatusOf(body.stepId),
    queueName,
    userId: session.user.id,
  });
  return {
    succeeded: true,
    errors: [],
    result: { pipelineId, stepId: body.stepId, enabled: true, queueName, effectiveQueueName: queueName },
  };
}

/** GET PipelineHasRedirects. */
export async function pipelineHasRedirects(db: Db, session: Session, pipelineId: string): Promise<boolean> {
  const row = await workspaceOfPipeline(db, session, pipelineId);
  return redirects(db, session).anyInPipeline(pipelineIdOf(row.id));
}
