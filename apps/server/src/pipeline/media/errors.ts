// Typed errors of the media engines. The worker maps `code` to a task status and shows `message`
// to people, so messages name the file's problem in plain words and never carry a stack of
// ffmpeg log lines (the last lines of the tool's output travel separately in `detail`).

/** Why a media operation failed, as a stable code the pipeline can branch on. */
export type MediaErrorCode =
  /** The file does not exist or cannot be read. */
  | 'not-found'
  /** ffprobe/ffmpeg could not read the file: damaged, truncated, or not media at all. */
  | 'corrupt'
  /** The file is readable but has nothing we can use (e.g. no audio stream). */
  | 'unsupported'
  /** A required program (ffmpeg, pocketsphinx) is not installed. */
  | 'tool-missing'
  /** A program ran but failed for a reason other than the input. */
  | 'tool-failed'
  /** The operation was cancelled by the caller. */
  | 'aborted';

export class MediaError extends Error {
  override readonly name = 'MediaError';
  constructor(
    readonly code: MediaErrorCode,
    message: string,
    /** Last lines the tool printed, for logs. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** A speech engine was asked to work while not configured (no URL, missing model, language it lacks). */
export class EngineNotConfiguredError extends Error {
  override readonly name = 'EngineNotConfiguredError';
  constructor(
    readonly engine: string,
    readonly reason: string,
  ) {
    super(`Speech engine "${engine}" is not configured: ${reason}`);
  }
}

/** A configured speech engine failed on this input (bad answer, HTTP error, crash). */
export class TranscriptionError extends Error {
  override readonly name = 'TranscriptionError';
  constructor(
    readonly engine: string,
    message: string,
    readonly detail?: string,
  ) {
    super(`Speech engine "${engine}" failed: ${message}`);
  }
}
