/**
 * What the export dialog asks the server for (spec: type, includeTimestamps, includeSpeakers,
 * mergeParagraphs, and the selection fields): the formats a task offers — subtitles are SubRip and
 * WebVTT only — and the call that makes the file, for this task (Transcript/Export) or for every
 * task of its workspace (Transcript/ExportMultiple with `allSelected` and no task left out).
 */
import { type ApiClient, type EnumMemberName, enumCodeOf, type FileDownload } from '@reviewdesk/api-client';

export type ExportFormat = EnumMemberName<'TranscriptExportType'>;

/** Which tasks go into the file: the one being reviewed, or all of its workspace's. */
export type ExportScope = 'task' | 'workspace';

export interface ExportChoice {
  format: ExportFormat;
  includeTimestamps: boolean;
  includeSpeakers: boolean;
  mergeParagraphs: boolean;
  scope: ExportScope;
}

const TRANSCRIPT_FORMATS: readonly ExportFormat[] = ['Txt', 'Word', 'Srt', 'Vtt', 'Json'];
const SUBTITLE_FORMATS: readonly ExportFormat[] = ['Srt', 'Vtt'];

/** The formats offered for a task of this type (a workspace's `taskType`). */
export const formatsFor = (taskType: string | undefined): readonly ExportFormat[] =>
  taskType === 'Subtitles' ? SUBTITLE_FORMATS : TRANSCRIPT_FORMATS;

/** Subtitle files are timed by what they are: the timestamps option does not apply to them. */
export const isTimedFormat = (format: ExportFormat) => SUBTITLE_FORMATS.includes(format);

/** The contract's defaults (includeTimestamps and includeSpeakers on, paragraphs kept apart). */
export const defaultChoice = (taskType: string | undefined): ExportChoice => ({
  format: formatsFor(taskType)[0] as ExportFormat,
  includeTimestamps: true,
  includeSpeakers: true,
  mergeParagraphs: false,
  scope: 'task',
});

/** The body of both export calls: the type and the options. */
export const exportOptions = (choice: ExportChoice) => ({
  type: enumCodeOf('TranscriptExportType', choice.format),
  includeTimestamps: isTimedFormat(choice.format) ? true : choice.includeTimestamps,
  includeSpeakers: choice.includeSpeakers,
  mergeParagraphs: choice.mergeParagraphs,
});

const fromBase64 = (content: string) => Uint8Array.from(atob(content), (c) => c.charCodeAt(0));

/** Asks the server for the file the reviewer chose. */
export async function requestExport(
  client: ApiClient,
  task: { taskId: string; workspaceId: string },
  choice: ExportChoice,
): Promise<FileDownload> {
  if (choice.scope === 'task') {
    const { data } = await client.call('Transcript_Export', {
      params: { path: { taskId: task.taskId } },
      body: exportOptions(choice),
    });
    return data;
  }
  const { data } = await client.call('Transcript_ExportMultiple', {
    body: {
      ...exportOptions(choice),
      workspaceId: task.workspaceId,
      // Every task of the workspace's main list, none left out.
      allSelected: true,
      taskIdList: [],
      taskSource: enumCodeOf('TaskListView', 'MainTable'),
    },
  });
  return {
    fileName: data.fileName,
    contentType: data.contentType,
    blob: new Blob([fromBase64(data.content)], { type: data.contentType }),
  };
}
