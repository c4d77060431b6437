// Exports of reviewed results as files: Viewer/Export (one task), SdTask/Export (a selection in one
// file), SdTask/BulkExport (a zip, one file per task and type) and SdTask/BulkExportLink (the same
// zip behind an expiring download link), Transcript/Export and Transcript/ExportMultiple (a zip
// inside an ExportFileResult). Rules live in src/domain/exports.
import { checkLinkHours, exportToLink } from '../../domain/exports/export-link.js';
import {
  bulkExport,
  bulkTranscriptExport,
  bundleFileName,
  exportSelection,
  exportTask,
  exportTaskTranscript,
} from '../../domain/exports/task-exports.js';
import { type Selection, selectedTasks } from '../../domain/tasks/selections.js';
import { taskById } from '../../domain/tasks/task-access.js';
import { workspaceForTask } from '../../domain/tasks/workspace-rules.js';
import type { ExportFile, TranscriptExportOptions } from '../../formats/exports/index.js';
import { blobStorageFor } from '../../storage/blob-storage.js';
import { taskCallerOf as callerOf, tasksOf as repoOf, resultsOf as scopeOf } from '../callers.js';
import { type CallContext, defineHandlers, type HandlerInput, requires } from '../handler.js';
import { requestLanguage } from '../request-language.js';
import { sendBytes, untilSent } from '../send-file.js';

/** The contract sends every export as application/octet-stream; the name carries the format. */
async function download(
  input: Pick<HandlerInput, 'reply'>,
  file: Pick<ExportFile, 'fileName' | 'bytes'>,
  contentType: string,
) {
  sendBytes(input.reply, file.bytes, { fileName: file.fileName, contentType, disposition: 'attachment' });
  return untilSent(input.reply);
}

/** The tasks of a selection, in a workspace the caller reaches (404 otherwise), in list order. */
async function selection(input: CallContext, body: Selection) {
  const workspace = await workspaceForTask(input.services.db, input.session, body.workspaceId);
  const tasks = await selectedTasks(repoOf(input), body);
  tasks.sort((a, b) => a.sequential_by_workspace_id - b.sequential_by_workspace_id);
  return { workspace, tasks };
}

/** The reader's language, for the headings a Word file writes itself. */
const readerLanguage = (input: Pick<HandlerInput, 'request' | 'session'>) =>
  requestLanguage(input.request, { account: input.session.user.language });

function transcriptOptions(body: TranscriptExportOptions): TranscriptExportOptions {
  return {
    includeTimestamps: body.includeTimestamps ?? true,
    includeSpeakers: body.includeSpeakers ?? true,
    mergeParagraphs: body.mergeParagraphs ?? false,
  };
}

export const exportHandlers = defineHandlers({
  Viewer_Export: requires(['Task.View'], async (input) => {
    const task = await taskById(callerOf(input), input.params.taskId);
    const file = await exportTask(
      scopeOf(input),
      blobStorageFor(input.services.config),
      task,
      input.params.type,
      readerLanguage(input),
    );
    return download(input, file, 'application/octet-stream');
  }),

  SdTask_Export: requires(['Task.View'], async (input) => {
    const body = input.body;
    const { workspace, tasks } = await selection(input, body);
    const files = blobStorageFor(input.services.config);
    const file = await exportSelection(
      scopeOf(input),
      files,
      tasks,
      body.exportType,
      workspace.display_name,
      readerLanguage(input),
    );
    return download(input, file, 'application/octet-stream');
  }),

  SdTask_BulkExport: requires(['Task.View'], async (input) => {
    const body = input.body;
    const { workspace, tasks } = await selection(input, body);
    const bytes = await bulkExport(
      scopeOf(input),
      blobStorageFor(input.services.config),
      tasks,
      body.exportTypes,
      readerLanguage(input),
    );
    return download(input, { fileName: bundleFileName(workspace.display_name, 'zip'), bytes }, 'application/zip');
  }),

  SdTask_BulkExportLink: requires(['Task.View'], async (input) => {
    const body = input.body;
    // Checked before anything is exported: a refused expiry keeps nothing.
    checkLinkHours(body.expiresHours);
    const { workspace, tasks } = await selection(input, body);
    const storage = blobStorageFor(input.services.config);
    const bytes = await bulkExport(scopeOf(input), storage, tasks, body.exportTypes, readerLanguage(input));
    return exportToLink(
      { db: input.services.db, storage, origin: input.services.config.origin },
      { tenantId: input.session.membership.tenant_id, userId: input.session.user.id },
      { fileName: bundleFileName(workspace.display_name, 'zip'), contentType: 'application/zip', bytes },
      body.expiresHours,
    );
  }),

  Transcript_Export: requires(['Task.View'], async (input) => {
    const body = input.body;
    const task = await taskById(callerOf(input), input.params.taskId);
    const file = await exportTaskTranscript(scopeOf(input), task, body.type, transcriptOptions(body));
    return download(input, file, 'application/octet-stream');
  }),

  Transcript_ExportMultiple: requires(['Task.View'], async (input) => {
    const body = input.body;
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
});
