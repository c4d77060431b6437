// The viewer's reads of a processed task: a page file (Document/PageDocument), a page's result and
// OCR layer (Document/PageAndOCR), the transcript editor's data (Transcript/MediaUrlAndTranscript),
// the result download URL (SdTask/ResultUrl) and the delivery records
// (SdTask/GetTaskIntegrationDetailsAsync). Rules live in src/domain/results.
import { TasksRepository } from '../../db/repositories/tasks.js';
import { integrationRecords } from '../../domain/results/integrations.js';
import { pageAndOcr, pageFile } from '../../domain/results/page-results.js';
import { resultUrl } from '../../domain/results/result-url.js';
import { ResultsScope } from '../../domain/results/results-scope.js';
import { sendBlob, untilSent } from '../../domain/results/send-file.js';
import { mediaUrlAndTranscript } from '../../domain/results/transcript-data.js';
import { resolveViewerTask } from '../../domain/results/viewer-task.js';
import { type TaskCaller, taskById } from '../../domain/tasks/commands.js';
import { blobStorageFor } from '../../storage/blob-storage.js';
import type { HandlerInput, HandlerMap } from '../handler.js';
import { requires } from '../handler.js';

const tenantOf = (input: HandlerInput) => input.session.membership.tenant_id;
const scopeOf = (input: HandlerInput) => new ResultsScope(input.services.db, tenantOf(input));
const callerOf = (input: HandlerInput): TaskCaller => ({
  repo: new TasksRepository(input.services.db, tenantOf(input)),
  db: input.services.db,
  session: input.session,
});

const viewerTask = (input: HandlerInput, fromHistory: unknown = input.query.FromHistory) =>
  resolveViewerTask(callerOf(input), {
    taskId: input.query.TaskId,
    externalId: input.query.ExternalId,
    workspaceId: String(input.query.WorkspaceId),
    fromHistory,
  });

export const viewerFileHandlers: HandlerMap = {
  Document_PageDocument: requires(['Viewer.View'], async (input) => {
    const task = await viewerTask(input);
    const page = await pageFile(scopeOf(input), task, Number(input.query.PageNumber));
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
    const task = await viewerTask(input);
    return pageAndOcr(scopeOf(input), task, Number(input.query.PageNumber));
  }),

  Transcript_MediaUrlAndTranscript: requires(['Viewer.View'], async (input) => {
    // The call has no FromHistory: a transcript is read from whichever list holds the task.
    const task = await viewerTask(input, 'either');
    const workspace = await input.session.scope.workspace(task.workspace_id);
    return mediaUrlAndTranscript(input.services.db, input.services.config.origin, scopeOf(input), task, workspace);
  }),

  SdTask_ResultUrl: requires(['Task.View'], async (input) => {
    const task = await taskById(callerOf(input), String(input.params.id));
    return resultUrl(input.services.db, input.services.config.origin, scopeOf(input), task);
  }),

  SdTask_GetTaskIntegrationDetailsAsync: requires(['Task.View'], async (input) => {
    const task = await taskById(callerOf(input), String(input.params.taskId));
    return integrationRecords(input.services.db, scopeOf(input), task.id);
  }),
};
