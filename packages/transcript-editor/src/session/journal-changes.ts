/**
 * What the device journal keeps of a transcript: its changes from the transcript the server holds
 * (the saved base version), not the whole transcript. Edits keep the paragraphs they did not touch
 * (same objects, transcript-edits.ts), so the changes are found by identity in one pass over the
 * paragraph references: runs of the base's paragraphs kept in place, and the paragraphs written
 * anew. A keystroke in a 40,000-word transcript journals one paragraph, not megabytes.
 *
 * Restoring puts the written paragraphs back among the base's, taken from the server's transcript
 * at the same version, so the result is exactly the transcript that was journaled. Journals written
 * before this format hold the whole transcript (`Transcript` as the unit) and are still restored.
 */
import { sameJson } from '@reviewdesk/ui/review-session';
import { sameParagraph } from './stored-transcript.js';
import type { Transcript, TranscriptItem } from './types.js';

/** `count` paragraphs of the base kept as they were, from its paragraph `kept`; or one written anew. */
export type ParagraphRun = { kept: number; count: number } | { written: TranscriptItem };

export interface TranscriptChanges {
  format: 'paragraph-changes';
  /** How many paragraphs the transcript they were made against has (checked before applying them). */
  against: number;
  /** The transcript's paragraphs in order. */
  paragraphs: ParagraphRun[];
  /** Everything else of the transcript (speakers, annotations): small, kept whole. */
  rest: Omit<Transcript, 'transcripts'>;
  /**
   * Made against the transcript of the save that was out when they were written (the journal
   * unit's `sent`, itself changes from the base version), not against the base version.
   */
  onSent?: true;
}

/** A journaled transcript: its changes, or (journals written before them) the whole transcript. */
export type JournaledTranscript = Transcript | TranscriptChanges;

export const isTranscriptChanges = (unit: JournaledTranscript | undefined): unit is TranscriptChanges =>
  (unit as TranscriptChanges | undefined)?.format === 'paragraph-changes';

/** Where each paragraph of a base is, by object; made once per base (a save moves the base on). */
const positions = new WeakMap<Transcript, Map<TranscriptItem, number>>();
function positionsIn(base: Transcript): Map<TranscriptItem, number> {
  let found = positions.get(base);
  if (!found) {
    found = new Map(base.transcripts.map((item, i) => [item, i] as const));
    positions.set(base, found);
  }
  return found;
}

/** The changes that make `current` from `base`. */
export function changesFrom(base: Transcript, current: Transcript, how: { onSent?: boolean } = {}): TranscriptChanges {
  const at = positionsIn(base);
  const paragraphs: ParagraphRun[] = [];
  let run: { kept: number; count: number } | null = null;
  for (const item of current.transcripts) {
    const i = at.get(item);
    if (i === undefined) {
      run = null;
      paragraphs.push({ written: item });
    } else if (run && run.kept + run.count === i) run.count += 1;
    else {
      run = { kept: i, count: 1 };
      paragraphs.push(run);
    }
  }
  const { transcripts: _paragraphs, ...rest } = current;
  return {
    format: 'paragraph-changes',
    against: base.transcripts.length,
    paragraphs,
    rest,
    ...(how.onSent ? { onSent: true as const } : {}),
  };
}

/** `base` with the changes applied; null when they were not made against a transcript of its shape. */
export function applyChanges(base: Transcript, changes: TranscriptChanges): Transcript | null {
  const from = base.transcripts;
  if (from.length !== changes.against) return null;
  const transcripts: TranscriptItem[] = [];
  for (const run of changes.paragraphs) {
    if ('written' in run) transcripts.push(run.written);
    else {
      if (run.kept < 0 || run.count < 1 || run.kept + run.count > from.length) return null;
      for (let k = 0; k < run.count; k++) transcripts.push(from[run.kept + k] as TranscriptItem);
    }
  }
  return { ...changes.rest, transcripts };
}

const withoutVersion = ({ version: _v, ...rest }: Omit<Transcript, 'transcripts'> & { version?: unknown }) => rest;

/**
 * Whether `server` is what the changes made: as many paragraphs, every written paragraph in its
 * place with the same words and times, the same speakers and annotations. The paragraphs kept
 * from the base are not compared (the base version is gone from the server): while the reviewer
 * holds the checkout nobody else saves, and the version number already says one save landed.
 */
export function holdsChanges(server: Transcript, changes: TranscriptChanges): boolean {
  let at = 0;
  for (const run of changes.paragraphs) {
    if ('written' in run) {
      const there = server.transcripts[at];
      if (!there || !sameParagraph(there, run.written)) return false;
      at += 1;
    } else at += run.count;
  }
  const { transcripts: _paragraphs, ...rest } = server;
  return at === server.transcripts.length && sameJson(withoutVersion(rest), withoutVersion(changes.rest));
}
