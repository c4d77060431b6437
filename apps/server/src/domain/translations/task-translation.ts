// What a person reads of a task in another language (Viewer/Translation):
// - a Translation task: its stored translation beside the recognised text, one passage per page.
//   Translations have no review in the system (product-spec §4), so this is read-only; the exports
//   carry the same text;
// - a Transcript or Subtitles task: its transcript, paragraph by paragraph, translated now by the
//   server's translation engine (the same provider interface as Translation tasks) from the
//   workspace's transcript language into the language asked for. Nothing is stored: the transcript
//   may still be edited, and a rule-based engine translates a long recording in seconds.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { Schema } from '../../contract/types.js';
import type { ResultsScope } from '../../db/repositories/results.js';
import type { TaskRow, WorkspaceRow } from '../../db/schema.js';
import {
  languageOf,
  TranslationError,
  TranslationNotConfiguredError,
  translateTexts,
  translatorFor,
} from '../../translation/index.js';
import { notFound } from '../errors.js';
import { hasResult, notReadyYet } from '../results/viewer-task.js';
import { pageText, transcriptEntries } from '../search/task-text.js';
import type { Services } from '../services.js';
import { fail } from '../tasks/command-results.js';
import { type TaskCaller, taskById } from '../tasks/task-access.js';
import { checkPairOffered } from '../tasks/translation-languages.js';
import { resolveConfiguration } from '../workspaces/configuration.js';

export type TaskTranslation = Schema<'TaskTranslation'>;

/** The task types whose transcript may be read in another language. */
const TRANSCRIPT_TYPES = new Set(['Transcript', 'Subtitles']);

/**
 * The translation of a task the caller reaches; 404 for a task of another type, NotReadyYet until
 * there is something to read.
 */
export async function taskTranslation(
  services: Pick<Services, 'config'>,
  caller: TaskCaller,
  scope: ResultsScope,
  taskId: string,
  outputLanguage: string | null | undefined,
): Promise<TaskTranslation> {
  const task = await taskById(caller, taskId);
  const workspace = await scope.workspace(task.workspace_id);
  if (workspace?.task_type === 'Translation') return storedTranslation(scope, task);
  if (workspace && TRANSCRIPT_TYPES.has(workspace.task_type)) {
    return transcriptTranslation(services, scope, task, workspace, outputLanguage);
  }
  throw notFound(
    'The task has no text to translate: it is neither a translation nor a transcript.',
    TaskErrorCode.NotFound,
  );
}

async function storedTranslation(scope: ResultsScope, task: TaskRow): Promise<TaskTranslation> {
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

/** The recording's language: the workspace's transcript language, else its first language. */
function recordingLanguage(workspace: WorkspaceRow): string | null {
  const configured = resolveConfiguration(workspace).languages.languageCode;
  const code = configured?.trim() || (Array.isArray(workspace.languages) ? workspace.languages[0] : null);
  return code ? languageOf(code) : null;
}

async function transcriptTranslation(
  services: Pick<Services, 'config'>,
  scope: ResultsScope,
  task: TaskRow,
  workspace: WorkspaceRow,
  outputLanguage: string | null | undefined,
): Promise<TaskTranslation> {
  const from = recordingLanguage(workspace);
  if (!from) {
    throw fail(
      TaskErrorCode.ContextInvalidInputLanguage,
      "The recording's language is not known: set the workspace's transcript language.",
    );
  }
  const to = outputLanguage?.trim() ? languageOf(outputLanguage) : null;
  if (!to) {
    throw fail(TaskErrorCode.ContextInvalidOutputLanguage, 'Say which language to translate into (outputLanguage).');
  }
  const translator = translatorFor(services.config);
  const pair = await checkPairOffered(translator, { from, to });
  if (!hasResult(task.status)) throw notReadyYet('The task has no transcript yet: it is still being processed.');
  const media = await scope.media(task.id);
  if (!media?.transcript) throw notReadyYet('The task has no transcript yet.');
  const entries = transcriptEntries(media.transcript);
  let translated: string[];
  try {
    translated = await translateTexts(
      translator,
      entries.map((entry) => entry.body),
      pair,
    );
  } catch (error) {
    if (error instanceof TranslationError || error instanceof TranslationNotConfiguredError) {
      throw fail(TaskErrorCode.ProcessTaskError, `The transcript could not be translated: ${error.message}`);
    }
    throw error;
  }
  return {
    inputLanguage: from,
    outputLanguage: to,
    engine: translator.name,
    passages: entries.map((entry, index) => ({
      pageNumber: null,
      startTimeSeconds: entry.startTimeSeconds,
      speakerName: entry.speakerName,
      sourceText: entry.body,
      text: translated[index] ?? '',
    })),
  };
}
