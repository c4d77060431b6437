// The text of Translation tasks (the addition Viewer/Translation). Thin: the rules are in
// domain/translations/.
import { taskTranslation } from '../../domain/translations/task-translation.js';
import { resultsOf, taskCallerOf } from '../callers.js';
import { defineHandlers, requires } from '../handler.js';

export const translationHandlers = defineHandlers({
  Viewer_Translation: requires(['Task.View'], (input) =>
    taskTranslation(taskCallerOf(input), resultsOf(input), input.params.taskId),
  ),
});
