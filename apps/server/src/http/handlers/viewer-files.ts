// The viewer's reads of a processed task: a page file (Document/PageDocument), a page's result and
// OCR layer (Document/PageAndOCR), the transcript editor's data (Transcript/MediaUrlAndTranscript),
// the result download URL (SdTask/ResultUrl) and the delivery records
// (SdTask/GetTaskIntegrationDetailsAsync). Rules live in src/domain/results.
import { integrationRecords } from '../../domain/results/integrations.js';
import { pageAndOcr, pageFile } from '../../domain/results/page-results.js';
import { resultUrl } from '../../domain/results/result-url.js';
import { mediaUrlAndTranscript } from '../../domain/results/transcript-data.js';
import { resolveViewerTask } from '../../domain/results/viewer-task.js';
import { taskById } from '../../domain/tasks/task-access.js';
import { blobStorageFor } from '../../storage/blob-storage.js';
import { taskCallerOf as callerOf, resultsOf as scopeOf } from '../callers.js';
import { type CallContext, defineHandlers, type QueryOf, requires } from '../handler.js';
import { sendBlob, untilSent } from '../send-file.js';
import { retimeScopeOf, warmUpAlignment } from '../transcript-retiming.js';

/** The task a viewer read names; `fromHistory` 'either' for the calls without FromHistory. */
const viewerTask = (
  input: CallContext & { query: QueryOf<'Transcript_MediaUrlAndTranscript'> },
  fromHistory: boolean | 'either' | undefined,
) =>
  resolveViewerTask(callerOf(input), {
    taskId: input.query.TaskId,
    externalId: input.query.ExternalId,
    workspaceId: input.query.WorkspaceId,
    fromHistory,
  });

export const viewerFileHandlers = defineHandlers({
  Document_PageDocument: requires(['Viewer.View'], async (input) => {
    const task = await viewerTask(input, input.query.FromHistory);
    const page = await pageFile(scopeOf(input), task, input.query.PageNumber);
    await sendBlob(
      input.reply,
      blobStorageFor(input.services.config),
      page.blob,
      { fileName: page.fileName, contentType: page.contentType, disposition: 'inline' },
      input.request.headers.range,
      // The contract declares 200 and 206 only: a range past the end gets the whole page.
      { unsatisfiable: 'whole' },
    );
    return untilSent(input.reply);
  }),

  Document_PageAndOCR: requires(['Viewer.View'], async (input) => {
    const task = await viewerTask(input, input.query.FromHistory);
    return pageAndOcr(scopeOf(input), task, input.query.PageNumber);
  }),

  Transcript_MediaUrlAndTranscript: requires(['Viewer.View'], async (input) => {
    // The call has no FromHistory: a transcript is read from whichever list holds the task.
    const task = await viewerTask(input, 'either');
    const workspace = await input.session.scope.workspace(task.workspace_id);
    // The editor opens the transcript before the first edit: load the alignment model meanwhile.
    void warmUpAlignment(retimeScopeOf(scopeOf(input), input.session.scope), task).catch(() => undefined);
    return mediaUrlAndTranscript(
      input.services.db,
      input.services.config.origin,
      scopeOf(input),
      task,
      workspace,
      blobStorageFor(input.services.config),
    );
  }),

  SdTask_ResultUrl: requires(['Task.View'], async (input) => {
    const task = await taskById(callerOf(input), input.params.id);
    return resultUrl(input.services.db, input.services.config.origin, scopeOf(input), task);
  }),

  SdTask_GetTaskIntegrationDetailsAsync: requires(['Task.View'], async (input) => {
    const task = await taskById(callerOf(input), input.params.taskId);
    return integrationRecords(input.services.db, scopeOf(input), task.id);
  }),
});
