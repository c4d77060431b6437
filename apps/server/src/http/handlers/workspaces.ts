// SdWorkspace and Pipeline calls: thin handlers over src/domain/workspaces. Every call about one
// workspace goes through openWorkspace (404 unless the caller reaches it in the current tenant).
import type { Permission } from '../../contract/generated/enums.js';
import { openWorkspace, workspaceScope } from '../../domain/workspaces/access.js';
import { getAdvancedSettings, patchAdvancedSettings } from '../../domain/workspaces/advanced-settings.js';
import { canBeDeleted } from '../../domain/workspaces/deletion.js';
import { importEmailOf } from '../../domain/workspaces/import-email.js';
import { userWorkspaces } from '../../domain/workspaces/members.js';
import { pipelineOf, pipelineWithSteps } from '../../domain/workspaces/pipelines.js';
import { getPredefinedTexts, patchPredefinedTexts } from '../../domain/workspaces/predefined-texts.js';
import { catalogue, TASK_TYPES } from '../../domain/workspaces/task-type-catalogue.js';
import {
  getBasic,
  getConfiguration,
  getCustomConfig,
  getFields,
  patchBasic,
  patchFields,
  putConfiguration,
} from '../../domain/workspaces/workspace-settings.js';
import { combineHandlers, defineHandlers, requires } from '../handler.js';
import { workspaceMemberHandlers } from './workspace-members.js';

const VIEW: readonly Permission[] = ['Workspace.View'];

const workspaceHandlers = defineHandlers({
  SdWorkspace_UserWorkspaces: requires(VIEW, async ({ query, session, services }) =>
    userWorkspaces(services.db, session, query.workspaceType),
  ),
  SdWorkspace_TaskTypes: requires(VIEW, async () => [...TASK_TYPES]),
  SdWorkspace_Templates: requires(VIEW, async ({ query }) => catalogue(query.workspaceType)),

  SdWorkspace_GetBasic: requires(VIEW, async ({ params, session, services }) =>
    getBasic(services.db, session, params.id),
  ),
  SdWorkspace_PatchBasic: requires(['Workspace.EditBasic'], async ({ body, session, services }) =>
    patchBasic(services.db, session, body),
  ),
  SdWorkspace_GetConfiguration: requires(VIEW, async ({ query, session, services }) =>
    getConfiguration(services.db, session, query.workspaceId),
  ),
  SdWorkspace_PutConfiguration: requires(['Workspace.Edit'], async ({ body, session, services }) =>
    putConfiguration(services.db, session, body),
  ),
  SdWorkspace_GetWorkspaceCustomConfig: requires(VIEW, async ({ query, session, services }) =>
    getCustomConfig(services.db, session, query.workspaceId),
  ),

  SdWorkspace_GetFields: requires(VIEW, async ({ params, session, services }) =>
    getFields(services.db, session, params.workspaceId),
  ),
  SdWorkspace_PatchFields: requires(['Workspace.EditFields'], async ({ params, body, session, services }) =>
    patchFields(services.db, session, params.workspaceId, body),
  ),
  SdWorkspace_GetAdvancedSettings: requires(
    ['Workspace.Edit', 'Workspace.EditAdvancedSettings'],
    async ({ params, session, services }) => getAdvancedSettings(services.db, session, params.workspaceId),
  ),
  SdWorkspace_PatchAdvancedSettings: requires(
    ['Workspace.EditAdvancedSettings'],
    async ({ params, body, session, services }) =>
      patchAdvancedSettings(services.db, session, params.workspaceId, body),
  ),
  SdWorkspace_GetPredefinedText: requires(VIEW, async ({ params, session, services }) =>
    getPredefinedTexts(services.db, session, params.workspaceId),
  ),
  // Reviewers keep the list from the viewer; managers from the workspace settings.
  SdWorkspace_PatchPredefinedText: requires(
    ['Workspace.Edit', 'Task.Review'],
    async ({ params, body, session, services }) => patchPredefinedTexts(services.db, session, params.workspaceId, body),
  ),

  SdWorkspace_ImportEmail: requires(['Task.Import', 'Workspace.Edit'], async ({ params, session, services }) => {
    const { row } = await openWorkspace(services.db, session, params.id);
    return { emailToImport: importEmailOf(row, session.membership.tenant_code, services.config.origin) };
  }),
  SdWorkspace_CheckWorkspaceCanBeDeleted: requires(['Workspace.Delete'], async ({ query, session, services }) => {
    const { row } = await openWorkspace(services.db, session, query.workspaceId);
    return canBeDeleted(row, await workspaceScope(services.db, session).list());
  }),

  Pipeline_Get: requires(VIEW, async ({ params, session, services }) => {
    const { row } = await openWorkspace(services.db, session, params.workspaceId);
    return pipelineOf(row, session.membership.tenant_code);
  }),
  SdWorkspace_PipelineWithSteps: requires(VIEW, async ({ query, session, services }) => {
    const { row } = await openWorkspace(services.db, session, query.workspaceId);
    return pipelineWithSteps(row, session.membership.tenant_code);
  }),
});

export const workspacesHandlers = combineHandlers(workspaceHandlers, workspaceMemberHandlers);
