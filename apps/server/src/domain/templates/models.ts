// The custom models of a labelling-and-training workspace: every trained (or training) version, the
// page of them the template lists show (TemplateBuilder templates), activating a version
// (UpsertWorkspaceTemplate: the version becomes Active, the previously active one Trained), the
// model's audit events and the link to its training trace.
import { ModelTrainingStatus, TaskErrorCode } from '../../contract/generated/enums.js';
import type { Schema } from '../../contract/types.js';
import type { FieldWhitelist } from '../../db/repositories/list-filter.js';
import type { TemplatesRepository } from '../../db/repositories/templates.js';
import type { CustomModelEventRow, CustomModelRow } from '../../db/schema.js';
import { invalid } from '../errors.js';
import { actorOf } from '../tasks/callers.js';
import { type Actor, eventSourceOf } from '../tasks/events.js';
import { ListFilterError, pageMeta, parseListFilter, parsePaging } from '../tasks/filters.js';
import { iso } from '../tasks/mappers.js';
import { openModel, openTrainingWorkspace, type TemplateCaller, templatesOf } from './access.js';

export const MODEL_STATUS = ModelTrainingStatus;

const STATUS_NAMES = new Map<number, string>(Object.entries(ModelTrainingStatus).map(([name, value]) => [value, name]));
export const modelStatusText = (status: number) => STATUS_NAMES.get(status) ?? String(status);

export const MODEL_EVENT = {
  Queued: 'TrainingQueued',
  StatusChanged: 'TrainingStatusChanged',
  Activated: 'ModelActivated',
  Deactivated: 'ModelDeactivated',
} as const;

/** The contract's CustomModel. */
export function toCustomModel(row: CustomModelRow): Schema<'CustomModel'> {
  return {
    id: row.id,
    modelName: row.model_name,
    serviceName: row.service_name,
    versionNumber: row.version_number,
    averageConfidence: row.average_confidence,
    trainingStatus: row.training_status as Schema<'CustomModel'>['trainingStatus'],
    createdOn: iso(row.created_on) as string,
    trainingDurationMinutes: row.training_duration_minutes,
  };
}

/** Model list fields: API name → column of `custom_models as m`. */
const MODEL_FIELDS: FieldWhitelist = {
  modelName: { column: 'm.model_name', kind: 'text' },
  versionNumber: { column: 'm.version_number', kind: 'integer' },
  trainingStatus: { column: 'm.training_status', kind: 'integer' },
  templateType: { column: 'm.template_type', kind: 'integer' },
  averageConfidence: { column: 'm.average_confidence', kind: 'integer', nullable: true },
  trainingDurationMinutes: { column: 'm.training_duration_minutes', kind: 'integer', nullable: true },
  createdOn: { column: 'm.created_on', kind: 'date' },
};

/** `field` or `field desc` (the templates call's Sort) as a sort item. */
function sortItem(text: string) {
  const [field, direction, ...rest] = text.trim().split(/\s+/);
  if (!field || rest.length > 0 || (direction && !/^(asc|desc)$/i.test(direction))) {
    throw new ListFilterError(`The sort key '${text}' must be a field name, optionally followed by asc or desc.`);
  }
  return { field, descending: direction?.toLowerCase() === 'desc' };
}

function filterItem(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ListFilterError(`The filter ${text.slice(0, 60)} is not a JSON filter item.`);
  }
}

export interface ModelListQuery {
  PageNumber: number;
  PageSize: number;
  Filter: string | null;
  Filters?: string[] | undefined;
  Sort?: string[] | undefined;
}

/** TemplateBuilder templates: a page of the workspace's model versions, newest first by default. */
export async function modelPage(caller: TemplateCaller, workspaceId: string, query: ModelListQuery) {
  const workspace = await openTrainingWorkspace(caller, workspaceId);
  let paging: ReturnType<typeof parsePaging>;
  let filter: ReturnType<typeof parseListFilter>;
  try {
    paging = parsePaging({ pageNumber: query.PageNumber, pageSize: query.PageSize });
    filter = parseListFilter(
      {
        filter: query.Filter,
        filters: (query.Filters ?? []).map(filterItem),
        sort: (query.Sort ?? []).map(sortItem),
      },
      {
        fields: MODEL_FIELDS,
        defaultSort: [{ field: 'createdOn', descending: true }],
        idColumn: 'm.id',
      },
    );
  } catch (error) {
    if (error instanceof ListFilterError) throw invalid(error.message);
    throw error;
  }
  const { rows, totalCount } = await templatesOf(caller).modelPage(workspace.id, filter, paging);
  return { ...pageMeta(paging, totalCount), items: rows.map(toCustomModel) };
}

