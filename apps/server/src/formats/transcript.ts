// The contract's Transcript as the pipeline builds it, the review stores it and the export writers
// read it: paragraphs (TranscriptItem) of timed words, each with one speaker.

/** Contract enum TranscriptItemType. */
export const TranscriptItemType = { Timed: 10, Token: 20 } as const;

/** Contract schema TranscriptWord. */
export interface TranscriptWord {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  offsetInSeconds: number;
  durationInSeconds: number;
  confidence?: number | null;
}

/** Contract schema TranscriptItem. */
export interface TranscriptItem {
  type: (typeof TranscriptItemType)[keyof typeof TranscriptItemType];
  speakerId?: string | null;
  start: number;
  end: number;
  duration?: number;
  confidence?: number | null;
  children: TranscriptWord[];
}

/** Contract schema Speaker (the fields the pipeline fills). */
export interface Speaker {
  speakerId?: string | null;
  speakerName: string;
  speakerPrefix?: string | null;
  speakerSuffix?: string | null;
  isDefault?: boolean;
}

/** Contract schema Annotation (only carried through here). */
export interface Annotation {
  uniqueId: string;
  content: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Contract schema Transcript. */
export interface Transcript {
  accurateWordTimestamps?: boolean;
  transcripts: TranscriptItem[];
  speakers: Speaker[];
  annotations: Annotation[];
}

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
