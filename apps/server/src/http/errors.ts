// Error answers of /api. The body follows the contract's ErrorResponse ({status, message, errors})
// and also carries `succeeded: false` and a `kind` name so a client can branch without parsing text.
import type { FastifyReply } from 'fastify';
import { DomainError, type DomainErrorKind } from '../domain/errors.js';

export type ErrorKind =
  | 'ValidationError'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'Gone'
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

/** How each kind of domain error is answered. */
const ANSWER_OF: Record<DomainErrorKind, { status: number; kind: ErrorKind }> = {
  invalid: { status: 400, kind: 'ValidationError' },
  unauthenticated: { status: 401, kind: 'Unauthorized' },
  forbidden: { status: 403, kind: 'Forbidden' },
  notFound: { status: 404, kind: 'NotFound' },
  gone: { status: 410, kind: 'Gone' },
};

/** The answer to an error thrown below a handler, or null when it is not one the caller may see. */
export function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) {
    const { status, kind } = ANSWER_OF[error.kind];
    return new HttpError(status, kind, error.message, error.code);
  }
  return null;
}

export function errorBody(status: number, kind: ErrorKind, message: string, code = 0): ErrorBody {
  return { succeeded: false, status, kind, message, errors: [{ code, message }] };
}

export function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  return reply
    .code(error.status)
    .type('application/json')
    .send(errorBody(error.status, error.kind, error.message, error.code));
}
