// SdWorkspace AvailableCustomModel and PatchCustomModel: which trained custom model a workspace
// recognizes with. Rules in src/domain/templates/custom-model-choice.ts.
import { availableCustomModels, patchCustomModel } from '../../domain/templates/custom-model-choice.js';
import { defineHandlers, requires } from '../handler.js';

export const workspaceCustomModelHandlers = defineHandlers({
  SdWorkspace_AvailableCustomModel: requires(['Workspace.UpdateCustomModel'], async ({ query, services, session }) =>
    availableCustomModels({ db: services.db, session }, query.currentModelId || null),
  ),
  SdWorkspace_PatchCustomModel: requires(['Workspace.UpdateCustomModel'], async ({ body, services, session }) =>
    patchCustomModel({ db: services.db, session }, body),
  ),
});
