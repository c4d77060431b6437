/**
 * What kind of file a workspace's tasks hold. The task type belongs to the workspace
 * (`GetWorkspaceCustomConfig.taskType`), so every task of a list has the same kind: recordings
 * (transcripts, subtitles and their summaries) are opened in the transcript editor and exported
 * as transcripts, everything else is a document.
 */
import type { Schema } from '@reviewdesk/api-client';
import { isMediaTaskType as isRecordingType, MEDIA_TASK_TYPES as UI_MEDIA_TASK_TYPES } from '@reviewdesk/ui';

/** A workspace task type (`Invoice`, `Transcript`, …). */
export type TaskType = Schema<'TaskType'>;

/** Task types whose tasks are audio or video recordings (the rule lives in @reviewdesk/ui). */
export const MEDIA_TASK_TYPES: ReadonlySet<TaskType> = new Set<TaskType>(UI_MEDIA_TASK_TYPES);

/** Task types whose reviewed regions are burned into anonymised Pdf, Png and Jpeg exports. */
export const ANONYMISATION_TASK_TYPES: ReadonlySet<TaskType> = new Set<TaskType>([
  'DocumentAnonymization',
  'ImageAnonymization',
]);

/** True when tasks of this type export anonymised renders; an unknown type is not. */
export function isAnonymisationTaskType(taskType: TaskType | null | undefined): boolean {
  return taskType ? ANONYMISATION_TASK_TYPES.has(taskType) : false;
}

/** False for translation tasks, which have no share (product-spec §4); an unknown type is shareable. */
export function isShareableTaskType(taskType: TaskType | null | undefined): boolean {
  return taskType !== 'Translation';
}

/** True when tasks of this type are recordings; an unknown type (config not loaded) is not. */
export function isMediaTaskType(taskType: TaskType | null | undefined): boolean {
  return isRecordingType(taskType);
}

/** Task types of labelling-and-training workspaces, whose tasks carry a labelling status. */
export const LABELLING_TASK_TYPES: ReadonlySet<TaskType> = new Set<TaskType>([
  'Labelling',
  'CustomTrainTemplate',
  'CustomTrainNeural',
]);

/** LabellingStatus codes with their translation names (`filters.labellingStatus.<name>`). */
export const LABELLING_STATUSES = [
  { code: 10, name: 'toClassify' },
  { code: 20, name: 'toClassifyWithNewFields' },
  { code: 30, name: 'classified' },
] as const;

/** True when the workspace's tasks are labelled for training; an unknown type is not. */
export function isLabellingTaskType(taskType: TaskType | null | undefined): boolean {
  return taskType ? LABELLING_TASK_TYPES.has(taskType) : false;
}
