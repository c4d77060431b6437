// The rules of a task's summary (product-spec §3 "Video summary", §4 states): which tasks can be
// summarised (those with a transcript: Transcript, Subtitles and TranscriptSummarization tasks,
// audio or video), what a summary costs, and how long a summary may be.
// Cost: like transcribing, a summary is paid by the recording's started minutes × the workspace's
// creditsMultiplierPerUnit (1 when unset), taken when the summary is made, so a failed one costs
// nothing. A TranscriptSummarization task's first summary is part of its processing (already paid).
import { SummaryLength } from '../../contract/generated/enums.js';
import { type CreditsNeeded, creditsFor } from '../licences/licences.js';

/** What the usage history calls a summary. */
export const SUMMARY_USAGE_TYPE = 'VideoTextualSummary';

export function summaryCredits(durationMs: number, multiplier: unknown): CreditsNeeded {
  const minutes = Math.max(1, Math.ceil(durationMs / 60_000));
  return creditsFor(minutes, 'minute', multiplier);
}

/** How many sentences a summary of `available` sentences has, for each length. */
export function sentenceCount(length: number, available: number): number {
  const [share, min, max] =
    length === SummaryLength.Short ? [0.1, 2, 4] : length === SummaryLength.Long ? [0.35, 5, 12] : [0.2, 3, 7];
  return Math.min(available, Math.max(min, Math.min(max, Math.round(available * share))));
}

/** About how many words a written summary has, for each length. */
export function wordTarget(length: number): number {
  return length === SummaryLength.Short ? 60 : length === SummaryLength.Long ? 300 : 140;
}

/** "[1:05]" — how an extractive summary marks where each quoted sentence was said. */
export function timeMark(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `[${h}:${String(m).padStart(2, '0')}:${s}]` : `[${m}:${s}]`;
}
