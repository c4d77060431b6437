// The fields of a workspace's template (TemplateBuilder fields, PostFields, PutField, DeleteField).
// Rules: keys are letters, digits and dots, unique in the workspace; a child (a key–value part or a
// column) names an existing parent and has a letters-and-digits key; a DynamicTable field (400)
// carries its columns (unique letters-and-digits keys), any other field carries none. Every refusal
// is WorkspaceConfigError (10) and changes nothing. New fields re-open the labelled tasks for
// labelling; a deleted field's labelled values leave the tasks' pages.
import { randomUUID } from 'node:crypto';
import { FieldTypeCode, TaskErrorCode } from '../../contract/generated/enums.js';
import type { Schema } from '../../contract/types.js';
import type { TemplatesRepository } from '../../db/repositories/templates.js';
import type { TemplateFieldRow } from '../../db/schema.js';
import { invalid, notFound } from '../errors.js';
import { actorOf } from '../tasks/callers.js';
import { recordEvent, TASK_EVENT } from '../tasks/events.js';
import { HISTORY_STATUSES, TASK_STATUS, taskStatusText } from '../tasks/flags.js';
import { checkKey, configError } from '../workspaces/fields.js';
import { openTrainingWorkspace, type TemplateCaller, templatesOf } from './access.js';
import { reopenForNewFields } from './labelling.js';

export type TemplateBuilderField = Schema<'TemplateBuilderField'>;

const DEFAULT_FILL = '#0011ff1a';
const DEFAULT_STROKE = '#0011ff';

/** The stored row as the contract's field. */
export function toTemplateField(row: TemplateFieldRow): TemplateBuilderField {
  return {
    ...(row.definition as unknown as TemplateBuilderField),
    categoryKey: row.category_key,
    uniqueId: row.id,
    workspaceId: row.workspace_id,
  };
}

/** What is stored of a field: the definition with its defaults, without id and workspace. */
function definitionOf(field: TemplateBuilderField): Record<string, unknown> {
  const { uniqueId: _id, workspaceId: _workspace, ...rest } = field;
  const isTable = field.templateFieldType === FieldTypeCode.DynamicTable;
  return {
    ...rest,
    fillColor: field.fillColor ?? DEFAULT_FILL,
    strokeColor: field.strokeColor ?? DEFAULT_STROKE,
    templateFieldType: field.templateFieldType ?? field.fieldConfig.type,
    table: isTable ? field.table : null,
  };
}

/** Checks one field against the others of the template (`others` excludes the field itself). */
export function checkTemplateField(field: TemplateBuilderField, others: readonly TemplateBuilderField[]): void {
  const parentKey = field.parentCategoryKey ?? null;
  checkKey(field.categoryKey, parentKey !== null);
  if (others.some((o) => o.categoryKey === field.categoryKey)) {
    throw configError(`The field key '${field.categoryKey}' is used twice.`);
  }
  if (parentKey !== null) {
    const parent = others.find((o) => o.categoryKey === parentKey);
    if (!parent)
      throw configError(`The field '${field.categoryKey}' names the parent '${parentKey}', which does not exist.`);
    if (parent.parentCategoryKey) {
      throw configError(`The field '${field.categoryKey}' cannot belong to '${parentKey}', which is itself a child.`);
    }
  }
  const type = field.templateFieldType ?? field.fieldConfig.type;
  const headers = field.table?.tableHeaders ?? null;
  if (type === FieldTypeCode.DynamicTable) {
    if (!headers || headers.length === 0) {
      throw configError(`The table field '${field.categoryKey}' needs at least one column.`);
    }
    const seen = new Set<string>();
    for (const header of headers) {
      checkKey(header.uniqueId, true);
      if (seen.has(header.uniqueId)) {
        throw configError(`The column key '${header.uniqueId}' is used twice in '${field.categoryKey}'.`);
      }
      seen.add(header.uniqueId);
    }
  } else if (headers && headers.length > 0) {
    throw configError(`The field '${field.categoryKey}' has columns but is not a DynamicTable (400) field.`);
  }
}

function sameWorkspace(field: TemplateBuilderField, workspaceId: string): void {
  if (field.workspaceId && field.workspaceId !== workspaceId) {
    throw invalid(
      `The field '${field.categoryKey}' names another workspace than the call.`,
      TaskErrorCode.WorkspacesDontMatch,
    );
  }
}

export async function getTemplateFields(caller: TemplateCaller, workspaceId: string) {
  const workspace = await openTrainingWorkspace(caller, workspaceId);
  return (await templatesOf(caller).fields(workspace.id)).map(toTemplateField);
}

