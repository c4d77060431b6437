/**
 * The one error type every failed call throws (api-spec §8), and the texts it carries. Hosts branch
 * on `status` and `result`; the messages are the specification's, kept word for word because
 * partners already match on them.
 */

/** Message of an answer whose status is not a success status of the call (api-spec §8). */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected server error occurred.';

/** Message of a 400 answer of Import or Process, whose body is a structured error (api-spec §8). */
export const SERVER_SIDE_ERROR_MESSAGE = 'A server side error occurred.';

/** Message when a required path or query argument is missing (api-spec §5). */
export function missingArgumentMessage(name: string): string {
  return `The parameter '${name}' must be defined.`;
}

/** Message when an argument that may not be null is null (api-spec §5). */
export function nullArgumentMessage(name: string): string {
  return `The parameter '${name}' cannot be null.`;
}

/**
 * A call refused before any request was sent: a required path or query argument is missing, or
 * null where the contract does not allow it (api-spec §5).
 */
export class ArgumentError extends Error {
  override readonly name = 'ArgumentError';
  /** The argument at fault, as the contract names it (`taskId`, `PageNumber`). */
  readonly parameter: string;

  constructor(parameter: string, problem: 'missing' | 'null') {
    super(problem === 'missing' ? missingArgumentMessage(parameter) : nullArgumentMessage(parameter));
    this.parameter = parameter;
  }
}

/**
 * An answer the client does not treat as success: any status other than 200 and 204 (and 206 for
 * file calls). Thrown by every call, by query functions and mutation functions alike.
 *
 * @typeParam TResult - The parsed body; `unknown` unless the caller narrowed it.
 * @example
 * ```ts
 * try {
 *   await api.POST('/api/v{version}/SdTask/Process', { body });
 * } catch (error) {
 *   if (isApiError(error) && error.status === 400) showErrors(error.result);
 * }
 * ```
 */
export class ApiError<TResult = unknown> extends Error {
  override readonly name = 'ApiError';
  /** HTTP status of the answer. */
  readonly status: number;
  /** The answer's body as text, exactly as received. */
  readonly response: string;
  /** The answer's headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body parsed as JSON when it is JSON, otherwise the text itself (or null when empty). */
  readonly result: TResult;
  /** The operation that failed (`SdTask_Process`), when the contract knows the call. */
  readonly operationId: string | undefined;

  constructor(
    message: string,
    init: {
      status: number;
      response: string;
      headers: Readonly<Record<string, string>>;
      result: TResult;
      operationId?: string | undefined;
    },
  ) {
    super(message);
    this.status = init.status;
    this.response = init.response;
    this.headers = init.headers;
    this.result = init.result;
    this.operationId = init.operationId;
  }
}

/**
 * Whether a value is an {@link ApiError}. Prefer it to `instanceof`: it also recognises errors
 * thrown by another copy of this package loaded on the same page.
 */
export function isApiError(value: unknown): value is ApiError {
  return (
    value instanceof ApiError ||
    (value instanceof Error && value.name === 'ApiError' && typeof (value as Partial<ApiError>).status === 'number')
  );
}

/**
 * Everything a call can fail with: an {@link ApiError} for an answer that is not a success, an
 * {@link ArgumentError} when it was refused before sending, or the `TypeError` fetch raises when
 * no answer came at all (offline, DNS, CORS). The error type of every query and mutation.
 */
export type ApiCallError = ApiError | ArgumentError | TypeError;

/** Reads an error answer into an {@link ApiError} without consuming the caller's response. */
export async function toApiError(message: string, response: Response, operationId?: string): Promise<ApiError> {
  const text = await response.clone().text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  let result: unknown = text === '' ? null : text;
  if (text !== '') {
    try {
      result = JSON.parse(text);
    } catch {
      // Not JSON (an HTML error page from a proxy, plain text): the text itself is the result.
    }
  }
  return new ApiError(message, { status: response.status, response: text, headers, result, operationId });
}
