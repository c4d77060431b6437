// How a caller reaches a template and its models: only through a labelling-and-training workspace
// of their tenant that they reach (openWorkspace). A model of a workspace the caller does not reach
// answers 404 like an id that does not exist, so nothing tells another tenant it is there.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { TemplatesRepository } from '../../db/repositories/templates.js';
import type { CustomModelRow, WorkspaceRow } from '../../db/schema.js';
import { invalid, notFound } from '../errors.js';
import type { Session } from '../session.js';
import { openWorkspace } from '../workspaces/access.js';
import { WORKSPACE_TYPE } from '../workspaces/task-type-catalogue.js';

/** The caller's view of templates: their tenant's repository, the database and the session. */
export interface TemplateCaller {
  db: Db;
  session: Session;
}

export const templatesOf = (caller: TemplateCaller) =>
  new TemplatesRepository(caller.db, caller.session.membership.tenant_id);

export const isTrainingWorkspace = (row: WorkspaceRow) => row.workspace_type === WORKSPACE_TYPE.LabelingAndTraining;

/** A labelling-and-training workspace the caller reaches; 404 when unreachable, 400 for another kind. */
export async function openTrainingWorkspace(caller: TemplateCaller, workspaceId: string): Promise<WorkspaceRow> {
  const { row } = await openWorkspace(caller.db, caller.session, workspaceId);
  if (!isTrainingWorkspace(row)) {
    throw invalid(
      `The workspace '${row.display_name}' is not a labelling-and-training workspace; templates are built there.`,
      TaskErrorCode.WorkspaceConfigError,
    );
  }
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const modelNotFound = () => notFound('The custom model does not exist.', TaskErrorCode.NotFound);

/** A model of a workspace the caller reaches, with that workspace; else 404. */
export async function openModel(
  caller: TemplateCaller,
  modelId: string,
): Promise<{ model: CustomModelRow; workspace: WorkspaceRow }> {
  // Model ids are UUIDs; anything else names no model (and must not reach the uuid column).
  if (!UUID.test(modelId)) throw modelNotFound();
  const model = await templatesOf(caller).model(modelId);
  if (!model) throw modelNotFound();
  try {
    const { row } = await openWorkspace(caller.db, caller.session, model.workspace_id);
    return { model, workspace: row };
  } catch {
    throw modelNotFound();
  }
}
