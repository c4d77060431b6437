// The languages a task's content is in, for recognition and for the search index alike.
import type { TaskRow, WorkspaceRow } from '../../db/schema.js';
import type { WorkspaceConfiguration } from './configuration.js';

const asArray = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? JSON.parse(value)
      : [];

const given = (codes: unknown[]) =>
  codes.filter((code): code is string => typeof code === 'string' && code.trim() !== '');

/**
 * The task's own languages (context.languageCode / inputLanguageCode / transcriptLanguage), else
 * the workspace's configured language, else the workspace's languages list; English when none.
 */
export function taskLanguages(
  task: Pick<TaskRow, 'context'>,
  workspace: Pick<WorkspaceRow, 'languages'>,
  config: Pick<WorkspaceConfiguration, 'languages'>,
): string[] {
  const context = (task.context ?? {}) as Record<string, unknown>;
  const fromTask = given([context.languageCode, context.inputLanguageCode, context.transcriptLanguage]);
  if (fromTask.length > 0) return fromTask;
  const configured = given([config.languages.languageCode, config.languages.inputLanguageCode]);
  if (configured.length > 0) return configured;
  const listed = asArray(workspace.languages as unknown);
  return listed.length > 0 ? listed : ['en'];
}
