/**
 * Which screen reviews a task: recordings (transcripts, subtitles, summaries of recordings) belong
 * to the transcript editor, everything else to the document viewer. The task type comes from the
 * task's workspace configuration (Viewer/ViewerInit), which does not check the task out.
 */
import type { components } from '@reviewdesk/api-client';

type TaskType = components['schemas']['TaskType'];

/** The task types whose file is a recording. */
export const MEDIA_TASK_TYPES: readonly TaskType[] = ['Transcript', 'Subtitles', 'TranscriptSummarization'];

/** Whether a task of this type is reviewed as a recording, never in the document viewer. */
export function isMediaTaskType(taskType: TaskType | null | undefined): boolean {
  return taskType !== null && taskType !== undefined && MEDIA_TASK_TYPES.includes(taskType);
}
