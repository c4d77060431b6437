// Transcript/MediaUrlAndTranscript: what the transcript editor loads — short-lived signed URLs of
// the media (served with ranges) and of its waveform peaks, the transcript, and the speakers.
import type { Db } from '../../db/database.js';
import type { ResultsScope } from '../../db/repositories/results.js';
import type { TaskMediaRow, TaskRow, WorkspaceRow } from '../../db/schema.js';
import { safeFileName } from '../../formats/file-names.js';
import type { Speaker, Transcript } from '../../formats/transcript.js';
import type { BlobStorage } from '../../storage/blob-storage.js';
import { invalid } from '../errors.js';
import { predefinedSpeakersOf } from '../transcripts/predefined-speakers.js';
import { signedFileUrl } from './signed-urls.js';
import { notReadyYet } from './viewer-task.js';
import { prepareWaveform } from './waveform-resolution.js';

const SPEAKER_SOURCE = { Task: 10, Batch: 20, Workspace: 30 } as const;
const SPEAKER_ACTION_NONE = 10;

/** The transcript of a media task, or NotReadyYet while it is being recognised. */
export async function transcriptOf(
  scope: ResultsScope,
  task: TaskRow,
): Promise<{ media: TaskMediaRow; transcript: Transcript }> {
  if (task.file_kind === 'pdf' || task.file_kind === 'image') {
    throw invalid('The task is a document, not an audio or video task: it has no transcript.');
  }
  const media = await scope.media(task.id);
  if (!media?.transcript) throw notReadyYet('The task has no transcript yet: it is still being processed.');
  return { media, transcript: media.transcript as unknown as Transcript };
}

/**
 * TaskSpeaker of each speaker of the transcript — whether and how long they speak — followed by
 * the workspace's predefined speakers the transcript does not have yet. A speaker saved in the
 * workspace has source Workspace (30) and stays listed when it no longer speaks in the task
 * (product-spec §4); one known only to this task has source Task (10).
 */
export function taskSpeakers(transcript: Transcript, predefined: Speaker[] = []) {
  const spoken = new Map<string, number>();
  for (const item of transcript.transcripts) {
    if (!item.speakerId) continue;
    const seconds = item.duration ?? Math.max(0, item.end - item.start);
    spoken.set(item.speakerId, (spoken.get(item.speakerId) ?? 0) + seconds);
  }
  const saved = new Set(predefined.map((s) => s.speakerId).filter((id): id is string => !!id));
  const ofTask = new Set(transcript.speakers.map((s) => s.speakerId).filter((id): id is string => !!id));
  const listed = [...transcript.speakers, ...predefined.filter((s) => !s.speakerId || !ofTask.has(s.speakerId))];
  return listed.map((speaker: Speaker) => {
    const seconds = speaker.speakerId ? spoken.get(speaker.speakerId) : undefined;
    return {
      ...speaker,
      source: speaker.speakerId && saved.has(speaker.speakerId) ? SPEAKER_SOURCE.Workspace : SPEAKER_SOURCE.Task,
      isOnTask: seconds !== undefined,
      totalDuration: Math.round((seconds ?? 0) * 1000) / 1000,
      action: SPEAKER_ACTION_NONE,
    };
  });
}

export async function mediaUrlAndTranscript(
  db: Db,
  origin: string,
  scope: ResultsScope,
  task: TaskRow,
  workspace: WorkspaceRow | undefined,
  storage: BlobStorage,
) {
  const { media, transcript } = await transcriptOf(scope, task);
  const predefined = predefinedSpeakersOf(workspace);
  const source = task.blob_id ? await scope.blob(task.blob_id) : undefined;
  if (!source) throw notReadyYet('The media file of the task is not available.');
  const waveform = media.waveform_blob_id ? await scope.blob(media.waveform_blob_id) : undefined;
  const extension = source.file_name.includes('.') ? (source.file_name.split('.').pop() ?? 'bin') : 'bin';
  const urlResult = await signedFileUrl(db, origin, {
    blobId: source.id,
    tenantId: scope.tenantId,
    fileName: safeFileName(task.display_name, extension.toLowerCase()),
    contentType: source.content_type,
    disposition: 'inline',
  });
  const waveformUrlResult = waveform
    ? await signedFileUrl(db, origin, {
        blobId: waveform.id,
        tenantId: scope.tenantId,
        fileName: safeFileName(task.display_name, 'waveform.json'),
        contentType: 'application/json',
        disposition: 'inline',
        view: 'waveform-peaks',
      })
    : null;
  // The editor asks for the waveform's overview right after this answer: have its peaks read by then.
  if (waveform) prepareWaveform(storage, waveform);
  return {
    urlResult,
    waveformUrlResult,
    isVideo: task.file_kind === 'video',
    transcriptFullResult: transcript,
    speakers: taskSpeakers(transcript, predefined),
    predefinedSpeakers: predefined,
    version: media.version,
  };
}
