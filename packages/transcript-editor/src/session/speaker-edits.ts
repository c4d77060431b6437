/**
 * Speakers of a transcript, as spec §4 rules them. The task's speakers live in the transcript
 * (`transcript.speakers`), so every speaker edit is a transcript snapshot like any other edit —
 * undo and redo cover them — and paragraphs name their speaker by id, so a rename changes every
 * paragraph at once. What the server is told (added / edited / removed) is the difference between
 * the speakers last saved and the current ones ({@link speakerChanges}): removing a speaker that
 * was added leaves no trace of it. A speaker whose paragraphs are all gone leaves the task
 * ({@link leaveUnusedSpeakers}); the workspace's speakers stay offered in the list.
 */
import { enumCodeOf } from '@reviewdesk/api-client';
import { setParagraphSpeaker } from './transcript-edits.js';
import type { Speaker, TaskSpeaker, Transcript } from './types.js';

const ACTION = {
  None: enumCodeOf('SpeakerAction', 'None'),
  Added: enumCodeOf('SpeakerAction', 'Added'),
  Edited: enumCodeOf('SpeakerAction', 'Edited'),
  Removed: enumCodeOf('SpeakerAction', 'Removed'),
};
const SOURCE = { Task: enumCodeOf('SpeakerSource', 'Task'), Workspace: enumCodeOf('SpeakerSource', 'Workspace') };

const withSpeakers = (transcript: Transcript, speakers: Speaker[]): Transcript => ({ ...transcript, speakers });

/** At most one default: `id` keeps (or gets) the flag, the others lose it. */
function onlyDefault(speakers: Speaker[], id: string | null | undefined): Speaker[] {
  return speakers.map((s) => {
    const isDefault = s.speakerId === id;
    return (s.isDefault ?? false) === isDefault ? s : { ...s, isDefault };
  });
}

/** Adds a speaker to the task (a new one, or one of the workspace's). */
export function addSpeaker(transcript: Transcript, speaker: Speaker): Transcript {
  if (transcript.speakers.some((s) => s.speakerId === speaker.speakerId)) return transcript;
  const speakers = [...transcript.speakers, speaker];
  return withSpeakers(transcript, speaker.isDefault ? onlyDefault(speakers, speaker.speakerId) : speakers);
}

/** Renames a speaker: every paragraph of theirs shows the new name. */
export function renameSpeaker(transcript: Transcript, speakerId: string, name: string): Transcript {
  const speakerName = name.trim();
  const speaker = transcript.speakers.find((s) => s.speakerId === speakerId);
  if (!speaker || !speakerName || speaker.speakerName === speakerName) return transcript;
  return withSpeakers(
    transcript,
    transcript.speakers.map((s) => (s === speaker ? { ...s, speakerName } : s)),
  );
}

/** Makes a speaker the default; the flag leaves the others. */
export function makeDefaultSpeaker(transcript: Transcript, speakerId: string): Transcript {
  if (!transcript.speakers.some((s) => s.speakerId === speakerId)) return transcript;
  return withSpeakers(transcript, onlyDefault(transcript.speakers, speakerId));
}

/** Removes a speaker from the task; their paragraphs have no speaker any more. */
export function removeSpeaker(transcript: Transcript, speakerId: string): Transcript {
  if (!transcript.speakers.some((s) => s.speakerId === speakerId)) return transcript;
  return {
    ...transcript,
    speakers: transcript.speakers.filter((s) => s.speakerId !== speakerId),
    transcripts: transcript.transcripts.map((p) => (p.speakerId === speakerId ? { ...p, speakerId: null } : p)),
  };
}

/**
 * Whether every paragraph kept its speaker (the same paragraphs, each the same object or with the
 * same speaker): most edits (typing, replace-all) change words only, and then no speaker can have
 * lost its last paragraph, without collecting every paragraph's speaker twice.
 */
