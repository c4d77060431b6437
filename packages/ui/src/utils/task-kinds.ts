/**
 * What kind of file a task holds, from its workspace's task type: recordings (transcripts,
 * subtitles and their summaries) are opened in the transcript editor, everything else is a
 * document. One rule for every package that opens tasks.
 */
import type { Schema } from '@reviewdesk/api-client';

/** Task types whose tasks are audio or video recordings. */
export const MEDIA_TASK_TYPES: readonly Schema<'TaskType'>[] = ['Transcript', 'Subtitles', 'TranscriptSummarization'];

/** True when tasks of this type are recordings; an unknown type (config not loaded) is not. */
export function isMediaTaskType(taskType: string | null | undefined): boolean {
  return taskType ? (MEDIA_TASK_TYPES as readonly string[]).includes(taskType) : false;
}
