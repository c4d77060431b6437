// Typed errors of the document engines. The worker maps `code` to a task failure status and shows
// `message` to people, so messages are whole sentences without stack-trace jargon.

export type DocumentErrorCode =
  | 'encrypted'
  | 'corrupt'
  | 'unsupported-file-type'
  | 'image-too-large'
  | 'engine-not-configured'
  | 'engine-failed'
  | 'engine-timeout';

export abstract class DocumentEngineError extends Error {
  abstract readonly code: DocumentErrorCode;
}

export class EncryptedDocumentError extends DocumentEngineError {
  readonly code = 'encrypted';
  /** True when a password was given and it was wrong, false when none was given. */
  readonly wrongPassword: boolean;
  constructor(wrongPassword: boolean) {
    super(
      wrongPassword
        ? 'The PDF is encrypted and the password given is wrong.'
        : 'The PDF is encrypted and no password was given.',
    );
    this.name = 'EncryptedDocumentError';
    this.wrongPassword = wrongPassword;
  }
}

export class CorruptDocumentError extends DocumentEngineError {
  readonly code = 'corrupt';
  /** The parser's own words, for the detailed log. */
  readonly reason: string;
  constructor(what: string, reason: string) {
    super(`The ${what} is damaged and cannot be read: ${reason}`);
    this.name = 'CorruptDocumentError';
    this.reason = reason;
  }
}

export class UnsupportedFileTypeError extends DocumentEngineError {
  readonly code = 'unsupported-file-type';
  constructor(detected: string | null) {
    super(
      detected === null
        ? 'The file type is not recognised; documents must be PDF or image files.'
        : `Files of type ${detected} cannot be processed as documents.`,
    );
    this.name = 'UnsupportedFileTypeError';
  }
}

/** Refused before decoding: protects the worker from decompression bombs. */
export class ImageTooLargeError extends DocumentEngineError {
  readonly code = 'image-too-large';
  constructor(detail: string) {
    super(`The image is too large to process safely (${detail}).`);
    this.name = 'ImageTooLargeError';
  }
}

export class EngineNotConfiguredError extends DocumentEngineError {
  readonly code = 'engine-not-configured';
  constructor(engine: string, reason: string) {
    super(`The ${engine} engine is not configured: ${reason}`);
    this.name = 'EngineNotConfiguredError';
  }
}

export class EngineFailedError extends DocumentEngineError {
  readonly code = 'engine-failed';
  constructor(engine: string, detail: string) {
    super(`The ${engine} engine failed: ${detail}`);
    this.name = 'EngineFailedError';
  }
}

export class EngineTimeoutError extends DocumentEngineError {
  readonly code = 'engine-timeout';
  constructor(engine: string, timeoutMs: number) {
    super(`The ${engine} engine did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped.`);
    this.name = 'EngineTimeoutError';
  }
}
