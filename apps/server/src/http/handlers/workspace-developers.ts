// The developer calls of a workspace: step configurations, queue redirects and recognizer hooks.
// Rules in src/domain/workspaces/ (step-configurations, queue-redirects, recognizer-hooks).

import { getStepRedirect, pipelineHasRedirects, putStepRedirect } from '../../domain/workspaces/queue-redirects.js';
import { availableHooks, patchRecognizerHooks } from '../../domain/workspaces/recognizer-hooks.js';
import { getStepConfig, integrationStepConfigs, saveStepConfig } from '../../domain/workspaces/step-configurations.js';
import { defineHandlers, requires } from '../handler.js';

export const workspaceDeveloperHandlers = defineHandlers({
  // Whoever may change a workspace's export reads its steps; developers see them on their tab too.
  SdWorkspace_IntegrationStepConfigs: requires(
    ['Workspace.UpdateExport', 'Workspace.ForDevelopers'],
    ({ params, session, services }) => integrationStepConfigs(services.db, session, params.workspaceId),
  ),
  SdWorkspace_GetStepConfig: requires(
    ['Workspace.UpdateExport', 'Workspace.ForDevelopers'],
    ({ params, session, services }) => getStepConfig(services.db, session, params.workspaceId, params.stepId),
  ),
  SdWorkspace_PostStepConfig: requires(['Workspace.UpdateExport'], ({ params, body, session, services }) =>
    saveStepConfig(services.db, session, params.workspaceId, params.stepId, body),
  ),
  SdWorkspace_GetStepRedirected: requires(['Workspace.RedirectQueues'], ({ query, session, services }) =>
    getStepRedirect(services.db, services.config, session, query.pipelineId, query.stepId),
  ),
  SdWorkspace_PutStepRedirected: requires(['Workspace.RedirectQueues'], ({ body, session, services }) =>
    putStepRedirect(services.db, services.config, session, body),
  ),
  SdWorkspace_PipelineHasRedirects: requires(
    ['Workspace.RedirectQueues', 'Workspace.ForDevelopers'],
    ({ query, session, services }) => pipelineHasRedirects(services.db, session, query.pipelineId),
  ),
  SdWorkspace_AvailableHooks: requires(['Workspace.ManageHooks'], ({ query, session, services }) =>
    availableHooks(services.db, services.config, session, query.hookServiceType),
  ),
  SdWorkspace_RecognizerHooks: requires(['Workspace.ManageHooks'], ({ params, body, session, services }) =>
    patchRecognizerHooks(services.db, services.config, session, params.workspaceId, body),
  ),
});
