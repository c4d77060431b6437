// SdTask ClearTaskDetectedFields and GetTaskMetaFields: a task's recognised fields and its
// imported key/value properties.
import { clearDetectedFields } from '../../domain/review/clear-detected.js';
import { taskMetaFields } from '../../domain/tasks/meta-fields.js';
import { taskCallerOf } from '../callers.js';
import { defineHandlers, requires } from '../handler.js';

export const taskFieldHandlers = defineHandlers({
  SdTask_ClearTaskDetectedFields: requires(['Task.CleanEntities'], async ({ params, services, session }) =>
    clearDetectedFields({ db: services.db, session }, params.taskId),
  ),
  SdTask_GetTaskMetaFields: requires(['Task.View'], async (input) =>
    taskMetaFields(taskCallerOf(input), input.query.taskId),
  ),
});