function sameSpeakersPerParagraph(before: Transcript, after: Transcript): boolean {
  const a = before.transcripts;
  const b = after.transcripts;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x !== y && (x?.speakerId ?? null) !== (y?.speakerId ?? null)) return false;
  }
  return true;
}

const usedSpeakers = (transcript: Transcript) => new Set(transcript.transcripts.map((p) => p.speakerId ?? null));

/**
 * `after` without the speakers that had paragraphs in `before` and have none left (spec §4: a
 * speaker with no remaining duration leaves the task). Speakers that never had a paragraph — just
 * added, not used yet — stay.
 */
export function leaveUnusedSpeakers(before: Transcript, after: Transcript): Transcript {
  if (before.transcripts === after.transcripts || after.speakers.length === 0) return after;
  if (sameSpeakersPerParagraph(before, after)) return after;
  const usedBefore = usedSpeakers(before);
  const usedAfter = usedSpeakers(after);
  const gone = after.speakers.filter((s) => usedBefore.has(s.speakerId ?? null) && !usedAfter.has(s.speakerId ?? null));
  if (gone.length === 0) return after;
  return withSpeakers(
    after,
    after.speakers.filter((s) => !gone.includes(s)),
  );
}

/** Seconds each speaker speaks in the transcript. */
export function speakerDurations(transcript: Transcript): Map<string | null, number> {
  const durations = new Map<string | null, number>();
  for (const p of transcript.transcripts) {
    const id = p.speakerId ?? null;
    durations.set(id, (durations.get(id) ?? 0) + Math.max(0, p.end - p.start));
  }
  return durations;
}

const sameSpeaker = (a: Speaker, b: Speaker) =>
  a.speakerName === b.speakerName &&
  (a.isDefault ?? false) === (b.isDefault ?? false) &&
  (a.speakerPrefix ?? null) === (b.speakerPrefix ?? null) &&
  (a.speakerSuffix ?? null) === (b.speakerSuffix ?? null);

/**
 * What SaveTranscriptChanges is told about speakers: the difference between the speakers last
 * saved and the transcript's. A speaker added and removed again before saving is not mentioned.
 */
export function speakerChanges(
  saved: readonly Speaker[],
  transcript: Transcript,
  workspaceIds: ReadonlySet<string>,
): TaskSpeaker[] {
  const durations = speakerDurations(transcript);
  const task = (s: Speaker, action: TaskSpeaker['action'], isOnTask: boolean): TaskSpeaker => ({
    ...s,
    source: s.speakerId && workspaceIds.has(s.speakerId) ? SOURCE.Workspace : SOURCE.Task,
    isOnTask,
    totalDuration: Math.round((durations.get(s.speakerId ?? null) ?? 0) * 1000) / 1000,
    action,
  });
  const before = new Map(saved.map((s) => [s.speakerId ?? '', s]));
  const changes: TaskSpeaker[] = [];
  for (const s of transcript.speakers) {
    const was = before.get(s.speakerId ?? '');
    if (!was) changes.push(task(s, ACTION.Added, true));
    else if (!sameSpeaker(was, s)) changes.push(task(s, ACTION.Edited, true));
  }
  const now = new Set(transcript.speakers.map((s) => s.speakerId ?? ''));
  for (const s of saved) if (!now.has(s.speakerId ?? '')) changes.push(task(s, ACTION.Removed, false));
  return changes;
}

/**
 * Gives paragraph `index` to `speaker` (null: nobody). A workspace speaker not yet on the task
 * joins it in the same edit, so one undo takes both back.
 */
export function assignParagraphSpeaker(transcript: Transcript, index: number, speaker: Speaker | null): Transcript {
  const withSpeaker = speaker ? addSpeaker(transcript, speaker) : transcript;
  return setParagraphSpeaker(withSpeaker, index, speaker?.speakerId ?? null);
}

export { ACTION as SPEAKER_ACTION };
