/**
 * Names for the contract types the transcript editor works with, so modules read `Transcript`
 * instead of `Schema<'Transcript'>`. Nothing here is hand-written shape.
 */
import type { Schema } from '@reviewdesk/api-client';

export type TranscriptData = Schema<'TranscriptData'>;
export type Transcript = Schema<'Transcript'>;
export type TranscriptItem = Schema<'TranscriptItem'>;
export type TranscriptWord = Schema<'TranscriptWord'>;
export type Speaker = Schema<'Speaker'>;
export type TaskSpeaker = Schema<'TaskSpeaker'>;
export type Annotation = Schema<'Annotation'>;
export type WaveformPeaks = Schema<'WaveformPeaks'>;
export type ViewerInitResult = Schema<'ViewerInitResult'>;
export type CheckoutResult = Schema<'CheckoutResult'>;
export type TranscriptExportOptions = Schema<'TranscriptExportOptions'>;
export type { FinishReviewResult, SaveState } from '@reviewdesk/ui/review-session';
