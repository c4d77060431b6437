// The answers of task commands: the contract's result with its errors, and the shared refusal
// (a domain error with the catalogue code of the call).
import { TaskErrorCode } from '../../contract/generated/enums.js';
import { invalid } from '../errors.js';

/** A refusal with the call's catalogue code (TaskErrorCode). */
export const fail = (code: number, message: string) => invalid(message, code);

/** Done, nothing refused. */
export const ok = (result: boolean) => ({ succeeded: true, errors: [], result });

/** A selection of which `done` of `total` tasks were changed; the others are one error. */
export function skippedResult(total: number, done: number, verb: string) {
  if (done === total) return ok(total > 0);
  return {
    succeeded: false,
    result: done > 0,
    errors: [
      {
        code: TaskErrorCode.ProcessTaskError,
        message: `${total - done} of ${total} selected tasks could not be ${verb} (deleted already, being processed or in review by someone else).`,
      },
    ],
  };
}
