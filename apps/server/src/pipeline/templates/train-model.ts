// Training a custom model version as a worker job: claim the next queued version (any tenant, either
// kind), pre-process its labelled tasks into documents of words and labelled values (31 → 33), learn
// the model — a template of one layout (TrainTemplate) or the neural word classifier (TrainNeural),
// whose progress is recorded as it goes — and measure its held-out accuracy (40 → 41 → 43), and
// store it as Trained (50) with the accuracy as its average confidence and the time it took. A version that cannot be trained fails
// with the reason a person can act on (32 in pre-processing, 42 in training). Every step is an event
// of the model and goes through the domain's training rules (advanceTraining).

import { FieldTypeCode, TemplateType } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { ModelQueue } from '../../db/repositories/model-queue.js';
import type { TemplatesRepository } from '../../db/repositories/templates.js';
import type { CustomModelRow } from '../../db/schema.js';
import { storedWordEdges } from '../../domain/results/stored-ocr.js';
import type { Actor } from '../../domain/tasks/events.js';
import { MODEL_EVENT, recordModelEvent, MODEL_STATUS as S } from '../../domain/templates/models.js';
import { advanceTraining } from '../../domain/templates/training-status.js';
import { startJobLoop } from '../worker/job-loop.js';
import { trainNeural } from './neural-model.js';
import { learnTables } from './table-model.js';
import {
  type Box,
  type Evaluation,
  evaluateTemplate,
  type LabelledTable,
  learnTemplate,
  type TrainingDocument,
  type Word,
} from './template-model.js';
import { type TrainingPageRow, trainingPageWindows } from './training-pages.js';

/**
 * A version left in progress this long lost its trainer (template training takes 1–5 minutes; neural
 * training records its progress at least every few minutes, which keeps its version fresh).
 */
export const STALE_TRAINING_MS = 30 * 60_000;

/** Why a version cannot be trained: the status it fails with and the reason. */
export class TrainingFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'TrainingFailure';
  }
}

interface StoredBox {
  left?: number | null;
  top?: number | null;
  right?: number | null;
  bottom?: number | null;
  x?: number | null;
  y?: number | null;
  width?: number | null;
  height?: number | null;
}
interface StoredKeyValue {
  pageNumber?: number;
  content?: string | null;
  boundingBox?: StoredBox | null;
}
interface StoredTable {
  tableHeaders?: Array<{ uniqueId?: string }>;
  tableRows?: Record<string, Array<{ columnIndex?: number; headerId?: string | null; content?: string | null }>>;
  boundsAndPoints?: { pageNumber?: number; boundingBox?: StoredBox | null } | null;
}
interface StoredEntity {
  pageNumber?: number;
  keyValues?: StoredKeyValue[];
  table?: StoredTable | null;
  templateBuilderField?: { fieldUniqueId?: string; keyValues?: StoredKeyValue[]; table?: StoredTable | null } | null;
}

/** The fields a version learns: values by field id, DynamicTable fields with their column keys. */
export interface LearnableFields {
  values: ReadonlySet<string>;
  tables: ReadonlyMap<string, { columns: string[]; keyColumn: string | null }>;
}

/** A labelled DynamicTable value as its cells' texts row by row, columns in the field's order. */
function labelledTable(fieldId: string, columns: string[], table: StoredTable, page: number): LabelledTable | null {
  const headers = (table.tableHeaders ?? []).map((h) => h.uniqueId ?? '');
  const rows = Object.entries(table.tableRows ?? {})
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, cells]) => {
      const row = columns.map(() => '');
      for (const cell of cells) {
        const key = cell.headerId ?? headers[cell.columnIndex ?? -1];
        const c = key === undefined ? -1 : columns.indexOf(key);
        if (c >= 0 && cell.content) row[c] = cell.content;
      }
      return row;
    })
    .filter((row) => row.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) return null;
  return {
    fieldId,
    columns,
    rows,
    page: table.boundsAndPoints?.pageNumber ?? page,
    bounds: boxOf(table.boundsAndPoints?.boundingBox),
  };
}

