// Exports of reviewed results as files: Viewer/Export (one task), SdTask/Export (a selection in one
// file), SdTask/BulkExport (a zip, one file per task and type), Transcript/Export and
// Transcript/ExportMultiple (a zip inside an ExportFileResult). Rules live in src/domain/exports.
import { TasksRepository } from '../../db/repositories/tasks.js';
import {
  bulkExport,
  bulkTranscriptExport,
  bundleFileName,
  exportSelection,
  exportTask,
  exportTaskTranscript,
} from '../../domain/exports/task-exports.js';
import { ResultsScope } from '../../domain/results/results-scope.js';
import { sendBytes, untilSent } from '../../domain/results/send-file.js';
import { type Selection, selectedTasks, type TaskCaller, taskById } from '../../domain/tasks/commands.js';
import { workspaceForTask } from '../../domain/tasks/import.js';
import type { ExportFile, TranscriptExportOptions } from '../../pipeline/exports/index.js';
import type { HandlerInput, HandlerMap } from '../handler.js';
import { requires } from '../handler.js';

const tenantOf = (input: HandlerInput) => input.session.membership.tenant_id;
const scopeOf = (input: HandlerInput) => new ResultsScope(input.services.db, tenantOf(input));
const repoOf = (input: HandlerInput) => new TasksRepository(input.services.db, tenantOf(input));
const callerOf = (input: HandlerInput): TaskCaller => ({
  repo: repoOf(input),
  db: input.services.db,
  session: input.session,
});

/** The contract sends every export as application/octet-stream; the name carries the format. */
async function download(input: HandlerInput, file: Pick<ExportFile, 'fileName' | 'bytes'>, contentType: string) {
  sendBytes(input.reply, file.bytes, { fileName: file.fileName, contentType, disposition: 'attachment' });
  return untilSent(input.reply);
}

/** The tasks of a selection, in a workspace the caller reaches (404 otherwise), in list order. */
async function selection(input: HandlerInput, body: Selection) {
  const workspace = await workspaceForTask(input.services.db, input.session, body.workspaceId);
  const tasks = await selectedTasks(repoOf(input), body);
  tasks.sort((a, b) => a.sequential_by_workspace_id - b.sequential_by_workspace_id);
  return { workspace, tasks };
}

function transcriptOptions(body: TranscriptExportOptions): TranscriptExportOptions {
  return {
    includeTimestamps: body.includeTimestamps ?? true,
    includeSpeakers: body.includeSpeakers ?? true,
    mergeParagraphs: body.mergeParagraphs ?? false,
  };
}

export const exportHandlers: HandlerMap = {
  Viewer_Export: requires(['Task.View'], async (input) => {
    const task = await taskById(callerOf(input), String(input.params.taskId));
    const file = await exportTask(scopeOf(input), task, Number(input.params.type));
    return download(input, file, 'application/octet-stream');
  }),

  SdTask_Export: requires(['Task.View'], async (input) => {
    const body = input.body as Selection & { exportType: number };
    const { workspace, tasks } = await selection(input, body);
    const file = await exportSelection(scopeOf(input), tasks, body.exportType, workspace.display_name);
    return download(input, file, 'application/octet-stream');
  }),

  SdTask_BulkExport: requires(['Task.View'], async (input) => {
    const body = input.body as Selection & { exportTypes: number[] };
    const { workspace, tasks } = await selection(input, body);
    const bytes = await bulkExport(scopeOf(input), tasks, body.exportTypes);
    return download(input, { fileName: bundleFileName(workspace.display_name, 'zip'), bytes }, 'application/zip');
  }),

  Transcript_Export: requires(['Task.View'], async (input) => {
    const body = input.body as TranscriptExportOptions & { type: number };
    const task = await taskById(callerOf(input), String(input.params.taskId));
    const file = await exportTaskTranscript(scopeOf(input), task, body.type, transcriptOptions(body));
    return download(input, file, 'application/octet-stream');
  }),

  Transcript_ExportMultiple: requires(['Task.View'], async (input) => {
    const body = input.body as TranscriptExportOptions & {
      type: number;
      workspaceId: string;
      taskIdList: string[];
      allSelected: boolean;
      filters?: Selection['filters'];
      taskSource?: number;
    };
    const { workspace, tasks } = await selection(input, {
      workspaceId: body.workspaceId,
      taskIdList: body.taskIdList,
      filters: body.filters,
      allSelected: body.allSelected,
      // The list the selection was made in (TaskListView); the main table when not said.
      type: body.taskSource ?? 10,
    });
    const bytes = await bulkTranscriptExport(scopeOf(input), tasks, body.type, transcriptOptions(body));
    return {
      fileName: bundleFileName(workspace.display_name, 'zip'),
      contentType: 'application/zip',
      content: bytes.toString('base64'),
    };
  }),
};
