// What the stages need from the task's workspace: its configuration with defaults
// (domain/workspaces/configuration.ts), its pipeline (which recognizer step), its task type
// template, and the languages to recognise in.
import type { TaskRow, WorkspaceRow } from '../../db/schema.js';
import { resolveConfiguration, type WorkspaceConfiguration } from '../../domain/workspaces/configuration.js';
import { type PipelineIds, pipelineOf } from '../../domain/workspaces/pipelines.js';
import { taskLanguages } from '../../domain/workspaces/task-languages.js';
import { type TaskTypeTemplate, templateOf } from '../../domain/workspaces/task-type-catalogue.js';
import type { StageStore } from './task-store.js';

export interface WorkspaceSettings {
  row: WorkspaceRow;
  config: WorkspaceConfiguration;
  pipeline: PipelineIds;
  template: TaskTypeTemplate;
}

export async function workspaceSettings(store: StageStore, task: TaskRow): Promise<WorkspaceSettings> {
  const found = await store.workspaceAndTenantCode(task.workspace_id);
  if (!found) throw new Error(`The workspace ${task.workspace_id} of the task does not exist.`);
  const { row, tenantCode } = found;
  return {
    row,
    config: resolveConfiguration(row),
    pipeline: pipelineOf(row, tenantCode),
    template: templateOf(row.task_type),
  };
}

/** Languages to recognise in (domain/workspaces/task-languages.ts). */
export function languagesOf(task: TaskRow, settings: Pick<WorkspaceSettings, 'row' | 'config'>): string[] {
  return taskLanguages(task, settings.row, settings.config);
}
