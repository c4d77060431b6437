// How the review calls answer. The contract wraps them in ResultBase: a refusal with a catalogue
// code (TaskErrorCode) answers 200 `{succeeded: false, errors: [{code, message}]}` so the viewer can
// react to the code. Only what must not reveal anything — a task or workspace the caller does not
// reach, another tenant's id — is an HTTP error (404/403), thrown before any rule is looked at.

export interface ReviewError {
  code: number;
  message: string;
}

/** A rule said no. Thrown inside a review command; the handler turns it into a refused result. */
export class ReviewRefusal extends Error {
  readonly errors: ReviewError[];
  constructor(code: number, message: string, more: ReviewError[] = []) {
    super(message);
    this.name = 'ReviewRefusal';
    this.errors = [{ code, message }, ...more];
  }

  static of(errors: ReviewError[]): ReviewRefusal {
    const [first, ...rest] = errors;
    if (!first) throw new Error('A refusal needs at least one error');
    return new ReviewRefusal(first.code, first.message, rest);
  }
}

export interface Result<T> {
  succeeded: boolean;
  errors: ReviewError[];
  result?: T;
}

export const succeeded = <T>(result: T): Result<T> => ({ succeeded: true, errors: [], result });

export const refused = <T>(errors: ReviewError[], result?: T): Result<T> => ({
  succeeded: false,
  errors,
  ...(result === undefined ? {} : { result }),
});

/** Runs a command and answers its refusal as a refused result (anything else propagates). */
export async function asResult<T>(command: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await command();
  } catch (error) {
    if (error instanceof ReviewRefusal) return refused(error.errors);
    throw error;
  }
}
