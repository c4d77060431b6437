/**
 * The rules of the template lists apart from the screens (product-spec §3, §4, §5): the three kinds
 * of template work, the training kinds a labelling-and-training workspace offers, where a model
 * version stands in its training (statuses 30–60) and what its events say of progress and failure.
 */
import type { Schema } from '@reviewdesk/api-client';

export type CustomModel = Schema<'CustomModel'>;
export type AuditEvent = Schema<'AuditEvent'>;
export type TrainingReadiness = Schema<'TrainingReadiness'>;

/** One of the three template lists of product-spec §2 (/templates/configure, /labelling, /training). */
export type TemplateListKind = 'configure' | 'labelling' | 'training';

/** The three template lists, in the side menu's order. */
export const TEMPLATE_LIST_KINDS: readonly TemplateListKind[] = ['configure', 'labelling', 'training'];

export const isTemplateListKind = (value: unknown): value is TemplateListKind =>
  TEMPLATE_LIST_KINDS.includes(value as TemplateListKind);

/** Labelling-and-training workspaces (WorkspaceType 20) hold the templates. */
export const LABELLING_AND_TRAINING = 20;

/** Template types a model is trained as (§4): TrainTemplate 30, TrainNeural 50. */
export const TRAINING_KINDS = [30, 50] as const;
export type TrainingKind = (typeof TRAINING_KINDS)[number];

/** Product-spec §5: at least this many labelled tasks for a good result. */
export const TASKS_FOR_GOOD_TRAINING = 5;

/**
 * The training kinds a workspace offers: its own kind when it was made for one (template type 30 or
 * 50), both when it is a plain labelling workspace (template type 20 or another).
 */
export function trainingKindsOf(templateType: number): TrainingKind[] {
  return TRAINING_KINDS.includes(templateType as TrainingKind) ? [templateType as TrainingKind] : [...TRAINING_KINDS];
}

/** Status values (ModelTrainingStatus) by name. */
export const MODEL_STATUS = {
  Deleted: 20,
  QueuedForPreProcessing: 30,
  PreProcessingInProgress: 31,
  PreProcessingFailed: 32,
  PreProcessingSuccessful: 33,
  QueuedForTraining: 40,
  TrainingInProgress: 41,
  TrainingFailed: 42,
  TrainingSuccessful: 43,
  Trained: 50,
  Active: 60,
} as const;

/** The way forward, in order: a version's place on it is its progress when no event says more. */
const FORWARD: readonly number[] = [30, 31, 33, 40, 41, 43, 50];

export type ModelPhase = 'training' | 'failed' | 'trained' | 'active' | 'deleted';

export function phaseOf(status: number): ModelPhase {
  if (status === MODEL_STATUS.Active) return 'active';
  // TrainingSuccessful (43) is not final yet: the trainer stores the model and moves on to Trained.
  if (status === MODEL_STATUS.Trained) return 'trained';
  if (status === MODEL_STATUS.PreProcessingFailed || status === MODEL_STATUS.TrainingFailed) return 'failed';
  if (status === MODEL_STATUS.Deleted) return 'deleted';
  return 'training';
}

/** Whether a version may be activated (UpsertWorkspaceTemplate takes trained versions only). */
export const canActivate = (model: CustomModel) => phaseOf(model.trainingStatus) === 'trained';

/** Whether any version is still on its way: the list is then polled until it is not. */
export const anyTraining = (models: readonly CustomModel[]) =>
  models.some((m) => phaseOf(m.trainingStatus) === 'training');

/** What the events of a version say of its training: the last progress and the failure reason. */
export interface TrainingReport {
  /** 0–100. */
  progress: number;
  failureReason: string | null;
  /**
   * A trained version the server no longer reads (learned in an older model format): it reads no
   * fields until a new version is trained. The recognizer says so in the version's events.
   */
  needsRetraining: boolean;
}

function payloadOf(event: AuditEvent): Record<string, unknown> {
  try {
    const parsed = event.payload ? JSON.parse(event.payload) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The progress of a version: the last progress its events report, else its place on the way
 * forward; a finished version is at 100, a failed one keeps where it stopped and says why.
 */
export function trainingReport(model: CustomModel, events: readonly AuditEvent[] = []): TrainingReport {
  let progress: number | null = null;
  let failureReason: string | null = null;
  let outdated = false;
  for (const event of events) {
    const payload = payloadOf(event);
    if (typeof payload.progress === 'number') progress = payload.progress;
    if (typeof payload.failureReason === 'string') failureReason = payload.failureReason;
    if (payload.needsRetraining === true) outdated = true;
  }
  const phase = phaseOf(model.trainingStatus);
  if (phase === 'trained' || phase === 'active')
    return { progress: 100, failureReason: null, needsRetraining: outdated };
  const step = FORWARD.indexOf(model.trainingStatus);
  const byStatus = step < 0 ? 0 : Math.round((step / (FORWARD.length - 1)) * 100);
  return {
    progress: Math.max(0, Math.min(100, progress ?? byStatus)),
    failureReason: phase === 'failed' ? failureReason : null,
    needsRetraining: false,
  };
}

/** The condition of readiness of one training kind, or none when the server did not send it. */
export function conditionOf(readiness: TrainingReadiness, kind: TrainingKind) {
  return readiness.conditions[String(kind)] ?? null;
}

/** Whether Train may be pressed: some labelled tasks and a page count within the kind's limit. */
export function mayTrain(readiness: TrainingReadiness, kind: TrainingKind): boolean {
  return conditionOf(readiness, kind)?.hasValidNumberOfPagesForTrain === true;
}
