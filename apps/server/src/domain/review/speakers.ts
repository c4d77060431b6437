// Speaker changes that come with a saved transcript (SaveTranscriptChangesRequest.speakers): each
// TaskSpeaker carries its pending `action` — Added 20, Edited 30, Removed 40 (None 10 is ignored).
// Pure: returns the transcript to store. New speakers get an id; making a speaker the default
// clears the flag on the others (product-spec §4); a removed speaker's paragraphs lose their speaker.
import { randomUUID } from 'node:crypto';

export const SPEAKER_ACTION = { None: 10, Added: 20, Edited: 30, Removed: 40 } as const;

export interface SpeakerLike {
  speakerId?: string | null;
  speakerName: string;
  speakerPrefix?: string | null;
  speakerSuffix?: string | null;
  isDefault?: boolean;
  [key: string]: unknown;
}

export interface SpeakerChange extends SpeakerLike {
  action: number;
}

export interface TranscriptLike {
  transcripts: Array<{ speakerId?: string | null; [key: string]: unknown }>;
  speakers: SpeakerLike[];
  annotations: unknown[];
  [key: string]: unknown;
}

/** Only the Speaker fields are stored; source, isOnTask, totalDuration and action belong to the editor. */
function asSpeaker(s: SpeakerLike, id: string, now: string, userId: string, created?: SpeakerLike): SpeakerLike {
  return {
    speakerId: id,
    speakerName: s.speakerName,
    speakerPrefix: s.speakerPrefix ?? null,
    speakerSuffix: s.speakerSuffix ?? null,
    isDefault: s.isDefault === true,
    createdOn: (created?.createdOn as string | undefined) ?? now,
    createdBy: (created?.createdBy as string | undefined) ?? userId,
    modifiedOn: now,
    modifiedBy: userId,
  };
}

export function applySpeakerChanges(
  transcript: TranscriptLike,
  changes: SpeakerChange[],
  userId: string,
  now: Date,
): TranscriptLike {
  const stamp = now.toISOString();
  let speakers = transcript.speakers.map((s) => (s.speakerId ? s : asSpeaker(s, randomUUID(), stamp, userId)));
  let transcripts = transcript.transcripts;
  let madeDefault: string | null = null;
  for (const change of changes) {
    const existing = change.speakerId ? speakers.find((s) => s.speakerId === change.speakerId) : undefined;
    if (change.action === SPEAKER_ACTION.Added && !existing) {
      const added = asSpeaker(change, change.speakerId || randomUUID(), stamp, userId);
      speakers = [...speakers, added];
      if (added.isDefault) madeDefault = added.speakerId as string;
    } else if ((change.action === SPEAKER_ACTION.Edited || change.action === SPEAKER_ACTION.Added) && existing) {
      const edited = asSpeaker(change, existing.speakerId as string, stamp, userId, existing);
      speakers = speakers.map((s) => (s.speakerId === existing.speakerId ? edited : s));
      if (edited.isDefault) madeDefault = edited.speakerId as string;
    } else if (change.action === SPEAKER_ACTION.Removed && existing) {
      speakers = speakers.filter((s) => s.speakerId !== existing.speakerId);
      transcripts = transcripts.map((t) => (t.speakerId === existing.speakerId ? { ...t, speakerId: null } : t));
    }
  }
  // At most one default: the one just made default, else the first that claims it.
  const keep = madeDefault ?? speakers.find((s) => s.isDefault)?.speakerId ?? null;
  speakers = speakers.map((s) => ({ ...s, isDefault: keep !== null && s.speakerId === keep }));
  return { ...transcript, transcripts, speakers };
}
