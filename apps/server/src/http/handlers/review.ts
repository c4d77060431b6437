// The review lifecycle: Viewer_ViewerInit, Viewer_Checkout, Viewer_ReviewRenew, Viewer_ReviewCancel,
// Viewer_ReviewFinish, Document_SaveDocumentChanges, Transcript_SaveTranscriptChanges and
// SdTask_GetNextTask. Rules live in src/domain/review. A refusal with a TaskErrorCode answers 200
// `{succeeded: false, errors: [{code, message}]}` (the contract's ResultBase); a task or workspace
// the caller does not reach answers 404 (403 for GetNextTask, whose contract has no 404) before any
// rule, so nothing of another tenant shows.
//
// Document_SaveDocumentChanges — the version rule the viewer relies on, kept exact: each changed
// page's DocumentResult carries `version` = the page version the client edited. Equal to the stored
// version → saved, and the page's new version is exactly the sent `version + 1` (the client assumes
// this and does not reload the page); tasks.document_version grows by one per saved page. Different
// → that page is not saved, it is listed in `unsavedPages`, and `errors` carries a
// SaveDocumentChangesFailed (8) "Page N was changed by <user> (version X, yours Y)" for it.
// Transcript_SaveTranscriptChanges applies the same rule to the transcript (task_media.version) and
// re-times the words of edited paragraphs against the audio (../transcript-retiming.ts).
import type { Permission } from '../../contract/generated/enums.js';
import { cancel, checkout, renew } from '../../domain/review/checkout.js';
import type { ReviewCaller } from '../../domain/review/context.js';
import { finishReview } from '../../domain/review/finish.js';
import { nextTask } from '../../domain/review/next-task.js';
import { asResult } from '../../domain/review/outcome.js';
import { saveDocumentChanges } from '../../domain/review/save-document.js';
import { saveTranscriptChanges } from '../../domain/review/save-transcript.js';
import { viewerInit } from '../../domain/review/viewer-init.js';
import { resultsOf } from '../callers.js';
import { type CallContext, defineHandlers, type HandlerInput, requires, withBodyLimit } from '../handler.js';
import { retimeScopeOf, transcriptRetimer } from '../transcript-retiming.js';

const callerOf = ({ services, session }: CallContext): ReviewCaller => ({ db: services.db, session });
const REVIEW: readonly Permission[] = ['Task.Review'];
/**
 * The editor saves the whole transcript: ~110 bytes a word as JSON, so a 4-hour recording's 40,000
 * words are ~4.5 MB, past the server's 1 MB default. Room for a day of speech (24 h at 150 words a
 * minute, 216,000 words, ~24 MB) with a margin.
 */
const MAX_TRANSCRIPT_SAVE_BYTES = 48 * 1024 * 1024;

/** The task of a Review/{taskId} call, with the external id checked against it when sent. */
const pathTask = ({ params, query }: Pick<HandlerInput<'Viewer_ReviewRenew'>, 'params' | 'query'>) => ({
  taskId: params.taskId,
  externalId: query.externalId,
});

export const reviewHandlers = defineHandlers({
  Viewer_ViewerInit: requires(['Viewer.View'], async (input) =>
    viewerInit(callerOf(input), input.query, input.services.config.origin),
  ),

  Viewer_Checkout: requires(REVIEW, async (input) => asResult(() => checkout(callerOf(input), input.body))),
  Viewer_ReviewRenew: requires(REVIEW, async (input) => asResult(() => renew(callerOf(input), pathTask(input)))),
  Viewer_ReviewCancel: requires(REVIEW, async (input) => asResult(() => cancel(callerOf(input), pathTask(input)))),
  Viewer_ReviewFinish: requires(REVIEW, async (input) =>
    asResult(() => finishReview(callerOf(input), pathTask(input))),
  ),

  Document_SaveDocumentChanges: requires(REVIEW, async (input) =>
    asResult(() => saveDocumentChanges(callerOf(input), input.body)),
  ),
  Transcript_SaveTranscriptChanges: withBodyLimit(
    MAX_TRANSCRIPT_SAVE_BYTES,
    requires(REVIEW, async (input) =>
      asResult(() =>
        saveTranscriptChanges(callerOf(input), input.body, {
          retime: transcriptRetimer(input.services.config, retimeScopeOf(resultsOf(input), input.session.scope)),
        }),
      ),
    ),
  ),

  SdTask_GetNextTask: requires(REVIEW, async (input) => {
    return nextTask(callerOf(input), input.params.workspaceId, input.query.batchId || null);
  }),
});
