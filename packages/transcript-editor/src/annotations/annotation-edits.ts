/**
 * Annotations of a transcript (spec §3: content over a time range, with who made and changed it
 * when). They live in the transcript, so every change is a transcript snapshot like a word edit:
 * one undo takes it back, the autosave and the device journal carry it. Pure functions.
 */
import type { Annotation, Transcript } from '../session/types.js';

/** Length of an annotation added at the playback position when no paragraph is there, seconds. */
export const DEFAULT_ANNOTATION_SECONDS = 5;

/** Why a time range cannot be an annotation's; null when it can. */
export type RangeProblem = 'invalid' | 'order' | 'outside';

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The annotations in the order they are heard (then the shorter first). */
export function annotationsInOrder(annotations: readonly Annotation[]): Annotation[] {
  return [...annotations].sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Checks a range: numbers, start before end, inside the media (`duration` 0: not known yet, only
 * the start of the media bounds it).
 */
export function rangeProblem(start: number, end: number, duration: number): RangeProblem | null {
  if (!Number.isFinite(start) || !Number.isFinite(end)) return 'invalid';
  if (start >= end) return 'order';
  if (start < 0 || (duration > 0 && end > duration + 0.001)) return 'outside';
  return null;
}

/** The range proposed for a new annotation: the paragraph's when there is one, else from `at` on. */
export function proposedRange(
  paragraph: { start: number; end: number } | null | undefined,
  at: number,
  duration: number,
): { start: number; end: number } {
  if (paragraph && paragraph.end > paragraph.start) return { start: paragraph.start, end: paragraph.end };
  const limit = duration > 0 ? duration : Number.POSITIVE_INFINITY;
  const end = Math.min(at + DEFAULT_ANNOTATION_SECONDS, limit);
  // At the very end of the media the range reaches back instead of forward.
  const start = end - at < 0.1 ? Math.max(0, end - DEFAULT_ANNOTATION_SECONDS) : at;
  return { start: round(Math.max(0, start)), end: round(end) };
}

/** Adds an annotation (a new `uniqueId` each time), stamped as made now. */
export function addAnnotation(
  transcript: Transcript,
  annotation: { uniqueId: string; content: string; start: number; end: number },
  now: Date,
): Transcript {
  const stamp = now.toISOString();
  const added: Annotation = {
    uniqueId: annotation.uniqueId,
    content: annotation.content.trim(),
    start: round(annotation.start),
    end: round(annotation.end),
    createdOn: stamp,
    modifiedOn: stamp,
  };
  return { ...transcript, annotations: [...(transcript.annotations ?? []), added] };
}

/** Changes an annotation's content or times; the same transcript when nothing changes. */
export function updateAnnotation(
  transcript: Transcript,
  uniqueId: string,
  change: { content?: string; start?: number; end?: number },
  now: Date,
): Transcript {
  const annotations = transcript.annotations ?? [];
  const index = annotations.findIndex((a) => a.uniqueId === uniqueId);
  const before = annotations[index];
  if (!before) return transcript;
  const after: Annotation = {
    ...before,
    ...(change.content !== undefined ? { content: change.content.trim() } : {}),
    ...(change.start !== undefined ? { start: round(change.start) } : {}),
    ...(change.end !== undefined ? { end: round(change.end) } : {}),
  };
  if (after.content === before.content && after.start === before.start && after.end === before.end) return transcript;
  const next = annotations.slice();
  // Who changed it is the server's to say (it stamps it on save); until then the device's clock.
  next[index] = { ...after, modifiedOn: now.toISOString(), modifiedBy: null };
  return { ...transcript, annotations: next };
}

/** Removes an annotation. */
export function removeAnnotation(transcript: Transcript, uniqueId: string): Transcript {
  const annotations = transcript.annotations ?? [];
  if (!annotations.some((a) => a.uniqueId === uniqueId)) return transcript;
  return { ...transcript, annotations: annotations.filter((a) => a.uniqueId !== uniqueId) };
}

/** The annotations being played at `seconds` (their ids). */
export function annotationsAt(annotations: readonly Annotation[], seconds: number): Set<string> {
  const playing = new Set<string>();
  for (const a of annotations) if (seconds >= a.start && seconds < a.end) playing.add(a.uniqueId);
  return playing;
}
