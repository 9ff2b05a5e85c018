import type { ErrorCode } from '@opsuite/shared';

/** The one error class services throw; the error plugin turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** 404 for a record that is not there (or is another organisation's); `field` names the input that pointed at it. */
export const missing = (what: string, field?: string) =>
  new AppError('NOT_FOUND', `${what} not found`, field ? [{ field, message: 'not found' }] : undefined);
export const notFound = (what = 'Record') => missing(what);
/** 400 for an input that is well formed but not acceptable; the message starts with the field. */
export const invalid = (field: string, message: string) =>
  new AppError('VALIDATION', `${field}: ${message}`, [{ field, message }]);
/** 400 for an id in the input that names nothing in this organisation. */
export const lookupMissing = (field: string) => invalid(field, 'not found in this organisation');
/** 409 for a write the current state of the data refuses. */
export const conflict = (message: string, field?: string) =>
  new AppError('CONFLICT', message, field ? [{ field, message }] : undefined);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Your session has been expired. please login again!') =>
  new AppError('UNAUTHENTICATED', message);
