// The errors domain rules raise. They say what went wrong in the domain's terms — the input is
// invalid, the caller may not, the thing is not there — with the catalogue code of the contract
// (TaskErrorCode and friends; 0 when none applies). The http layer maps them to answers
// (http/errors.ts), the pipeline records them on the task; the domain never speaks HTTP.

export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'notFound' | 'gone';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Catalogue code of the call (0 when the error has none). */
    readonly code = 0,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The input breaks a rule (answered 400). */
export const invalid = (message: string, code = 0) => new DomainError('invalid', message, code);
/** No valid caller (answered 401). */
export const unauthenticated = (message = 'A valid access token is required.') =>
  new DomainError('unauthenticated', message);
/** The caller may not do this (answered 403). */
export const forbidden = (message = 'You do not have permission to do this.', code = 0) =>
  new DomainError('forbidden', message, code);
/** Nothing the caller reaches has this id (answered 404, so nothing leaks about other tenants). */
export const notFound = (message = 'Not found.', code = 0) => new DomainError('notFound', message, code);
/** The thing existed but is no longer available, e.g. an expired share (answered 410). */
export const gone = (message = 'This is no longer available.', code = 0) => new DomainError('gone', message, code);
