// How a model version moves through training (ModelTrainingStatus): forward only, from queued
// (30) through pre-processing (31, 33) and training (40, 41, 43) to Trained (50); pre-processing or
// training may fail (32, 42) while under way; a version that is not active may be deleted (20).
// Active (60) is reached by activation only. The training workers and the progress events of an
// external training farm (RenderFarmTemplateBuilderEvents) both go through `advanceTraining`, so
// the same rules hold wherever training runs; each change is an event of the model.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { Schema } from '../../contract/types.js';
import type { TemplatesRepository } from '../../db/repositories/templates.js';
import type { CustomModelRow } from '../../db/schema.js';
import { invalid } from '../errors.js';
import { actorOf } from '../tasks/callers.js';
import type { Actor } from '../tasks/events.js';
import { modelNotFound, openModel, type TemplateCaller, templatesOf } from './access.js';
import { MODEL_EVENT, modelStatusText, recordModelEvent, MODEL_STATUS as S } from './models.js';

const FORWARD: readonly number[] = [
  S.QueuedForPreProcessing,
  S.PreProcessingInProgress,
  S.PreProcessingSuccessful,
  S.QueuedForTraining,
  S.TrainingInProgress,
  S.TrainingSuccessful,
  S.Trained,
];
const FAILURES: Readonly<Record<number, readonly number[]>> = {
  [S.PreProcessingFailed]: [S.QueuedForPreProcessing, S.PreProcessingInProgress],
  [S.TrainingFailed]: [S.PreProcessingSuccessful, S.QueuedForTraining, S.TrainingInProgress, S.TrainingSuccessful],
};

/** Whether a version may move from one training status to another. */
export function canMove(from: number, to: number): boolean {
  if (to === S.Deleted) return from !== S.Active && from !== S.Deleted;
  const failedFrom = FAILURES[to];
  if (failedFrom) return failedFrom.includes(from);
  const a = FORWARD.indexOf(from);
  const b = FORWARD.indexOf(to);
  return a >= 0 && b > a;
}

export interface TrainingUpdate {
  trainingStatus: number;
  progress?: number;
  averageConfidence?: number | null;
  trainingDurationMinutes?: number | null;
  failureReason?: string | null;
  model?: Record<string, unknown> | null;
  /** Id of the event that carried the update, so a re-sent one is applied once. */
  externalId?: string | null;
}

/**
 * Moves a version to a new training status with what training measured; refuses a move the rules
 * do not allow (WorkspaceConfigError 10). Returns the row, unchanged when the event was seen before.
 */
export async function advanceTraining(
  repo: TemplatesRepository,
  actor: Actor,
  model: CustomModelRow,
  update: TrainingUpdate,
): Promise<CustomModelRow> {
  if (update.externalId && (await repo.hasModelEvent(model.id, update.externalId))) return model;
  const from = model.training_status;
  const to = update.trainingStatus;
  if (from !== to && !canMove(from, to)) {
    throw invalid(
      `Version ${model.version_number} of '${model.model_name}' cannot move from ${modelStatusText(from)} (${from}) to ${modelStatusText(to)} (${to}).`,
      TaskErrorCode.WorkspaceConfigError,
    );
  }
  const finished = to === S.Trained || to === S.TrainingSuccessful;
  const failed = to === S.PreProcessingFailed || to === S.TrainingFailed;
  const reason = failed ? (update.failureReason ?? 'Training failed without a reason.') : undefined;
  const parts = [
    `${modelStatusText(from)} (${from}) to ${modelStatusText(to)} (${to})`,
    update.progress === undefined ? null : `${update.progress}% done`,
    update.averageConfidence == null ? null : `held-out accuracy ${(update.averageConfidence * 100).toFixed(1)}%`,
    update.trainingDurationMinutes == null ? null : `${update.trainingDurationMinutes.toFixed(2)} min`,
    reason ? `reason: ${reason}` : null,
  ].filter(Boolean);
  const fresh = await recordModelEvent(
    repo,
    actor,
    model.id,
    MODEL_EVENT.StatusChanged,
    `Training of version ${model.version_number} by ${actor.label}: ${parts.join(', ')}.`,
    {
      from,
      to,
      fromText: modelStatusText(from),
      toText: modelStatusText(to),
      ...(update.progress === undefined ? {} : { progress: update.progress }),
      ...(update.averageConfidence == null ? {} : { averageConfidence: update.averageConfidence }),
      ...(update.trainingDurationMinutes == null ? {} : { trainingDurationMinutes: update.trainingDurationMinutes }),
      ...(reason ? { failureReason: reason } : {}),
    },
    update.externalId ?? null,
  );
  if (!fresh) return model;
  const row = await repo.updateModel(model.id, {
    trainingStatus: to,
    ...(update.progress === undefined ? (finished ? { progress: 100 } : {}) : { progress: update.progress }),
    ...(update.averageConfidence === undefined ? {} : { averageConfidence: update.averageConfidence }),
    ...(update.trainingDurationMinutes === undefined
      ? {}
      : { trainingDurationMinutes: update.trainingDurationMinutes }),
    ...(reason === undefined ? {} : { failureReason: reason }),
    ...(update.model === undefined ? {} : { model: update.model }),
  });
  return row ?? model;
}

type RenderFarmEvent = Schema<'TemplateBuilderRenderFarmEvent'>;

/**
 * RenderFarmTemplateBuilderEvents: applies the progress events of an external training farm, all or
 * none (one transaction). Every model must be one the caller reaches (else 404).
 */
export async function applyTrainingEvents(caller: TemplateCaller, events: RenderFarmEvent[]): Promise<void> {
  for (const event of events) await openModel(caller, event.data.modelId);
  const actor = { ...actorOf(caller.session), label: `the training farm (${caller.session.user.name})` };
  await templatesOf(caller).transaction(async (tx) => {
    for (const event of events) {
      const model = await tx.model(event.data.modelId);
      if (!model) throw modelNotFound();
      await advanceTraining(tx, actor, model, {
        trainingStatus: event.data.trainingStatus,
        ...(event.data.averageConfidence === undefined ? {} : { averageConfidence: event.data.averageConfidence }),
        ...(event.data.trainingDurationMinutes === undefined
          ? {}
          : { trainingDurationMinutes: event.data.trainingDurationMinutes }),
        ...(event.data.errorMessage ? { failureReason: event.data.errorMessage } : {}),
        externalId: event.id,
      });
    }
  });
}
