// What a person reads of a Translation task (Viewer/Translation): its text in the target language
// beside the text it was translated from, one passage per page. Translations have no review in the
// system (product-spec §4), so this is read-only; the exports carry the same text.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { Schema } from '../../contract/types.js';
import type { ResultsScope } from '../../db/repositories/results.js';
import { notFound } from '../errors.js';
import { notReadyYet } from '../results/viewer-task.js';
import { pageText } from '../search/task-text.js';
import { type TaskCaller, taskById } from '../tasks/task-access.js';

export type TaskTranslation = Schema<'TaskTranslation'>;

/** The translation of a task the caller reaches; 404 when it is not a translation, NotReadyYet until translated. */
export async function taskTranslation(
  caller: TaskCaller,
  scope: ResultsScope,
  taskId: string,
): Promise<TaskTranslation> {
  const task = await taskById(caller, taskId);
  const workspace = await scope.workspace(task.workspace_id);
  if (workspace?.task_type !== 'Translation') {
    throw notFound('The task is not a translation: its workspace does not translate.', TaskErrorCode.NotFound);
  }
  if (!task.translation) throw notReadyYet('The task is not translated yet: it is still being processed.');
  const pages = await scope.pages(task.id);
  return {
    inputLanguage: task.translation.from,
    outputLanguage: task.translation.to,
    engine: task.translation.engine,
    passages: pages.map((page) => ({
      pageNumber: page.page_number,
      startTimeSeconds: null,
      speakerName: null,
      sourceText: pageText(page.ocr),
      text: page.translated_text ?? '',
    })),
  };
}