/** Records an event of a model, described for a person. */
export async function recordModelEvent(
  repo: TemplatesRepository,
  actor: Actor,
  modelId: string,
  eventType: string,
  description: string,
  payload: Record<string, unknown> = {},
  externalId: string | null = null,
): Promise<boolean> {
  return repo.addModelEvent({
    modelId,
    eventType,
    description,
    payload,
    userId: actor.userId,
    eventSource: eventSourceOf(actor),
    externalId,
  });
}

const ACTIVATABLE: readonly number[] = [MODEL_STATUS.Trained, MODEL_STATUS.Active, MODEL_STATUS.TrainingSuccessful];

/**
 * UpsertWorkspaceTemplate: the version becomes the Active model of its workspace's template (of its
 * kind of training); the version active before becomes Trained. A version still training, failed or
 * deleted is refused with WorkspaceConfigError (10).
 */
export async function activateModel(caller: TemplateCaller, modelId: string) {
  const { model } = await openModel(caller, modelId);
  const actor = actorOf(caller.session);
  const activated = await templatesOf(caller).transaction(async (tx) => {
    const current = await tx.model(model.id);
    if (!current) throw invalid('The custom model does not exist.', TaskErrorCode.NotFound);
    if (!ACTIVATABLE.includes(current.training_status)) {
      return {
        succeeded: false,
        errors: [
          {
            code: TaskErrorCode.WorkspaceConfigError,
            message: `Version ${current.version_number} of '${current.model_name}' is ${modelStatusText(current.training_status)}; only a trained version can be activated.`,
          },
        ],
      };
    }
    if (current.training_status === MODEL_STATUS.Active)
      return { succeeded: true, errors: [], result: toCustomModel(current) };
    for (const previous of await tx.modelsInStatus(current.workspace_id, MODEL_STATUS.Active)) {
      if (previous.template_type !== current.template_type) continue;
      await tx.updateModel(previous.id, { trainingStatus: MODEL_STATUS.Trained });
      await recordModelEvent(
        tx,
        actor,
        previous.id,
        MODEL_EVENT.Deactivated,
        `Version ${previous.version_number} is no longer active: ${actor.label} activated version ${current.version_number}.`,
        { from: MODEL_STATUS.Active, to: MODEL_STATUS.Trained, activatedModelId: current.id },
      );
    }
    const row = await tx.updateModel(current.id, { trainingStatus: MODEL_STATUS.Active });
    await recordModelEvent(
      tx,
      actor,
      current.id,
      MODEL_EVENT.Activated,
      `Version ${current.version_number} activated by ${actor.label}: status changed from ${modelStatusText(current.training_status)} (${current.training_status}) to Active (60).`,
      { from: current.training_status, to: MODEL_STATUS.Active },
    );
    return { succeeded: true, errors: [], result: toCustomModel(row ?? current) };
  });
  return activated;
}

/** AuditEvent of the contract for a model event. */
export function toModelAuditEvent(row: CustomModelEventRow) {
  return {
    createdOn: iso(row.created_on) as string,
    eventDescription: row.description,
    payload: JSON.stringify(row.payload ?? {}),
    requestId: null,
    entityId: row.model_id,
    entityTypeText: row.event_type,
    eventSourceText: row.event_source,
  };
}

export async function modelEvents(caller: TemplateCaller, modelId: string, eventType: string | undefined) {
  const { model } = await openModel(caller, modelId);
  return (await templatesOf(caller).modelEvents(model.id, eventType)).map(toModelAuditEvent);
}

/**
 * The trace of a model's training: the reference app's training list of the workspace, opened on
 * the model (its events show every stage with its time). A deployment that ships traces to a
 * tracing system would answer that system's address for the model instead.
 */
export async function modelTracesUrl(caller: TemplateCaller, modelId: string, origin: string): Promise<string> {
  const { model } = await openModel(caller, modelId);
  const url = new URL('/templates/training', origin);
  url.searchParams.set('workspaceId', model.workspace_id);
  url.searchParams.set('modelId', model.id);
  return url.toString();
}
