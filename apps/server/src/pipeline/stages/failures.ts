// Turns what the engines throw into the task failure statuses of product-spec §4, each with a
// sentence the person who imported the file can act on. Anything not recognised here is left to
// the runtime, which records the stage's own `failed` status with the error message.
import { TASK_STATUS as S } from '../../domain/tasks/flags.js';
import {
  CorruptDocumentError,
  DocumentEngineError,
  EncryptedDocumentError,
  EngineFailedError,
  EngineTimeoutError,
  ImageTooLargeError,
  UnsupportedFileTypeError,
} from '../documents/index.js';
import { MediaError } from '../media/index.js';
import { TaskFailure } from '../worker/stage.js';

/** A failure of pre-processing: reading the file, its pages or its duration. */
export function preProcessingFailure(error: unknown, fileName: string): TaskFailure | null {
  if (error instanceof TaskFailure) return error;
  const name = `'${fileName}'`;
  if (error instanceof EncryptedDocumentError) {
    return new TaskFailure(
      S.PreProcessingFailed,
      `${error.message} ${name} is protected by a password; remove the password and import it again.`,
      { code: error.code },
    );
  }
  if (error instanceof CorruptDocumentError) {
    return new TaskFailure(S.PreProcessingGetPagesFailed, `${error.message} (${name}).`, {
      code: error.code,
      detail: error.reason,
    });
  }
  if (error instanceof ImageTooLargeError) {
    return new TaskFailure(S.ValidationErrorInvalidDimensions, `${error.message} (${name})`, { code: error.code });
  }
  if (error instanceof UnsupportedFileTypeError) {
    return new TaskFailure(S.PreProcessingConvertToPdfFailed, `${error.message} (${name})`, { code: error.code });
  }
  if (error instanceof EngineFailedError || error instanceof EngineTimeoutError) {
    return new TaskFailure(S.PreProcessingGetPagesFailed, `The pages of ${name} could not be read: ${error.message}`, {
      code: error.code,
    });
  }
  if (error instanceof DocumentEngineError) {
    return new TaskFailure(S.PreProcessingFailed, error.message, { code: error.code });
  }
  if (error instanceof MediaError) {
    const status =
      error.code === 'corrupt' || error.code === 'unsupported'
        ? S.PreProcessingFileLengthCountFailed
        : S.PreProcessingFailed;
    return new TaskFailure(status, `The recording ${name} could not be read: ${error.message}`, {
      code: error.code,
      ...(error.detail ? { detail: error.detail.slice(-500) } : {}),
    });
  }
  return null;
}
