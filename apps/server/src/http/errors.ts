// Error answers of /api. The body follows the contract's ErrorResponse ({status, message, errors})
// and also carries `succeeded: false` and a `kind` name so a client can branch without parsing text.
import type { FastifyReply } from 'fastify';

export type ErrorKind =
  | 'ValidationError'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'NotImplemented'
  | 'ServerError';

export interface ErrorBody {
  succeeded: false;
  status: number;
  kind: ErrorKind;
  message: string;
  errors: Array<{ code: number; message: string }>;
}

/** Thrown anywhere below a handler; the binder turns it into the answer. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly kind: ErrorKind,
    message: string,
    /** Catalogue code of the call (0 when the error has none). */
    readonly code = 0,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 0) => new HttpError(400, 'ValidationError', message, code);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new HttpError(403, 'Forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'NotFound', message);
export const unauthorized = (message = 'A valid access token is required.') =>
  new HttpError(401, 'Unauthorized', message);

export function errorBody(status: number, kind: ErrorKind, message: string, code = 0): ErrorBody {
  return { succeeded: false, status, kind, message, errors: [{ code, message }] };
}

export function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  return reply
    .code(error.status)
    .type('application/json')
    .send(errorBody(error.status, error.kind, error.message, error.code));
}
