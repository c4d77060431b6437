// The text of Translation tasks, and transcripts in another language (the addition Viewer/Translation). Thin: the rules are in
// domain/translations/.
import { taskTranslation } from '../../domain/translations/task-translation.js';
import { resultsOf, taskCallerOf } from '../callers.js';
import { defineHandlers, requires } from '../handler.js';

export const translationHandlers = defineHandlers({
  Viewer_Translation: requires(['Task.View'], (input) =>
    taskTranslation(
      input.services,
      taskCallerOf(input),
      resultsOf(input),
      input.params.taskId,
      input.query.outputLanguage,
    ),
  ),
});