/** A box with its four edges, from either form the contract allows (edges, or x/y and size). */
export function boxOf(stored: StoredBox | null | undefined): Box | null {
  if (!stored) return null;
  const left = stored.left ?? stored.x;
  const top = stored.top ?? stored.y;
  const right = stored.right ?? (left != null && stored.width != null ? left + stored.width : null);
  const bottom = stored.bottom ?? (top != null && stored.height != null ? top + stored.height : null);
  if (left == null || top == null || right == null || bottom == null || right <= left || bottom <= top) return null;
  return { left, top, right, bottom };
}

/**
 * The training documents of a version: one per task, its pages' words, its labelled values and its
 * labelled tables, read from the stored pages a window at a time (training-pages.ts). Only the
 * words and labels are kept; each window's stored JSON is let go before the next is read.
 */
export async function trainingDocuments(
  windows: AsyncIterable<readonly TrainingPageRow[]>,
  fields: LearnableFields,
): Promise<TrainingDocument[]> {
  const byTask = new Map<string, TrainingDocument>();
  for await (const window of windows) for (const page of window) addTrainingPage(byTask, page, fields);
  for (const doc of byTask.values()) {
    for (let i = 0; i < doc.pages.length; i++) doc.pages[i] ??= [];
  }
  return [...byTask.values()];
}

/** Adds one stored page to its task's training document: its words, labelled values and tables. */
function addTrainingPage(byTask: Map<string, TrainingDocument>, page: TrainingPageRow, fields: LearnableFields) {
  const doc = byTask.get(page.task_id) ?? { pages: [], labels: [] };
  byTask.set(page.task_id, doc);
  const ocr = page.ocr as { entities?: Array<{ text?: string; boundingBox?: StoredBox }> } | null;
  const words: Word[] = [];
  for (const entity of ocr?.entities ?? []) {
    // A word keeps its box as the contract's boundingBox or as its edges (stored-ocr.ts).
    const box = boxOf(entity.boundingBox ?? storedWordEdges(entity));
    if (box && entity.text) words.push({ text: entity.text, box });
  }
  doc.pages[page.page_number - 1] = words;
  const entities = ((page.document as { entities?: StoredEntity[] } | null)?.entities ?? []) as StoredEntity[];
  for (const entity of entities) {
    const fieldId = entity.templateBuilderField?.fieldUniqueId;
    const tableField = fieldId ? fields.tables.get(fieldId) : undefined;
    const table = entity.templateBuilderField?.table ?? entity.table;
    if (fieldId && tableField && table) {
      const labelled = labelledTable(fieldId, tableField.columns, table, entity.pageNumber ?? page.page_number);
      if (labelled) doc.tables = [...(doc.tables ?? []), labelled];
      continue;
    }
    if (!fieldId || !fields.values.has(fieldId)) continue;
    const values = entity.templateBuilderField?.keyValues?.length
      ? entity.templateBuilderField.keyValues
      : (entity.keyValues ?? []);
    const value = values.find((v) => boxOf(v.boundingBox) && v.content);
    const box = boxOf(value?.boundingBox);
    if (!value || !box) continue;
    doc.labels.push({
      fieldId,
      page: value.pageNumber ?? entity.pageNumber ?? page.page_number,
      box,
      text: value.content as string,
    });
  }
}

/**
 * The fields a version learns: every field (key–value parts are labelled on their own) and the
 * DynamicTable ones as tables, their rows starting at the first required column.
 */
