/**
 * The rules of the predefined-speakers draft, the server's own (Transcript PatchPredefinedSpeakers,
 * WorkspaceConfigError 10) said per row before saving: a name is needed, names are unique whatever
 * their case, name, prefix and suffix are at most 200 characters; at most one speaker is the
 * default (the form's radio buttons keep that true). Also which rows differ from the saved list.
 */
import type { Schema } from '@reviewdesk/api-client';

export type Speaker = Schema<'Speaker'>;

/** Longest name, prefix or suffix the server keeps. */
export const SPEAKER_TEXT_MAX = 200;

export type SpeakerProblem = 'empty' | 'duplicate' | 'tooLong';

/** Speaker id → the problem of its name, and of its prefix or suffix. */
export function speakerProblems(draft: readonly Speaker[]): Map<string, { name?: SpeakerProblem; affix?: 'tooLong' }> {
  const problems = new Map<string, { name?: SpeakerProblem; affix?: 'tooLong' }>();
  const seen = new Set<string>();
  for (const speaker of draft) {
    const id = speaker.speakerId ?? '';
    const name = speaker.speakerName.trim();
    const found: { name?: SpeakerProblem; affix?: 'tooLong' } = {};
    if (!name) found.name = 'empty';
    else if (name.length > SPEAKER_TEXT_MAX) found.name = 'tooLong';
    else if (seen.has(name.toLocaleLowerCase())) found.name = 'duplicate';
    seen.add(name.toLocaleLowerCase());
    if (
      (speaker.speakerPrefix?.length ?? 0) > SPEAKER_TEXT_MAX ||
      (speaker.speakerSuffix?.length ?? 0) > SPEAKER_TEXT_MAX
    )
      found.affix = 'tooLong';
    if (found.name || found.affix) problems.set(id, found);
  }
  return problems;
}

const fieldsOf = (s: Speaker) =>
  JSON.stringify([s.speakerId, s.speakerName, s.speakerPrefix || null, s.speakerSuffix || null, s.isDefault === true]);

/** Speakers new or changed since the last save (the "unsaved" flag of product-spec §4). */
export function unsavedSpeakers(draft: readonly Speaker[], saved: readonly Speaker[]): Set<string> {
  const before = new Set(saved.map(fieldsOf));
  return new Set(draft.filter((s) => !before.has(fieldsOf(s))).map((s) => s.speakerId ?? ''));
}

export const sameSpeakers = (a: readonly Speaker[], b: readonly Speaker[]) =>
  a.length === b.length && a.every((s, i) => b[i] !== undefined && fieldsOf(s) === fieldsOf(b[i] as Speaker));

/** What the server is sent: trimmed texts, empty prefix or suffix as null. */
export const speakersToSend = (draft: readonly Speaker[]): Speaker[] =>
  draft.map((s) => ({
    speakerId: s.speakerId,
    speakerName: s.speakerName.trim(),
    speakerPrefix: s.speakerPrefix?.trim() || null,
    speakerSuffix: s.speakerSuffix?.trim() || null,
    isDefault: s.isDefault === true,
  }));
