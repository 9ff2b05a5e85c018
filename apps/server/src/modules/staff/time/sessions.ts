import type { WorkSession } from '@opsuite/shared';
import { and, eq, gt, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { json } from '../access.ts';
import { employeeShifts } from '../schedule/schedule.tables.ts';
import { staffMembers } from '../settings/settings.tables.ts';
import { type StoredBreak, workHistories } from './time.tables.ts';

// A stored work session as the rules' work session, and the sessions that count as worked for
// pay: staff's one definition of both, used by its own screens and by payroll and tips.

const DAY_MS = 86_400_000;

type InstantLike = Date | string | number;

const ms = (value: InstantLike) => (typeof value === 'number' ? value : +new Date(value));

/** The breaks of a stored session, as either driver hands the jsonb over (text or parsed). */
export function breaksOf(value: StoredBreak[] | string | null | unknown): StoredBreak[] {
  return json(value as StoredBreak[] | string) ?? [];
}

/**
 * A stored session as the rules' work session, in epoch ms: a session still open (no end) counts
 * up to `now`, and an end before the start counts as the start.
 */
export function sessionOf(
  stored: { start: InstantLike; end: InstantLike | null; breakTimes: unknown },
  now = Date.now(),
): WorkSession & { start: number; end: number } {
  const start = ms(stored.start);
  const end = stored.end === null ? now : ms(stored.end);
  return {
    start,
    end: Math.max(start, end),
    breaks: breaksOf(stored.breakTimes).map((b) => ({
      start: Date.parse(b.start),
      end: b.end ? Date.parse(b.end) : null,
    })),
  };
}

/**
 * Whether a session counts as worked: it has ended, and when the organisation's time limit (not
 * the employee) ended it, the employee or a manager has confirmed it since.
 */
export const confirmedWork = (): SQL =>
  and(
    isNotNull(workHistories.endAt),
    or(eq(workHistories.autoEnded, false), isNotNull(workHistories.confirmedAt)),
  ) as SQL;

/** A session that counts as worked, with the positions it was worked in. */
export interface PayableSession extends WorkSession {
  contactId: string;
  start: number;
  end: number;
  /** The positions of its shift, else of the employee's staff record. */
  positionIds: string[];
}

export interface PayableRange {
  /** Epoch ms. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  /** 'start': sessions that started in the range; 'overlap': sessions with worked time in it. */
  by: 'start' | 'overlap';
}

export interface PayableFilter {
  /** Only these employees. */
  contactIds?: readonly string[];
  /** Only sessions worked in one of these positions. */
  positionIds?: readonly string[];
}

/**
 * The sessions that count as worked for pay (ended; confirmed when the time limit ended them) in
 * `range`, each with the positions it was worked in. Filtering by employee or position in the
 * query keeps a large staff's other sessions out of the caller's computation.
 */
export async function payableSessions(
  tx: Queryable,
  orgId: string,
  range: PayableRange,
  filter: PayableFilter = {},
): Promise<PayableSession[]> {
  if (filter.contactIds?.length === 0 || filter.positionIds?.length === 0) return [];
  // jsonb's "empty list means none" and the ?| operator have no query-builder form.
  const positions = sql<
    string[] | null
  >`coalesce(nullif(${employeeShifts.positionIds}, '[]'::jsonb), ${staffMembers.positionIds}, '[]'::jsonb)`;
  const conds: (SQL | undefined)[] = [eq(workHistories.organizationId, orgId), confirmedWork()];
  if (range.by === 'start') {
    conds.push(
      gte(workHistories.startAt, new Date(range.from)),
      lt(workHistories.startAt, new Date(range.to)),
    );
  } else {
    // A session lasts at most a day (staff's limit): the lower bound keeps this an index range.
    conds.push(
      gte(workHistories.startAt, new Date(range.from - 2 * DAY_MS)),
      lt(workHistories.startAt, new Date(range.to)),
      gt(workHistories.endAt, new Date(range.from)),
    );
  }
  if (filter.contactIds) conds.push(inArray(workHistories.contactId, [...filter.contactIds]));
  if (filter.positionIds) {
    const wanted = sql.join(
      filter.positionIds.map((id) => sql`${id}`),
      sql`, `,
    );
    conds.push(sql`${positions} ?| array[${wanted}]::text[]`);
  }
  const found = await tx
    .select({
      contactId: workHistories.contactId,
      startAt: workHistories.startAt,
      endAt: workHistories.endAt,
      breakTimes: workHistories.breakTimes,
      positions,
    })
    .from(workHistories)
    .leftJoin(
      employeeShifts,
      tenantJoin(employeeShifts, workHistories, eq(employeeShifts.id, workHistories.shiftId)),
    )
    .leftJoin(
      staffMembers,
      tenantJoin(staffMembers, workHistories, eq(staffMembers.contactId, workHistories.contactId)),
    )
    .where(and(...conds));
  return found.map((row) => ({
    contactId: row.contactId,
    ...sessionOf({ start: row.startAt, end: row.endAt, breakTimes: row.breakTimes }),
    positionIds: json(row.positions ?? []) ?? [],
  }));
}
