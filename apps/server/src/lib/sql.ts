import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { conflict } from './errors.ts';

// SQL helpers every module shares: the rows of a statement, the text forms both drivers answer
// alike, and PostgreSQL's errors read through the wrapper drizzle puts around them.

/** The rows of one statement. */
export async function rows<T>(tx: Queryable, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return result.rows as T[];
}

/** to_char's format for ISO-8601 UTC text. */
const ISO_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A timestamptz as ISO-8601 UTC text, identical on both drivers. */
export const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', ${sql.raw(ISO_FORMAT)})`;

/** isoText for SQL kept as text (prepared statements): `column` is an SQL expression. */
export const isoTextOf = (column: string) => `to_char(${column} at time zone 'UTC', ${ISO_FORMAT})`;

/** A date as YYYY-MM-DD text. */
export const isoDay = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

/** Escapes LIKE wildcards so user text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

export interface PgError {
  code?: string;
  constraint?: string;
  table?: string;
}

/** The PostgreSQL error behind a drizzle error (drizzle wraps driver errors in `cause`). */
export function pgError(err: unknown): PgError {
  return ((err as { cause?: unknown }).cause ?? err) as PgError;
}

/** A unique-index violation, of `constraint` when one is named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** A row still pointed at by another (a foreign key refused the delete). */
export const isForeignKeyViolation = (err: unknown) => pgError(err).code === '23503';

/** Runs `work`; a violation of the unique index `constraint` becomes a 409 naming `field`. */
export async function uniqueOr409<T>(
  constraint: string,
  field: string,
  message: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, constraint)) throw conflict(message, field);
    throw err;
  }
}
