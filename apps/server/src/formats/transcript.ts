// The contract's Transcript as the pipeline builds it, the review stores it and the export writers
// read it: paragraphs (TranscriptItem) of timed words, each with one speaker.

import type { Schema } from '../contract/types.js';

export { TranscriptItemType } from '../contract/generated/enums.js';

export type TranscriptWord = Schema<'TranscriptWord'>;
export type TranscriptItem = Schema<'TranscriptItem'>;
export type Speaker = Schema<'Speaker'>;
export type Annotation = Schema<'Annotation'>;
export type Transcript = Schema<'Transcript'>;

const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Seconds each speaker talks (TaskSpeaker.totalDuration), by speaker id. */
export function speakingTime(transcript: Transcript): Map<string | null, number> {
  const totals = new Map<string | null, number>();
  for (const item of transcript.transcripts) {
    const id = item.speakerId ?? null;
    totals.set(id, ms((totals.get(id) ?? 0) + (item.end - item.start)));
  }
  return totals;
}