function learnableFields(model: CustomModelRow): LearnableFields {
  const fields = model.fields as Array<{
    uniqueId?: string;
    templateFieldType?: number;
    table?: { tableHeaders?: Array<{ uniqueId: string; isRequired?: boolean }> } | null;
  }>;
  const isTable = (f: (typeof fields)[number]) => f.templateFieldType === FieldTypeCode.DynamicTable;
  return {
    values: new Set(fields.filter((f) => f.uniqueId && !isTable(f)).map((f) => f.uniqueId as string)),
    tables: new Map(
      fields
        .filter((f) => f.uniqueId && isTable(f))
        .map((f) => {
          const headers = f.table?.tableHeaders ?? [];
          return [
            f.uniqueId as string,
            {
              columns: headers.map((h) => h.uniqueId),
              keyColumn: headers.find((h) => h.isRequired)?.uniqueId ?? null,
            },
          ];
        }),
    ),
  };
}

/**
 * Trains the next queued template version, if any; returns the version as it ended, or undefined
 * when nothing was queued.
 */
export async function trainNextModel(db: Db, trainerId: string): Promise<CustomModelRow | undefined> {
  const queue = new ModelQueue(db);
  const claimed = await queue.claim({
    templateTypes: [TemplateType.TrainTemplate, TemplateType.TrainNeural],
    queued: S.QueuedForPreProcessing,
    inProgress: S.PreProcessingInProgress,
    restartable: [S.PreProcessingInProgress, S.TrainingInProgress],
    staleAfterMs: STALE_TRAINING_MS,
  });
  if (!claimed) return undefined;
  const repo = queue.templatesOf(claimed.tenant_id);
  const actor: Actor = { userId: null, clientId: null, label: `training worker ${trainerId}`, system: true };
  let model = claimed;
  if (claimed.training_status !== S.QueuedForPreProcessing) {
    await recordModelEvent(
      repo,
      actor,
      claimed.id,
      MODEL_EVENT.StatusChanged,
      `The trainer of version ${claimed.version_number} stopped responding; ${actor.label} starts its training again.`,
      { restartedFrom: claimed.training_status },
    );
    model = { ...claimed, training_status: S.QueuedForPreProcessing };
  }
  const started = Date.now();
  try {
    return await train(repo, actor, model, started);
  } catch (error) {
    const current = (await repo.model(model.id)) ?? model;
    const preProcessing = current.training_status <= S.PreProcessingSuccessful;
    const failure =
      error instanceof TrainingFailure
        ? error
        : new TrainingFailure(
            preProcessing ? S.PreProcessingFailed : S.TrainingFailed,
            `Training stopped: ${(error as Error).message}`,
          );
    return advanceTraining(repo, actor, current, {
      trainingStatus: failure.status,
      failureReason: failure.message,
      trainingDurationMinutes: minutesSince(started),
    });
  }
}

const minutesSince = (started: number) => Math.round(((Date.now() - started) / 60_000) * 10_000) / 10_000;

async function train(repo: TemplatesRepository, actor: Actor, claimed: CustomModelRow, started: number) {
  let model = await advanceTraining(repo, actor, claimed, { trainingStatus: S.PreProcessingInProgress, progress: 5 });
  const fields = learnableFields(model);
  const taskIds = model.task_ids as string[];
  const documents = (await trainingDocuments(trainingPageWindows(repo, taskIds), fields)).filter(
    (d) => d.labels.length > 0 || (d.tables?.length ?? 0) > 0,
  );
  if (documents.length === 0) {
    throw new TrainingFailure(
      S.PreProcessingFailed,
      'None of the labelled tasks has a labelled value with a box on the page; label the fields by drawing them on the pages.',
    );
  }
  if (documents.every((d) => d.pages.every((words) => words.length === 0))) {
    throw new TrainingFailure(
      S.PreProcessingFailed,
      'The labelled tasks have no text layer; restart their processing so their words are recognised.',
    );
  }
  model = await advanceTraining(repo, actor, model, { trainingStatus: S.PreProcessingSuccessful, progress: 30 });
  model = await advanceTraining(repo, actor, model, { trainingStatus: S.QueuedForTraining, progress: 35 });
  model = await advanceTraining(repo, actor, model, { trainingStatus: S.TrainingInProgress, progress: 40 });
  const learned =
    model.template_type === TemplateType.TrainNeural
      ? await learnNeuralVersion(documents, async (progress) => {
          model = await advanceTraining(repo, actor, model, { trainingStatus: S.TrainingInProgress, progress });
        })
      : learnTemplateVersion(documents, fields);
  const { evaluation } = learned;
  const accuracy = documents.length >= 2 ? Math.round(evaluation.accuracy * 10_000) / 10_000 : null;
  model = await advanceTraining(repo, actor, model, {
    trainingStatus: S.TrainingSuccessful,
    progress: 95,
    averageConfidence: accuracy,
  });
  return advanceTraining(repo, actor, model, {
    trainingStatus: S.Trained,
    progress: 100,
    averageConfidence: accuracy,
    trainingDurationMinutes: minutesSince(started),
    model: {
      ...learned.model,
      documents: documents.length,
      heldOut: { values: evaluation.values, correct: evaluation.correct, byField: evaluation.byField },
    },
  });
}

