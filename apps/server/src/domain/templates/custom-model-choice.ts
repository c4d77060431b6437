// Which custom model a workspace recognizes with (SdWorkspace AvailableCustomModel and
// PatchCustomModel). A model is a lineage of versions (one training workspace, one kind of
// training); the list offers each lineage the caller reaches once, at its active version (else its
// newest trained one). Choosing one stores the model info in the workspace's configuration and
// turns the workspace into a template workspace (Template 20 or Neural 40), whose recognizer step
// runs that model; choosing none returns it to its built-in recognizer (BuiltIn 10).
import { FieldTypeCode, TaskErrorCode, TemplateType } from '../../contract/generated/enums.js';
import type { Schema } from '../../contract/types.js';
import type { CustomModelRow, WorkspaceRow } from '../../db/schema.js';
import { iso } from '../tasks/mappers.js';
import { accessibleWorkspaces, openWorkspace, workspaceScope } from '../workspaces/access.js';
import { resolveConfiguration } from '../workspaces/configuration.js';
import { templateOf, WORKSPACE_TYPE } from '../workspaces/task-type-catalogue.js';
import type { FieldDefinition } from '../workspaces/types.js';
import { isTrainingWorkspace, openModel, type TemplateCaller, templatesOf } from './access.js';
import { MODEL_STATUS } from './models.js';

/** GroupType of a table field (spec §3). */
const TABLE_GROUP = 100;

const USABLE: readonly number[] = [MODEL_STATUS.Trained, MODEL_STATUS.Active];

const lineageOf = (m: CustomModelRow) => `${m.workspace_id}:${m.template_type}`;

/** The version a lineage offers: the active one, else the newest trained one. */
function offered(versions: CustomModelRow[]): CustomModelRow | undefined {
  return (
    versions.find((m) => m.training_status === MODEL_STATUS.Active) ??
    [...versions].sort((a, b) => b.version_number - a.version_number)[0]
  );
}

function toAvailable(row: CustomModelRow, currentModelId: string | null): Schema<'AvailableCustomModel'> {
  return {
    id: row.id,
    modelName: row.model_name,
    serviceName: row.service_name,
    versionNumber: row.version_number,
    averageConfidence: row.average_confidence,
    trainingStatus: row.training_status as Schema<'AvailableCustomModel'>['trainingStatus'],
    templateType: row.template_type as Schema<'AvailableCustomModel'>['templateType'],
    createdOn: iso(row.created_on),
    trainingDurationMinutes: row.training_duration_minutes,
    isCurrent: row.id === currentModelId,
  };
}

export async function availableCustomModels(caller: TemplateCaller, currentModelId: string | null) {
  const workspaces = (await accessibleWorkspaces(caller.db, caller.session)).filter(isTrainingWorkspace);
  const models = await templatesOf(caller).modelsOf(
    workspaces.map((w) => w.id),
    [...USABLE],
  );
  const lineages = new Map<string, CustomModelRow[]>();
  for (const m of models) lineages.set(lineageOf(m), [...(lineages.get(lineageOf(m)) ?? []), m]);
  const rows: CustomModelRow[] = [];
  for (const versions of lineages.values()) {
    const shown = offered(versions);
    if (shown) rows.push(shown);
    // The version a workspace uses stays in the list even when it is not the one offered.
    const current = versions.find((v) => v.id === currentModelId && v !== shown);
    if (current) rows.push(current);
  }
  return rows.map((row) => toAvailable(row, currentModelId || null));
}

const refusal = (message: string) => ({
  succeeded: false,
  result: false,
  errors: [{ code: TaskErrorCode.WorkspaceConfigError, message }],
});

/** The template type a workspace gets from a model of this kind of training. */
const templateTypeFor = (model: CustomModelRow) =>
  model.template_type === TemplateType.TrainNeural ? TemplateType.Neural : TemplateType.Template;

