// Transcript/SaveTranscriptChanges: the checkout holder saves the edited transcript and its speaker
// changes, on task_media. The version rule is the pages' rule (save-document.ts): the transcript
// carries `version` = the version the client edited; equal to the stored one → saved, and the new
// version is exactly `version + 1` (tasks.document_version grows by one); different → not saved,
// SaveDocumentChangesFailed (8) "The transcript was changed by <user> (version X, yours Y)" with the
// stored transcript in the result so the editor can show the conflict.
// Where the version travels: the contract names none (reported). Transcript/MediaUrlAndTranscript
// answers it as `version` beside the transcript, so the request may carry it the same way
// (`version` beside `transcript`) or inside the transcript (`transcript.version`). A client that
// sends none saves over whatever is stored, as before versions existed, and the event says so.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import { indexTask } from '../search/indexing.js';
import { assigneesOf } from './checkout.js';
import { actorOfCaller, findTask, inTransaction, nowOf, type ReviewCaller, tenantOf, userOf } from './context.js';
import { REVIEW_EVENT, recordReviewEvent } from './events.js';
import { ReviewRefusal, refused, succeeded } from './outcome.js';
import { requireHolder } from './save-document.js';
import { applySpeakerChanges, SPEAKER_ACTION, type SpeakerChange, type TranscriptLike } from './speakers.js';

export interface SaveTranscriptChangesBody {
  taskId: string;
  workspaceId: string;
  transcript: TranscriptLike & { version?: number | null };
  speakers?: SpeakerChange[];
  /** The transcript version the client edited (see above); wins over `transcript.version`. */
  version?: number | null;
}

const withVersion = (transcript: Record<string, unknown> | null, version: number) =>
  transcript ? { ...transcript, version } : null;

export async function saveTranscriptChanges(caller: ReviewCaller, body: SaveTranscriptChangesBody) {
  const found = await findTask(caller, { taskId: body.taskId });
  if (found.workspace_id !== body.workspaceId) {
    throw new ReviewRefusal(TaskErrorCode.WorkspacesDontMatch, 'The task does not belong to the given workspace.');
  }
  const me = userOf(caller);
  const actor = actorOfCaller(caller);
  const outcome = await inTransaction(caller, async ({ store, tasks }) => {
    const now = nowOf(caller);
    const task = await store.lockTask(found.id);
    if (!task) throw new ReviewRefusal(TaskErrorCode.NotFound, 'The task does not exist.');
    await requireHolder(store, await assigneesOf(tasks, task.id), task, me, now);
    const media = await store.media(task.id);
    if (!media?.transcript) {
      throw new ReviewRefusal(
        TaskErrorCode.NotReadyYet,
        'The task has no transcript to save (not a recording, or not recognised yet).',
      );
    }
    const { version: inner, ...edited } = body.transcript;
    const sent = typeof body.version === 'number' ? body.version : inner;
    const versioned = typeof sent === 'number';
    if (versioned && sent !== media.version) {
      const by = media.modified_by ? (await store.userNames([media.modified_by])).get(media.modified_by) : undefined;
      return refused(
        [
          {
            code: TaskErrorCode.SaveDocumentChangesFailed,
            message: `The transcript was changed by ${by ?? 'processing'} (version ${media.version}, yours ${sent}).`,
          },
        ],
        { savedResult: false, transcript: withVersion(media.transcript, media.version) },
      );
    }
    const changes = (body.speakers ?? []).filter((s) => s.action !== SPEAKER_ACTION.None);
    const toStore = applySpeakerChanges(edited as TranscriptLike, changes, me, now);
    const version = await store.saveTranscript(task.id, media.version, toStore, me, now);
    if (version === undefined) {
      // Cannot happen under the task lock unless processing rewrote the transcript; say so plainly.
      throw new ReviewRefusal(
        TaskErrorCode.SaveDocumentChangesFailed,
        'The transcript changed while saving; reload it.',
      );
    }
    const documentVersion = await store.addDocumentVersions(task.id, 1);
    await recordReviewEvent(
      tasks,
      actor,
      task.id,
      REVIEW_EVENT.TranscriptSaved,
      `Transcript saved by ${actor.label} (version ${version}${versioned ? '' : ', sent without the version it was edited from'}${
        changes.length > 0 ? `, ${changes.length} speaker change${changes.length === 1 ? '' : 's'}` : ''
      }).`,
      {
        version,
        documentVersion,
        versioned,
        speakerChanges: changes.map((c) => ({ speakerId: c.speakerId ?? null, action: c.action })),
      },
    );
    return succeeded({ savedResult: true, transcript: withVersion(toStore, version) });
  });
  // After the save committed: the index follows the saved transcript, and its failure is logged,
  // never a lost save.
  if (outcome.result?.savedResult) {
    await indexTask(caller.db, tenantOf(caller), found.id, { reason: 'review saved the transcript' });
  }
  return outcome;
}
