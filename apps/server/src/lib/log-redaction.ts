// Errors are logged with the statement that failed, never with the values it carried: a failed
// query's parameters are names, e-mail addresses and phone numbers. Drizzle puts them in the
// message (`Failed query: <sql>\nparams: <values>`) and in `params`; PostgreSQL errors carry
// values in `detail` (`Key (email)=(…) already exists`), in `where` (the JSON text being read) and
// at the end of some messages (`invalid input syntax for type uuid: "…"`); PGlite copies the
// parameters onto its errors as well.

/** Fields that hold the values of a failed statement; the statement itself (`query`) stays. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'queryOptions', 'values']);
const DRIZZLE_PARAMS = /\nparams: [\s\S]*$/;
const PG_QUOTED_VALUE = /: "[\s\S]*"$/;
const REDACTED = '[redacted]';
const MAX_DEPTH = 5;

type ErrorLike = Error & Record<string, unknown>;

const isErrorLike = (value: unknown): value is ErrorLike =>
  value instanceof Error ||
  (typeof value === 'object' && value !== null && typeof (value as Error).message === 'string');

/** A PostgreSQL (or PGlite) error as its drivers make them. */
const isDatabaseError = (err: ErrorLike) =>
  typeof err.severity === 'string' && typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code);

export function redactMessage(err: ErrorLike): string {
  const message = String(err.message);
  const withoutParams = message.replace(DRIZZLE_PARAMS, `\nparams: ${REDACTED}`);
  return isDatabaseError(err) ? withoutParams.replace(PG_QUOTED_VALUE, `: "${REDACTED}"`) : withoutParams;
}

/** The stack's first lines repeat the message; they are rebuilt from the redacted one. */
function redactStack(stack: string, name: string, message: string, redacted: string): string {
  if (message === redacted) return stack;
  const frames = stack.indexOf('\n    at ');
  return `${name}: ${redacted}${frames === -1 ? '' : stack.slice(frames)}`;
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function serialize(err: ErrorLike, depth: number, seen: Set<unknown>): SerializedError {
  seen.add(err);
  const type = typeof err.constructor === 'function' ? err.constructor.name : String(err.name);
  const message = redactMessage(err);
  const stack =
    typeof err.stack === 'string'
      ? redactStack(err.stack, String(err.name ?? type), String(err.message), message)
      : '';
  const out: SerializedError = { type, message, stack };
  for (const key of Object.keys(err)) {
    if (key in out || VALUE_FIELDS.has(key)) continue;
    const value = err[key];
    if (!isErrorLike(value)) out[key] = value;
    else if (!seen.has(value) && depth < MAX_DEPTH) out[key] = serialize(value, depth + 1, seen);
  }
  // `cause` is usually not enumerable (Error's own option); the database error is often in it.
  const cause = err.cause;
  if (!('cause' in out) && isErrorLike(cause) && !seen.has(cause) && depth < MAX_DEPTH) {
    out.cause = serialize(cause, depth + 1, seen);
  }
  if (Array.isArray(err.errors)) {
    out.errors = err.errors.map((e) =>
      isErrorLike(e) && !seen.has(e) && depth < MAX_DEPTH ? serialize(e, depth + 1, seen) : e,
    );
  }
  return out;
}

/** The error, its cause chain and extra fields, without the values of a failed statement. */
export function redactedError(err: Error): SerializedError {
  // Something logged as `err` that is no error at all is left as it is.
  return isErrorLike(err) ? serialize(err, 0, new Set()) : (err as unknown as SerializedError);
}

/** pino serializers for the log keys errors travel under in this code base. */
export const LOG_SERIALIZERS = {
  err: redactedError,
  error: (value: unknown) => (isErrorLike(value) ? redactedError(value) : value),
  cause: (value: unknown) => (isErrorLike(value) ? redactedError(value) : value),
};
