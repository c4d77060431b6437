// How the review calls answer. The contract wraps them in ResultBase: a refusal with a catalogue
// code (TaskErrorCode) answers 200 `{succeeded: false, errors: [{code, message}]}` so the viewer can
// react to the code. Only what must not reveal anything — a task or workspace the caller does not
// reach, another tenant's id — is an HTTP error (404/403), thrown before any rule is looked at.
// A refusal may carry structured detail beside its errors (the fields that stop a finish), so a
// client never has to read the errors' words.
import type { FinishInvalidFieldReason } from '../../contract/generated/enums.js';

export interface ReviewError {
  code: number;
  message: string;
}

/** A field that stops a review from finishing (FinishInvalidField of the contract). */
export interface InvalidField {
  categoryKey: string;
  reason: FinishInvalidFieldReason;
  pages: number[];
}

/** What a refused answer carries beside its errors (members of the contract's result wrappers). */
export interface RefusalDetail {
  invalidFields?: InvalidField[];
}

/** A rule said no. Thrown inside a review command; the handler turns it into a refused result. */
export class ReviewRefusal extends Error {
  readonly errors: ReviewError[];
  readonly detail: RefusalDetail;
  constructor(code: number, message: string, more: ReviewError[] = [], detail: RefusalDetail = {}) {
    super(message);
    this.name = 'ReviewRefusal';
    this.errors = [{ code, message }, ...more];
    this.detail = detail;
  }

  static of(errors: ReviewError[], detail: RefusalDetail = {}): ReviewRefusal {
    const [first, ...rest] = errors;
    if (!first) throw new Error('A refusal needs at least one error');
    return new ReviewRefusal(first.code, first.message, rest, detail);
  }
}

export interface Result<T> extends RefusalDetail {
  succeeded: boolean;
  errors: ReviewError[];
  result?: T;
}

export const succeeded = <T>(result: T): Result<T> => ({ succeeded: true, errors: [], result });

export const refused = <T>(errors: ReviewError[], result?: T, detail: RefusalDetail = {}): Result<T> => ({
  succeeded: false,
  errors,
  ...(result === undefined ? {} : { result }),
  ...detail,
});

/** Runs a command and answers its refusal as a refused result (anything else propagates). */
export async function asResult<T>(command: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await command();
  } catch (error) {
    if (error instanceof ReviewRefusal) return refused<T>(error.errors, undefined, error.detail);
    throw error;
  }
}
