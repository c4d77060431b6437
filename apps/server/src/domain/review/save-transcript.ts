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
//
// Word timings: the caller may hand in a `retime` step (the http layer passes forced alignment
// from the pipeline; the domain does not reach into the pipeline itself). It runs between a first,
// short transaction that checks the save would be accepted and the transaction that stores it, so
// no lock or connection is held while audio is aligned and nobody but the holder costs alignment
// work. Its report goes into the TranscriptSaved event. A failing retime never loses the edit: the
// transcript is saved with the times the editor sent.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import type { ReviewStore } from '../../db/repositories/review.js';
import type { TasksRepository } from '../../db/repositories/tasks.js';
import type { TaskRow } from '../../db/schema.js';
import { indexTask } from '../search/indexing.js';
import { stampAnnotations } from './annotations.js';
import { assigneesOf } from './checkout.js';
import { actorOfCaller, findTask, inTransaction, nowOf, type ReviewCaller, tenantOf, userOf } from './context.js';
import { REVIEW_EVENT, recordReviewEvent } from './events.js';
import { ReviewRefusal, refused, succeeded } from './outcome.js';
import { requireHolder } from './save-document.js';
import { applySpeakerChanges, SPEAKER_ACTION, type SpeakerChange, type TranscriptLike } from './speakers.js';

/** Re-times the words of edited paragraphs against the task's audio (see the note above). */
export type TranscriptRetimer = (
  task: TaskRow,
  stored: TranscriptLike,
  edited: TranscriptLike,
) => Promise<{ transcript: TranscriptLike; report: Record<string, unknown> }>;

export interface SaveTranscriptOptions {
  retime?: TranscriptRetimer;
}

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

/** The checks of a save, under the task lock: the stored media, or the refusal to answer. */
async function checkSave(
  store: ReviewStore,
  tasks: TasksRepository,
  taskId: string,
  me: string,
  now: Date,
  sent: number | null | undefined,
) {
  const task = await store.lockTask(taskId);
  if (!task) throw new ReviewRefusal(TaskErrorCode.NotFound, 'The task does not exist.');
  await requireHolder(store, await assigneesOf(tasks, task.id), task, me, now);
  const media = await store.media(task.id);
  if (!media?.transcript) {
    throw new ReviewRefusal(
      TaskErrorCode.NotReadyYet,
      'The task has no transcript to save (not a recording, or not recognised yet).',
    );
  }
  if (typeof sent === 'number' && sent !== media.version) {
    const by = media.modified_by ? (await store.userNames([media.modified_by])).get(media.modified_by) : undefined;
    return {
      task,
      media,
      refusal: refused(
        [
          {
            code: TaskErrorCode.SaveDocumentChangesFailed,
            message: `The transcript was changed by ${by ?? 'processing'} (version ${media.version}, yours ${sent}).`,
          },
        ],
        { savedResult: false, transcript: withVersion(media.transcript, media.version) },
      ),
    };
  }
  return { task, media, refusal: null };
}

export async function saveTranscriptChanges(
  caller: ReviewCaller,
  body: SaveTranscriptChangesBody,
  options: SaveTranscriptOptions = {},
) {
  const found = await findTask(caller, { taskId: body.taskId });
  if (found.workspace_id !== body.workspaceId) {
    throw new ReviewRefusal(TaskErrorCode.WorkspacesDontMatch, 'The task does not belong to the given workspace.');
  }
  const me = userOf(caller);
  const actor = actorOfCaller(caller);
  const { version: inner, ...sentTranscript } = body.transcript;
  const sent = typeof body.version === 'number' ? body.version : inner;
  const versioned = typeof sent === 'number';
  let edited = sentTranscript as TranscriptLike;
  let retimed: Record<string, unknown> | null = null;
  if (options.retime) {
    const retime = options.retime;
    const before = await inTransaction(caller, async ({ store, tasks }) =>
      checkSave(store, tasks, found.id, me, nowOf(caller), sent),
    );
    if (before.refusal) return before.refusal;
    try {
      const outcome = await retime(before.task, before.media.transcript as TranscriptLike, edited);
      edited = outcome.transcript;
      retimed = outcome.report;
    } catch (error) {
      retimed = { failed: error instanceof Error ? error.message : String(error) };
    }
  }
  const outcome = await inTransaction(caller, async ({ store, tasks }) => {
    const now = nowOf(caller);
    const { task, media, refusal } = await checkSave(store, tasks, found.id, me, now, sent);
    if (refusal) return refusal;
    const changes = (body.speakers ?? []).filter((s) => s.action !== SPEAKER_ACTION.None);
    const withSpeakers = applySpeakerChanges(edited, changes, me, now);
    const toStore = {
      ...withSpeakers,
      annotations: stampAnnotations(
        ((media.transcript as TranscriptLike | null)?.annotations ?? []) as unknown[],
        edited.annotations ?? [],
        me,
        now,
      ),
    };
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
        ...(retimed ? { retimed } : {}),
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
