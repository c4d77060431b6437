// The speakers a workspace offers in every transcript (Transcript/PredefinedSpeakers), kept in the
// workspace configuration (`predefinedSpeakers`) beside the predefined texts.
//
// The saved/unsaved flag of product-spec §4 is what this list decides: a speaker stored here is
// saved in the workspace — the transcript editor lists it with source Workspace (30), whether or
// not it speaks in the task — while a speaker that exists only in one task's transcript is unsaved
// to the workspace (source Task, 10) until the list is PATCHed with it.
//
// PATCH replaces the whole list, like the predefined texts: speakers missing from it are removed,
// speakers without `speakerId` are created (a client-made id is kept, so the editor can refer to a
// speaker before the answer arrives). A speaker whose fields are unchanged keeps its modified
// stamp, so the list says who last really changed each one. Refused with WorkspaceConfigError (10):
// an empty name, a name or id used twice, more than one default.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { WorkspaceRow } from '../../db/schema.js';
import type { Speaker } from '../../formats/transcript.js';
import type { Session } from '../session.js';
import { openWorkspace } from '../workspaces/access.js';
import { storedOf } from '../workspaces/configuration.js';
import { configError } from '../workspaces/fields.js';

/** Longest speaker name, prefix or suffix kept (a name is a label, not a paragraph). */
export const SPEAKER_TEXT_MAX = 200;

const isSpeaker = (s: unknown): s is Speaker =>
  typeof s === 'object' && s !== null && typeof (s as Speaker).speakerName === 'string';

/** The workspace's predefined speakers as stored (none until someone saves one). */
export function predefinedSpeakersOf(workspace: WorkspaceRow | undefined): Speaker[] {
  if (!workspace) return [];
  const configured = storedOf(workspace).predefinedSpeakers;
  return Array.isArray(configured) ? configured.filter(isSpeaker) : [];
}

const optionalText = (value: string | null | undefined) => {
  const text = value?.trim();
  return text ? text : null;
};

/** The checks of a PATCH; the list comes back trimmed. */
export function checkSpeakers(speakers: Speaker[]): Speaker[] {
  const ids = new Set<string>();
  const names = new Set<string>();
  let defaults = 0;
  return speakers.map((speaker, index) => {
    const speakerName = speaker.speakerName.trim();
    if (!speakerName) throw configError(`The name of speaker ${index + 1} is empty.`);
    const speakerPrefix = optionalText(speaker.speakerPrefix);
    const speakerSuffix = optionalText(speaker.speakerSuffix);
    for (const text of [speakerName, speakerPrefix, speakerSuffix]) {
      if (text && text.length > SPEAKER_TEXT_MAX) {
        throw configError(`Speaker ${index + 1} has a text longer than ${SPEAKER_TEXT_MAX} characters.`);
      }
    }
    const key = speakerName.toLocaleLowerCase();
    if (names.has(key)) throw configError(`The speaker name '${speakerName}' is used twice.`);
    names.add(key);
    const speakerId = optionalText(speaker.speakerId);
    if (speakerId) {
      if (ids.has(speakerId)) throw configError(`The speaker id '${speakerId}' is used twice.`);
      ids.add(speakerId);
    }
    if (speaker.isDefault === true) defaults += 1;
    if (defaults > 1) throw configError('Only one speaker can be the default.');
    return { ...speaker, speakerId, speakerName, speakerPrefix, speakerSuffix, isDefault: speaker.isDefault === true };
  });
}

const sameFields = (a: Speaker, b: Speaker) =>
  a.speakerName === b.speakerName &&
  (a.speakerPrefix ?? null) === (b.speakerPrefix ?? null) &&
  (a.speakerSuffix ?? null) === (b.speakerSuffix ?? null) &&
  (a.isDefault === true) === (b.isDefault === true);

/** The list to store: ids for new speakers, created and modified stamps carried or set. */
export function speakersToStore(stored: Speaker[], sent: Speaker[], userId: string, now: Date): Speaker[] {
  const stamp = now.toISOString();
  const before = new Map(stored.flatMap((s) => (s.speakerId ? [[s.speakerId, s] as const] : [])));
  return checkSpeakers(sent).map((speaker) => {
    const previous = speaker.speakerId ? before.get(speaker.speakerId) : undefined;
    const fields = {
      speakerId: speaker.speakerId ?? randomUUID(),
      speakerName: speaker.speakerName,
      speakerPrefix: speaker.speakerPrefix ?? null,
      speakerSuffix: speaker.speakerSuffix ?? null,
      isDefault: speaker.isDefault === true,
    };
    if (previous && sameFields(previous, fields)) return previous;
    return {
      ...fields,
      createdOn: previous?.createdOn ?? stamp,
      createdBy: previous?.createdBy ?? userId,
      modifiedOn: stamp,
      modifiedBy: userId,
    };
  });
}

export async function getPredefinedSpeakers(db: Db, session: Session, workspaceId: string): Promise<Speaker[]> {
  const { row } = await openWorkspace(db, session, workspaceId);
  return predefinedSpeakersOf(row);
}

export async function patchPredefinedSpeakers(
  db: Db,
  session: Session,
  workspaceId: string,
  speakers: Speaker[],
  now: Date,
): Promise<Speaker[]> {
  const { scope, row } = await openWorkspace(db, session, workspaceId);
  const predefinedSpeakers = speakersToStore(predefinedSpeakersOf(row), speakers, session.user.id, now);
  await scope.update(workspaceId, { configuration: { ...storedOf(row), predefinedSpeakers } });
  return predefinedSpeakers;
}