export async function patchCustomModel(caller: TemplateCaller, body: Schema<'CustomModelPatch'>) {
  const { row: workspace } = await openWorkspace(caller.db, caller.session, body.workspaceId);
  const configuration = { ...(workspace.configuration as Record<string, unknown>) };
  const scope = workspaceScope(caller.db, caller.session);
  if (!body.customModelId) {
    await scope.update(workspace.id, {
      configuration: { ...configuration, customModel: null },
      template_type: recognizesItself(workspace) ? workspace.template_type : TemplateType.BuiltIn,
    });
    return { succeeded: true, errors: [], result: true };
  }
  const { model } = await openModel(caller, body.customModelId);
  if (workspace.workspace_type !== WORKSPACE_TYPE.Standard || templateOf(workspace.task_type).media) {
    return refusal(
      `The workspace '${workspace.display_name}' does not read documents with fields; it cannot use a custom model.`,
    );
  }
  const versions = (await templatesOf(caller).modelsOf([model.workspace_id], [...USABLE])).filter(
    (m) => lineageOf(m) === lineageOf(model),
  );
  const chosen =
    body.versionNumber == null
      ? [...versions].sort((a, b) => b.version_number - a.version_number)[0]
      : versions.find((m) => m.version_number === body.versionNumber);
  if (!chosen) {
    return refusal(
      body.versionNumber == null
        ? `'${model.model_name}' has no trained version yet.`
        : `'${model.model_name}' has no trained version ${body.versionNumber}.`,
    );
  }
  const info: Schema<'WorkspaceCustomModelInfo'> = {
    id: chosen.id,
    name: chosen.model_name,
    version: chosen.version_number,
    lastActiveVersionAvailable: Math.max(...versions.map((v) => v.version_number)),
    createdOn: iso(chosen.created_on),
    averageConfidence: chosen.average_confidence,
  };
  await scope.update(workspace.id, {
    configuration: { ...configuration, ...withModelFields(workspace, chosen), customModel: info },
    template_type: templateTypeFor(chosen),
  });
  return { succeeded: true, errors: [], result: true };
}

/**
 * The workspace's fields with the model's fields added (those it does not have yet), so the
 * reviewer sees and checks what the model reads under the names the template gave them; the
 * workspace keeps its own fields. A key–value part reads as a field of its own (its key is unique
 * in the template) named "Field › Part" as the template builder lists it, right after its field; a
 * DynamicTable field becomes a table field (group Table 100) whose columns are its children, named
 * by their keys (a manager renames them in the workspace's fields). A column whose key the
 * workspace already uses elsewhere stays out: workspace keys are unique, and the viewer then shows
 * that column under its key.
 */
function withModelFields(workspace: WorkspaceRow, model: CustomModelRow) {
  const current = resolveConfiguration(workspace);
  const templateFields = model.fields as Array<Schema<'TemplateBuilderField'>>;
  const known = new Set(current.categories.map((c) => c.categoryKey));
  const added: FieldDefinition[] = [];
  const add = (field: FieldDefinition) => {
    if (known.has(field.categoryKey)) return false;
    known.add(field.categoryKey);
    added.push(field);
    return true;
  };
  for (const top of templateFields.filter((f) => !f.parentCategoryKey)) {
    const isTable = (top.templateFieldType ?? top.fieldConfig.type) === FieldTypeCode.DynamicTable;
    if (isTable) {
      const table = definitionOf(top);
      const type = FieldTypeCode.DynamicTable;
      if (!add({ ...table, groupType: TABLE_GROUP, fieldConfig: { ...table.fieldConfig, type } })) continue;
      for (const header of top.table?.tableHeaders ?? []) {
        add({
          parentCategoryKey: top.categoryKey,
          categoryKey: header.uniqueId,
          displayName: header.uniqueId,
          fieldConfig: {
            type: header.fieldType ?? FieldTypeCode.StringNotSpecified,
            isRequired: header.isRequired ?? false,
          },
        });
      }
      continue;
    }
    add(definitionOf(top));
    for (const part of templateFields.filter((f) => f.parentCategoryKey === top.categoryKey)) {
      add({ ...definitionOf(part), displayName: `${top.displayName} › ${part.displayName}` });
    }
  }
  const keys = added.filter((f) => !f.parentCategoryKey).map((f) => f.categoryKey);
  return {
    categories: [...current.categories, ...added],
    fieldsToDetect: [...current.fieldsToDetect, ...keys],
    fieldOrder: [...current.fieldOrder, ...keys],
    requiredFields: [
      ...current.requiredFields,
      ...added.filter((f) => !f.parentCategoryKey && f.fieldConfig.isRequired).map((f) => f.categoryKey),
    ],
  };
}

/** A template field as a top-level workspace field: its key, names, colours and type. */
const definitionOf = (f: Schema<'TemplateBuilderField'>): FieldDefinition => ({
  categoryKey: f.categoryKey,
  displayName: f.displayName,
  description: f.description ?? null,
  ...(f.fillColor ? { fillColor: f.fillColor } : {}),
  ...(f.strokeColor ? { strokeColor: f.strokeColor } : {}),
  fieldConfig: { type: f.fieldConfig.type, isRequired: f.fieldConfig.isRequired },
});

/** Training workspaces keep their own template type (they train, they do not run a model). */
const recognizesItself = (workspace: WorkspaceRow) => isTrainingWorkspace(workspace);
