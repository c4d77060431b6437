// Whether a workspace's labelled tasks can train a model (validToTrain), and queueing a new model
// version (train). Product-spec §5: at least 5 tasks for a good result; at most 500 pages for
// template sets and 50,000 for neural sets. A version trains on the tasks Classified when it is
// queued (their ids are kept with it) and on the template's fields as they are then.
import { randomUUID } from 'node:crypto';
import { TaskErrorCode, TemplateType } from '../../contract/generated/enums.js';
import { checkLicence, creditsFor, LicenceRefusal } from '../licences/licences.js';
import { actorOf } from '../tasks/callers.js';
import { TASK_STATUS } from '../tasks/flags.js';
import { resolveConfiguration } from '../workspaces/configuration.js';
import { openTrainingWorkspace, type TemplateCaller, templatesOf } from './access.js';
import { LABELLING } from './labelling.js';
import { MODEL_EVENT, MODEL_STATUS, recordModelEvent, toCustomModel } from './models.js';
import { toTemplateField } from './template-fields.js';

/** The kinds of training and their limits. */
export const TRAINING_KINDS = {
  [TemplateType.TrainTemplate]: { name: 'template', maxPages: 500, serviceName: 'reviewdesk-template' },
  [TemplateType.TrainNeural]: { name: 'neural', maxPages: 50_000, serviceName: 'reviewdesk-neural' },
} as const;
export type TrainingKind = keyof typeof TRAINING_KINDS;
export const MIN_TASKS_FOR_GOOD_RESULT = 5;

const isTrainingKind = (value: number): value is TrainingKind => value in TRAINING_KINDS;

/** Versions that are neither finished nor failed: a new one of the same kind waits for them. */
const IN_TRAINING: readonly number[] = [
  MODEL_STATUS.QueuedForPreProcessing,
  MODEL_STATUS.PreProcessingInProgress,
  MODEL_STATUS.PreProcessingSuccessful,
  MODEL_STATUS.QueuedForTraining,
  MODEL_STATUS.TrainingInProgress,
];

/** The conditions of one kind of training for a set of classified tasks. */
export function trainingCondition(kind: TrainingKind, classifiedTasks: number, classifiedPages: number) {
  return {
    hasEnoughTasksForHighQualityTrain: classifiedTasks >= MIN_TASKS_FOR_GOOD_RESULT,
    hasValidNumberOfPagesForTrain: classifiedPages > 0 && classifiedPages <= TRAINING_KINDS[kind].maxPages,
  };
}

export async function trainingReadiness(caller: TemplateCaller, workspaceId: string) {
  const workspace = await openTrainingWorkspace(caller, workspaceId);
  const counts = await templatesOf(caller).labellingCounts(workspace.id);
  const classified = counts.find((c) => c.status === LABELLING.Classified) ?? { tasks: 0, pages: 0 };
  const unclassified = counts
    .filter((c) => c.status === LABELLING.ToClassify || c.status === LABELLING.ToClassifyWithNewFields)
    .reduce((sum, c) => sum + c.tasks, 0);
  return {
    conditions: Object.fromEntries(
      Object.keys(TRAINING_KINDS).map((kind) => [
        kind,
        trainingCondition(Number(kind) as TrainingKind, classified.tasks, classified.pages),
      ]),
    ),
    unclassifiedTaskCount: unclassified,
  };
}

const refusal = (code: number, message: string) => ({ succeeded: false, errors: [{ code, message }] });

/** train: queues a new version of the workspace's model of this kind (QueuedForPreProcessing 30). */
export async function queueTraining(caller: TemplateCaller, workspaceId: string, templateType: number) {
  const workspace = await openTrainingWorkspace(caller, workspaceId);
  if (!isTrainingKind(templateType)) {
    return refusal(
      TaskErrorCode.WorkspaceConfigError,
      `A model is trained as TrainTemplate (30) or TrainNeural (50), not ${templateType}.`,
    );
  }
  const kind = TRAINING_KINDS[templateType];
  const repo = templatesOf(caller);
  const actor = actorOf(caller.session);
  // Reads and checks first: the licence check reads on its own connection, which an embedded
  // database would make wait for this transaction.
  const fields = (await repo.fields(workspace.id)).map(toTemplateField);
  if (fields.length === 0) {
    return refusal(
      TaskErrorCode.WorkspaceConfigError,
      'The template has no fields yet; add the fields to label first.',
    );
  }
  const tasks = (await repo.classifiedTasks(workspace.id, LABELLING.Classified)).filter((t) => t.total_pages > 0);
  const pages = tasks.reduce((sum, t) => sum + t.total_pages, 0);
  if (tasks.length === 0) {
    return refusal(
      TaskErrorCode.WorkspaceConfigError,
      'No task is labelled yet; label tasks (finish their review) first.',
    );
  }
  if (pages > kind.maxPages) {
    return refusal(
      TaskErrorCode.WorkspaceConfigError,
      `The labelled tasks have ${pages} pages; ${kind.name} training takes at most ${kind.maxPages}.`,
    );
  }
  const config = resolveConfiguration(workspace);
  try {
    await checkLicence(
      caller.db,
      workspace.tenant_id,
      creditsFor(pages, 'page', config.creditsTrainingMultiplierPerUnit),
    );
  } catch (error) {
    if (!(error instanceof LicenceRefusal)) throw error;
    const code =
      error.status === TASK_STATUS.PreProcessingLicenseExpired
        ? TaskErrorCode.LicenseDataExpirationError
        : TaskErrorCode.LicenseVolumeError;
    return refusal(code, error.message);
  }
  return repo.transaction(async (tx) => {
    const busy = (await Promise.all(IN_TRAINING.map((s) => tx.modelsInStatus(workspace.id, s))))
      .flat()
      .find((m) => m.template_type === templateType);
    if (busy) {
      return refusal(
        TaskErrorCode.WorkspaceConfigError,
        `Version ${busy.version_number} of this model is still training; wait until it has finished.`,
      );
    }
    const versionNumber = await tx.nextVersion(workspace.id, templateType);
    const row = await tx.insertModel({
      id: randomUUID(),
      workspaceId: workspace.id,
      modelName: workspace.display_name,
      templateType,
      versionNumber,
      trainingStatus: MODEL_STATUS.QueuedForPreProcessing,
      serviceName: kind.serviceName,
      taskIds: tasks.map((t) => t.id),
      pageCount: pages,
      fields: fields as unknown as Array<Record<string, unknown>>,
      createdBy: actor.userId,
    });
    await recordModelEvent(
      tx,
      actor,
      row.id,
      MODEL_EVENT.Queued,
      `Version ${versionNumber} (${kind.name} training) queued by ${actor.label} with ${tasks.length} labelled task(s), ${pages} page(s) and ${fields.length} field(s).`,
      { templateType, taskCount: tasks.length, pageCount: pages, fieldCount: fields.length, to: row.training_status },
    );
    return { succeeded: true, errors: [], result: toCustomModel(row) };
  });
}