/** PostFields: adds the fields (in the order sent, after the existing ones). */
export async function addTemplateFields(caller: TemplateCaller, workspaceId: string, fields: TemplateBuilderField[]) {
  const workspace = await openTrainingWorkspace(caller, workspaceId);
  if (fields.length === 0) throw configError('Send at least one field.');
  const repo = templatesOf(caller);
  return repo.transaction(async (tx) => {
    const known = (await tx.fields(workspace.id)).map(toTemplateField);
    const created: Array<{ id: string; field: TemplateBuilderField }> = [];
    for (const field of fields) {
      sameWorkspace(field, workspace.id);
      const others = [...known, ...created.map((c) => c.field)];
      checkTemplateField(field, others);
      created.push({ id: randomUUID(), field });
    }
    await tx.insertFields(
      created.map(({ id, field }) => ({
        id,
        workspaceId: workspace.id,
        categoryKey: field.categoryKey,
        definition: definitionOf(field),
        createdBy: caller.session.user.id,
      })),
    );
    await recordReopened(
      caller,
      tx,
      workspace.id,
      created.map((c) => c.field.categoryKey),
    );
    const stored = await tx.fields(workspace.id);
    const ids = new Set(created.map((c) => c.id));
    return stored.filter((row) => ids.has(row.id)).map(toTemplateField);
  });
}

async function recordReopened(caller: TemplateCaller, tx: TemplatesRepository, workspaceId: string, keys: string[]) {
  const reopened = await reopenForNewFields(tx, workspaceId);
  if (reopened.length === 0) return;
  const tasks = tx.tasks();
  const actor = actorOf(caller.session);
  for (const task of reopened) {
    const back = task.status !== TASK_STATUS.ToReview && HISTORY_STATUSES.has(task.status);
    await recordEvent(
      tasks,
      actor,
      task.id,
      TASK_EVENT.LabellingChanged,
      `Labelling reopened by ${actor.label}: the template gained the field(s) ${keys.join(', ')}; labelling status changed from Classified (30) to ToClassifyWithNewFields (20)${
        back ? `; status changed from ${taskStatusText(task.status)} (${task.status}) to ToReview (60)` : ''
      }.`,
      { from: 30, to: 20, fields: keys, ...(back ? { statusFrom: task.status, statusTo: TASK_STATUS.ToReview } : {}) },
    );
  }
}

/** PutField: changes the field with the sent uniqueId; its children follow a new key. */
export async function updateTemplateField(caller: TemplateCaller, field: TemplateBuilderField) {
  const workspaceId = field.workspaceId;
  const uniqueId = field.uniqueId;
  if (!workspaceId || !uniqueId) throw configError('The field needs its uniqueId and workspaceId.');
  const workspace = await openTrainingWorkspace(caller, workspaceId);
  return templatesOf(caller).transaction(async (tx) => {
    const current = await tx.field(workspace.id, uniqueId);
    if (!current) throw fieldNotFound();
    const all = (await tx.fields(workspace.id)).map(toTemplateField);
    const before = toTemplateField(current);
    const children = all.filter((f) => f.parentCategoryKey === before.categoryKey);
    if (field.parentCategoryKey && children.length > 0) {
      throw configError(`The field '${before.categoryKey}' has children and cannot become a child itself.`);
    }
    checkTemplateField(
      field,
      all.filter((f) => f.uniqueId !== uniqueId && f.parentCategoryKey !== before.categoryKey),
    );
    await tx.updateField(workspace.id, uniqueId, field.categoryKey, definitionOf(field));
    if (field.categoryKey !== before.categoryKey) {
      for (const child of children) {
        const moved = { ...child, parentCategoryKey: field.categoryKey };
        await tx.updateField(workspace.id, child.uniqueId as string, child.categoryKey, definitionOf(moved));
      }
    }
    const updated = await tx.field(workspace.id, uniqueId);
    if (!updated) throw fieldNotFound();
    return toTemplateField(updated);
  });
}

const fieldNotFound = () => notFound('The field does not exist in this template.', TaskErrorCode.NotFound);

/** DeleteField: removes the field, its children and every value labelled for them. */
export async function deleteTemplateField(caller: TemplateCaller, workspaceId: string, uniqueId: string) {
  const workspace = await openTrainingWorkspace(caller, workspaceId);
  await templatesOf(caller).transaction(async (tx) => {
    const current = await tx.field(workspace.id, uniqueId);
    if (!current) throw fieldNotFound();
    const doomed = [
      current,
      ...(await tx.fields(workspace.id)).filter(
        (row) => (row.definition as { parentCategoryKey?: string | null }).parentCategoryKey === current.category_key,
      ),
    ];
    for (const row of doomed) {
      await tx.deleteField(workspace.id, row.id);
      await dropLabelledValues(tx, workspace.id, row.id);
    }
  });
}

/** Removes the entities labelled for a field from every page of the workspace's tasks. */
async function dropLabelledValues(tx: TemplatesRepository, workspaceId: string, fieldId: string) {
  for (const page of await tx.pagesLabelling(workspaceId, fieldId)) {
    const document = page.document as { entities?: Array<{ templateBuilderField?: { fieldUniqueId?: string } }> };
    const entities = (document.entities ?? []).filter((e) => e.templateBuilderField?.fieldUniqueId !== fieldId);
    await tx.replacePageDocument(page.task_id, page.page_number, { ...document, entities });
  }
}
