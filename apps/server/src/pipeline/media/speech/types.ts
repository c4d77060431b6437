// The one interface every speech engine implements. The pipeline picks an engine by name, asks
// isConfigured() before queueing work (architecture §4: an engine that is not configured is
// reported as such, never faked) and gets words with times back; grouping into paragraphs and
// speakers happens afterwards, the same way for every engine (see ../transcript.ts).

import type { MediaRange } from '../pcm.js';

/** One recognised word, times in seconds from the start of the media (of the range, when one is given). */
export interface RecognizedWord {
  text: string;
  start: number;
  end: number;
  /** 0–1; null when the engine gives none. */
  confidence: number | null;
  /** Set by channel-split transcription: which audio channel the word was heard on. */
  channel?: number;
}

export interface TranscriptionOptions {
  /** BCP 47 tag (`en`, `en-US`, `pt-PT`) or null to let the engine decide. */
  language: string | null;
  /** Transcribe one channel only (0 = left) instead of a mix of all of them. */
  channel?: number;
  /** Transcribe only this part of the file; word times are then relative to the range's start. */
  range?: MediaRange;
  signal?: AbortSignal;
}

export interface TranscriptionResult {
  words: RecognizedWord[];
  /** Language the engine used (BCP 47). */
  language: string;
  /** Engine name, e.g. `pocketsphinx`, `whisper-http`. */
  engine: string;
  /** False when word times were spread over a segment because the engine gave none per word. */
  accurateWordTimestamps: boolean;
}

export interface ConfigurationState {
  ok: boolean;
  /** Why not, in words an administrator can act on. */
  reason?: string;
}

export interface SpeechRecognizer {
  readonly name: string;
  /** Whether the engine can run here, optionally for a given language. Synchronous and cheap (looks at files and settings only). */
  isConfigured(language?: string | null): ConfigurationState;
  /**
   * Transcribes the first audio stream of a file.
   * @throws EngineNotConfiguredError when isConfigured() would say no; TranscriptionError or
   *   MediaError when the engine or the decode fails.
   */
  transcribe(path: string, options: TranscriptionOptions): Promise<TranscriptionResult>;
}
