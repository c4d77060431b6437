// The custom model step of a document workspace that recognizes with a trained custom model, a
// template or a neural one (PatchCustomModel stored it in the configuration as `customModel`): the
// model reads its fields
// from the recognised words of the task's pages, as entities with boxes and confidences under the
// fields' keys, so the reviewer sees them like any other detected field. The model's lineage runs
// its Active version when one is active, else the version the workspace chose.
import type { Db } from '../../db/database.js';
import { TemplatesRepository } from '../../db/repositories/templates.js';
import type { CustomModelRow, TaskPageRow, TaskRow } from '../../db/schema.js';
import { storedWordEdges } from '../../domain/results/stored-ocr.js';
import type { Actor } from '../../domain/tasks/events.js';
import { MODEL_STATUS, recordModelEvent } from '../../domain/templates/models.js';
import { temporaryId } from '../documents/entities.js';
import { toBoundingBox, toPoints } from '../documents/geometry.js';
import type { Entity, OcrPageResult, Table } from '../documents/types.js';
import { NEURAL_MODEL_FORMAT, type NeuralModel, readNeural } from './neural-model.js';
import { type ReadTable, readTables, type TableModel } from './table-model.js';
import { type ReadValue, readTemplate, type TemplateModel, type Word } from './template-model.js';

type LearnedModel = TemplateModel | NeuralModel;
const isLearned = (model: unknown): model is LearnedModel => {
  const kind = (model as Partial<LearnedModel> | null)?.kind;
  return kind === 'template' || kind === 'neural';
};

/**
 * The format a stored neural model was learned in when this server no longer reads it (an older
 * one), else null: such a version reads nothing until its workspace trains a new one.
 */
export function outdatedFormat(model: unknown): number | null {
  const stored = model as Partial<NeuralModel> | null;
  if (stored?.kind !== 'neural' || stored.version === NEURAL_MODEL_FORMAT) return null;
  return Number(stored.version ?? 1);
}

/** The event a version that needs training again carries, once per format it is outdated by. */
export const NEEDS_RETRAINING_EVENT = 'ModelNeedsRetraining';

/**
 * Says on the version, once, that it was learned in a format this server no longer reads: the
 * template's training screen shows it, where the workspace's manager trains a new version.
 */
async function reportOutdated(repo: TemplatesRepository, model: CustomModelRow, format: number): Promise<void> {
  const externalId = `needs-retraining-${format}-to-${NEURAL_MODEL_FORMAT}`;
  if (await repo.hasModelEvent(model.id, externalId)) return;
  const actor: Actor = { userId: null, clientId: null, label: 'the recognizer', system: true };
  await recordModelEvent(
    repo,
    actor,
    model.id,
    NEEDS_RETRAINING_EVENT,
    `Version ${model.version_number} of '${model.model_name}' was learned in neural model format ${format}; this server reads format ${NEURAL_MODEL_FORMAT}, so it reads no fields until a new version is trained.`,
    { needsRetraining: true, modelFormat: format, currentFormat: NEURAL_MODEL_FORMAT },
    externalId,
  );
}

/** The values a learned model reads on the pages, whichever kind it is. */
export function readLearned(model: LearnedModel, pages: Word[][]): Promise<ReadValue[]> {
  return model.kind === 'neural' ? readNeural(model, pages) : Promise.resolve(readTemplate(model, pages));
}

export interface CustomModelResult {
  model: CustomModelRow;
  entities: Entity[];
}

/** The version the workspace runs, or null when it has no usable learned model. */
async function runningVersion(repo: TemplatesRepository, modelId: string): Promise<CustomModelRow | null> {
  const chosen = await repo.model(modelId);
  if (!chosen) return null;
  const active = (await repo.modelsInStatus(chosen.workspace_id, MODEL_STATUS.Active)).find(
    (m) => m.template_type === chosen.template_type,
  );
  const version = active ?? chosen;
  return isLearned(version.model) ? version : null;
}

