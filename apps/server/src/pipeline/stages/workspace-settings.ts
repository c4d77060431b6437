// What the stages need from the task's workspace: its configuration with defaults
// (domain/workspaces/configuration.ts), its pipeline (which recognizer step), its task type
// template, and the languages to recognise in.
import type { TaskRow, WorkspaceRow } from '../../db/schema.js';
import { resolveConfiguration, type WorkspaceConfiguration } from '../../domain/workspaces/configuration.js';
import { type PipelineIds, pipelineOf } from '../../domain/workspaces/pipelines.js';
import { type TaskTypeTemplate, templateOf } from '../../domain/workspaces/task-type-catalogue.js';
import type { StageStore } from './task-store.js';

export interface WorkspaceSettings {
  row: WorkspaceRow;
  config: WorkspaceConfiguration;
  pipeline: PipelineIds;
  template: TaskTypeTemplate;
}

export async function workspaceSettings(store: StageStore, task: TaskRow): Promise<WorkspaceSettings> {
  const row = await store.workspace(task.workspace_id);
  if (!row) throw new Error(`The workspace ${task.workspace_id} of the task does not exist.`);
  return {
    row,
    config: resolveConfiguration(row),
    pipeline: pipelineOf(row, await store.tenantCode()),
    template: templateOf(row.task_type),
  };
}

const asArray = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? JSON.parse(value)
      : [];

/**
 * Languages to recognise: the task's own (context.languageCode / inputLanguageCode), else the
 * workspace's configured language, else the workspace's languages list; English when none.
 */
export function languagesOf(task: TaskRow, settings: Pick<WorkspaceSettings, 'row' | 'config'>): string[] {
  const context = (task.context ?? {}) as Record<string, unknown>;
  const fromTask = [context.languageCode, context.inputLanguageCode, context.transcriptLanguage].filter(
    (code): code is string => typeof code === 'string' && code.trim() !== '',
  );
  if (fromTask.length > 0) return fromTask;
  const configured = [settings.config.languages.languageCode, settings.config.languages.inputLanguageCode].filter(
    (code): code is string => typeof code === 'string' && code.trim() !== '',
  );
  if (configured.length > 0) return configured;
  const listed = asArray(settings.row.languages as unknown);
  return listed.length > 0 ? listed : ['en'];
}
