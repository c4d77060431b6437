/**
 * Which screen reviews a task: recordings (transcripts, subtitles, summaries of recordings) never
 * open in the document viewer. Transcripts and subtitles open in the transcript editor; a summary
 * of a recording, whose review screen does not exist yet, gets the media page. The task type comes
 * from the task's workspace configuration (Viewer/ViewerInit), which does not check the task out.
 */
import type { components } from '@reviewdesk/api-client';

type TaskType = components['schemas']['TaskType'];

/** The task types whose file is a recording. */
export const MEDIA_TASK_TYPES: readonly TaskType[] = ['Transcript', 'Subtitles', 'TranscriptSummarization'];

/** The recordings the transcript editor reviews (timed paragraphs or subtitle cues). */
export const TRANSCRIPT_EDITOR_TASK_TYPES: readonly TaskType[] = ['Transcript', 'Subtitles'];

/** Whether a task of this type is reviewed as a recording, never in the document viewer. */
export function isMediaTaskType(taskType: TaskType | null | undefined): boolean {
  return taskType !== null && taskType !== undefined && MEDIA_TASK_TYPES.includes(taskType);
}

/** Whether a task of this type opens in the transcript editor. */
export function opensInTranscriptEditor(taskType: TaskType | null | undefined): boolean {
  return taskType !== null && taskType !== undefined && TRANSCRIPT_EDITOR_TASK_TYPES.includes(taskType);
}

/** The task types of labelling-and-training workspaces: their documents are labelled in the template builder. */
export const TEMPLATE_BUILDER_TASK_TYPES: readonly TaskType[] = [
  'Labelling',
  'CustomTrainTemplate',
  'CustomTrainNeural',
];

/** Whether a task is labelled in the template builder (its workspace trains a custom model). */
export function opensInTemplateBuilder(taskType: TaskType | null | undefined): boolean {
  return taskType !== null && taskType !== undefined && TEMPLATE_BUILDER_TASK_TYPES.includes(taskType);
}

/**
 * Whether a task is a translation: read, never reviewed, in the system (product-spec §4), so it
 * opens on the translation page and not in the document viewer (which would check it out).
 */
export function isTranslationTaskType(taskType: TaskType | null | undefined): boolean {
  return taskType === 'Translation';
}
