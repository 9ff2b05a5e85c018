import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { readThenCommit } from './prepared.ts';

// Answers the server keeps and sends again while what they were built from is unchanged, asked
// of PostgreSQL like a conditional GET: one statement hashes the versions of the rows a page is
// built from (each row's key and xmin, or its values) and sends the rows themselves only when the
// hash differs from the one the kept answer was built from. Nothing has to announce a change (no
// trigger, no counter every writer would queue on): the hash is taken from the rows, in the same
// statement and snapshot as the rows. A page that was read, built and serialized for every
// request (the schedule grid: 85 KB out of some 300 rows) then costs the database a walk over
// its rows' versions and the server a lookup.

interface Entry<T> {
  fingerprint: string;
  value: T;
  bytes: number;
}

/** Kept answers by key, least recently used first out once they hold more than `maxBytes`. */
export class AnswerCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private held = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Entry<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, fingerprint: string, value: T, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes / 4) return; // one answer never pushes out most of the others
    this.entries.set(key, { fingerprint, value, bytes });
    this.held += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.held -= entry.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
  }
}

export interface PartsRead<P> {
  /** A hash of every part's version rows. */
  fingerprint: string;
  /** The rows of each part, in its query's order; null when the fingerprint was `known`. */
  parts: P | null;
}

/**
 * One part of an answer: `rows`, the rows sent when anything changed, and `version`, rows that
 * change whenever those do and cost less to read: each base row's key with its `xmin` (the
 * transaction that wrote that version of the row) or the values themselves. Without a
 * `version`, the rows are their own.
 */
export interface Part {
  rows: SQL;
  version?: SQL;
}

/**
 * One statement (with COMMIT behind it: nothing may run after it) that hashes every part's
 * version rows and, unless the hash equals `known`, also sends each part's rows as a JSON array
 * in its query's order. Both are read in the statement's one snapshot, so a hash is never paired
 * with rows of another moment. `generic` as readThenCommit's.
 */
export async function readUnlessUnchanged<P extends Record<string, unknown[]>>(
  tx: Tx,
  parts: { [K in keyof P]: Part },
  known: string | null,
  generic: boolean,
): Promise<PartsRead<P>> {
  const entries = Object.entries(parts as Record<string, Part>);
  // Two 64-bit hashes (hash_any, two seeds) of each part's version rows as text (`(vr.*)`: the
  // whole row, even where a column is named like the alias).
  const hashes = sql.join(
    entries.map(
      ([
        ,
        part,
      ]) => sql`(select coalesce(hashtextextended(t, 0)::text || '.' || hashtextextended(t, 1)::text, '-')
          from (select string_agg((vr.*)::text, '|') as t from (${part.version ?? part.rows}) vr) a)`,
    ),
    sql` || ':' || `,
  );
  const rows = sql.join(
    entries.map(
      ([name, part]) => sql`${name}::text, (select coalesce(json_agg(x), '[]'::json) from (${part.rows}) x)`,
    ),
    sql`, `,
  );
  // The rows are a sub-select of the CASE: PostgreSQL runs it only when the hash differs.
  const query = sql`with fp as materialized (select ${hashes} as h)
    select fp.h as fingerprint,
      case when fp.h is distinct from ${known}::text then (select json_build_object(${rows})) end as parts
    from fp`;
  const found = await readThenCommit<{ fingerprint: string; parts: P | string | null }>(tx, query, generic);
  const row = found[0]!;
  const read = typeof row.parts === 'string' ? (JSON.parse(row.parts) as P) : row.parts;
  return { fingerprint: row.fingerprint, parts: read };
}
