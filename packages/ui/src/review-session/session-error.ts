/**
 * How a review session describes a failed call to its host (`onError`): what it was doing, the
 * server's words and code when there was an answer, the HTTP status when the call itself failed.
 */
import { isApiError } from '@reviewdesk/api-client';

export interface SessionError<Operation extends string = string> {
  /** What the session was doing. */
  operation: Operation;
  message: string;
  /** The catalogue code of a result wrapper's error (TaskErrorCode), when the server gave one. */
  code?: number;
  status?: number;
  cause?: unknown;
}

/** A thrown error (an API error with its status, or anything else) as a session error. */
export function sessionErrorOf<Operation extends string>(
  operation: Operation,
  error: unknown,
): SessionError<Operation> {
  if (isApiError(error)) return { operation, message: error.message, status: error.status, cause: error };
  return { operation, message: error instanceof Error ? error.message : String(error), cause: error };
}

/** The first error of a refused result wrapper as a session error. */
export function refusalErrorOf<Operation extends string>(
  operation: Operation,
  errors: ReadonlyArray<{ code: number; message: string }>,
): SessionError<Operation> {
  return { operation, message: errors[0]?.message ?? '', code: errors[0]?.code };
}