/** Words of the recognised pages, page 1 first. */
export function wordsOf(rows: readonly Pick<TaskPageRow, 'page_number' | 'ocr'>[]): Word[][] {
  const pages: Word[][] = [];
  for (const row of rows) {
    const ocr = row.ocr as unknown as OcrPageResult | null;
    // A word keeps its box as the contract's boundingBox or as its edges (stored-ocr.ts).
    pages[row.page_number - 1] = (ocr?.entities ?? []).flatMap((w) => {
      const box = storedWordEdges(w);
      return box ? [{ text: w.text, box }] : [];
    });
  }
  for (let i = 0; i < pages.length; i++) pages[i] ??= [];
  return pages;
}

/** The fields the workspace's custom model reads on the task's pages; null without a custom model. */
export async function customModelFields(
  db: Db,
  task: TaskRow,
  customModel: { id?: string } | null | undefined,
  rows: readonly Pick<TaskPageRow, 'page_number' | 'ocr'>[],
): Promise<CustomModelResult | null> {
  if (!customModel?.id) return null;
  const repo = new TemplatesRepository(db, task.tenant_id);
  const model = await runningVersion(repo, customModel.id);
  if (!model) return null;
  const outdated = outdatedFormat(model.model);
  if (outdated !== null) {
    await reportOutdated(repo, model, outdated);
    return { model, entities: [] };
  }
  const fields = model.fields as unknown as StoredField[];
  const keys = new Map(fields.map((f) => [f.uniqueId ?? '', f.categoryKey]));
  const entities: Entity[] = [];
  for (const value of await readLearned(model.model as unknown as LearnedModel, wordsOf(rows))) {
    const category = keys.get(value.fieldId);
    if (!category || !value.text) continue;
    const id = temporaryId(value.page, category, model.id, value.text);
    entities.push({
      temporaryId: id,
      type: 'field',
      category,
      groupName: null,
      pageNumber: value.page,
      chunkNumber: 0,
      keyValues: [
        {
          pageNumber: value.page,
          category,
          categoryNormalized: category,
          content: value.text,
          contentNormalized: value.normalized ?? null,
          boundingBox: toBoundingBox(value.box),
          points: toPoints(value.box),
          confidence: value.confidence,
          childTemporaryId: `${id}|${temporaryId(value.page, id, 'value')}`,
        },
      ],
      confidence: value.confidence,
    });
  }
  const learned = model.model as unknown as LearnedModel;
  const tables = learned.kind === 'template' ? ((learned as TemplateWithTables).tables ?? []) : [];
  for (const table of readTables(tables, wordsOf(rows))) {
    const field = fields.find((f) => f.uniqueId === table.fieldId);
    if (field) entities.push(tableEntity(model.id, field, table));
  }
  return { model, entities };
}

type TemplateWithTables = TemplateModel & { tables?: TableModel[] };

interface StoredField {
  uniqueId?: string;
  categoryKey: string;
  table?: { tableHeaders?: Table['tableHeaders'] } | null;
}

/** A DynamicTable value as the viewer shows one: an entity of the field carrying the table read. */
function tableEntity(modelId: string, field: StoredField, read: ReadTable): Entity {
  const headers = (field.table?.tableHeaders ?? []).filter((h) => read.columns.includes(h.uniqueId));
  const id = temporaryId(read.page, field.categoryKey, modelId, 'table');
  const tableRows: Table['tableRows'] = {};
  read.rows.forEach((row, rowIndex) => {
    tableRows[String(rowIndex)] = headers.map((header, columnIndex) => ({
      rowIndex,
      columnIndex,
      content: row[read.columns.indexOf(header.uniqueId)]?.text ?? '',
      contentNormalized: null,
      pageNumber: read.page,
      uniqueId: temporaryId(read.page, id, `${rowIndex}:${columnIndex}`),
      headerId: header.uniqueId,
    }));
  });
  return {
    temporaryId: id,
    type: 'table',
    category: field.categoryKey,
    groupName: null,
    pageNumber: read.page,
    chunkNumber: 0,
    keyValues: [],
    table: {
      rowCount: read.rows.length,
      columnCount: headers.length,
      tableHeaders: headers,
      tableRows,
      boundsAndPoints: { pageNumber: read.page, boundingBox: toBoundingBox(read.box), points: toPoints(read.box) },
      hasAlternativeHeaders: false,
    },
    confidence: read.confidence,
  };
}
