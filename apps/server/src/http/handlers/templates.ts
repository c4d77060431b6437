// TemplateBuilder calls: the template's fields, training readiness and training, the model
// versions and their activation, events and traces. Thin handlers over src/domain/templates; every
// workspace goes through openTrainingWorkspace and every model through openModel (404 unless the
// caller reaches it in the current tenant).
import { activateModel, modelEvents, modelPage, modelTracesUrl } from '../../domain/templates/models.js';
import {
  addTemplateFields,
  deleteTemplateField,
  getTemplateFields,
  updateTemplateField,
} from '../../domain/templates/template-fields.js';
import { queueTraining, trainingReadiness } from '../../domain/templates/training.js';
import { applyTrainingEvents } from '../../domain/templates/training-status.js';
import { type CallContext, defineHandlers, requires } from '../handler.js';

const callerOf = ({ services, session }: CallContext) => ({ db: services.db, session });

export const templateHandlers = defineHandlers({
  // Labellers read the fields in the viewer; template editors in the template lists.
  TemplateBuilder_GetFields: requires(['Templates.TemplateList', 'Task.Review'], async (input) =>
    getTemplateFields(callerOf(input), input.params.workspaceId),
  ),
  TemplateBuilder_PostFields: requires(['Templates.CreateField'], async (input) =>
    addTemplateFields(callerOf(input), input.query.workspaceId, input.body),
  ),
  TemplateBuilder_PutField: requires(['Templates.UpdateField'], async (input) =>
    updateTemplateField(callerOf(input), input.body),
  ),
  TemplateBuilder_DeleteField: requires(['Templates.DeleteField'], async (input) => {
    await deleteTemplateField(callerOf(input), input.query.workspaceId, input.params.uniqueId);
    return undefined;
  }),

  TemplateBuilder_ValidToTrain: requires(['Templates.ModelsList', 'Templates.CustomModelActions'], async (input) =>
    trainingReadiness(callerOf(input), input.query.workspaceId),
  ),
  TemplateBuilder_Train: requires(['Templates.CustomModelActions'], async (input) =>
    queueTraining(callerOf(input), input.query.workspaceId, input.query.templateType),
  ),
  TemplateBuilder_Templates: requires(['Templates.ModelsList'], async (input) =>
    modelPage(callerOf(input), input.params.workspaceId, input.query),
  ),
  TemplateBuilder_UpsertWorkspaceTemplate: requires(['Templates.ActivateModel'], async (input) =>
    activateModel(callerOf(input), input.params.customTemplateId),
  ),
  TemplateBuilder_Events: requires(['Templates.ListEvents'], async (input) =>
    modelEvents(callerOf(input), input.params.modelId, input.query.eventType || undefined),
  ),
  TemplateBuilder_TracesDashboardUrl: requires(['Templates.TracesDashboardView'], async (input) =>
    modelTracesUrl(callerOf(input), input.params.modelId, input.services.config.origin),
  ),
  // Sent by a training farm that runs outside the server; it signs in as a developer of the tenant
  // (the in-process training workers change the models directly through the same rules).
  TemplateBuilder_RenderFarmTemplateBuilderEvents: requires(['Workspace.ForDevelopers'], async (input) => {
    await applyTrainingEvents(callerOf(input), input.body);
    return undefined;
  }),
});