interface LearnedVersion {
  model: Record<string, unknown>;
  evaluation: Evaluation;
}

function learnTemplateVersion(documents: TrainingDocument[], fields: LearnableFields): LearnedVersion {
  const template = learnTemplate(documents);
  const keyColumns = Object.fromEntries(
    [...fields.tables].flatMap(([id, t]) => (t.keyColumn ? [[id, t.keyColumn] as const] : [])),
  );
  const tables = learnTables(documents, keyColumns);
  if (!template.fields.some((f) => f.anchors.length > 0) && tables.length === 0) {
    throw new TrainingFailure(
      S.TrainingFailed,
      'No printed words repeat across the labelled documents, so no field can be placed; label documents of one layout.',
    );
  }
  return {
    model: { ...template, tables } as unknown as Record<string, unknown>,
    evaluation: evaluateTemplate(documents.filter((d) => d.labels.length > 0)),
  };
}

/** Progress recorded while a neural version learns: 40–90 %, in steps of at least 5 points. */
const PROGRESS_FROM = 40;
const PROGRESS_TO = 90;

/**
 * The neural version: the held-out reads (models learned without some documents) first — they give
 * the evaluation and each field's gate — then the model learned from all of them (trainNeural);
 * progress is recorded as both go.
 */
async function learnNeuralVersion(
  documents: TrainingDocument[],
  record: (progress: number) => Promise<void>,
): Promise<LearnedVersion> {
  if (documents.every((d) => d.labels.length === 0)) {
    throw new TrainingFailure(
      S.TrainingFailed,
      'A neural model learns fields from their labelled values, and no field has one; label the fields on the pages (tables are learned by template models).',
    );
  }
  let recorded = PROGRESS_FROM;
  const report = async (share: number) => {
    const progress = Math.floor(PROGRESS_FROM + (PROGRESS_TO - PROGRESS_FROM) * share);
    if (progress < recorded + 5) return;
    recorded = progress;
    await record(progress);
  };
  const { model, evaluation } = await trainNeural(documents, { onProgress: report });
  return {
    model: model as unknown as Record<string, unknown>,
    evaluation: evaluation ?? { accuracy: 0, values: 0, correct: 0, byField: {} },
  };
}

export interface ModelTrainer {
  stop(): Promise<void>;
}

/** A loop that trains queued versions one after the other, waiting `idleMs` while none is queued. */
export function startModelTrainer(options: {
  db: Db;
  trainerId: string;
  idleMs?: number;
  log?: (message: string, error?: unknown) => void;
}): ModelTrainer {
  return startJobLoop({
    next: () => trainNextModel(options.db, options.trainerId),
    idleMs: options.idleMs ?? 2000,
    failure: 'model training failed',
    log: options.log,
  });
}
