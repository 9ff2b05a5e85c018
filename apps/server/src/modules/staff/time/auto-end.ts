import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { PeriodicJob } from '../../../lib/periodic-job.ts';
import { staffSettings } from '../settings/settings.tables.ts';
import { breaksOf } from './sessions.ts';
import { type StoredBreak, workHistories } from './time.tables.ts';

// Sessions left open past the organisation's limit (staff_settings.auto_end_hours, 12 by default)
// are ended at start + limit, with a break still running closed there too, and wait for the
// employee's or an admin's confirmation. Runs over every organisation outside tenant context, a
// batch per transaction (skipping rows a clock action holds), until none is due. The job runs
// every few minutes and finds a handful of sessions, so each is written by its own update.

const BATCH = 500;
const HOUR_MS = 3_600_000;
/** The limit of an organisation that has not set one. */
const DEFAULT_AUTO_END_HOURS = 12;

export async function endOverdueSessions(db: Database, batch = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const ended = await db.transaction(async (tx) => {
      const w = workHistories;
      const s = staffSettings;
      const hours = sql<number>`coalesce(${s.autoEndHours}, ${DEFAULT_AUTO_END_HOURS})`;
      // The due rows, locked SKIP LOCKED: a clock action holding one keeps it until next time.
      const due = await tx
        .select({
          organizationId: w.organizationId,
          id: w.id,
          startAt: w.startAt,
          breakTimes: w.breakTimes,
          hours,
        })
        .from(w)
        .leftJoin(s, eq(s.organizationId, w.organizationId))
        .where(and(isNull(w.endAt), lt(w.startAt, sql`now() - make_interval(hours => ${hours})`)))
        .orderBy(asc(w.startAt))
        .limit(batch)
        .for('update', { of: w, skipLocked: true });
      for (const row of due) {
        const endAt = new Date(+row.startAt + Number(row.hours) * HOUR_MS);
        await tx
          .update(w)
          .set({
            endAt,
            autoEnded: true,
            updatedAt: sql`now()`,
            breakTimes: endRunningBreak(row.breakTimes, endAt),
          })
          .where(and(eq(w.organizationId, row.organizationId), eq(w.id, row.id)));
      }
      return due.length;
    });
    total += ended;
    if (ended < batch) return total;
  }
}

/** A break still running ends with the session, or at its own start if that came later. */
function endRunningBreak(breaks: StoredBreak[], endAt: Date): StoredBreak[] {
  return breaksOf(breaks).map((b) =>
    b.end === null ? { ...b, end: new Date(Math.max(+endAt, Date.parse(b.start))).toISOString() } : b,
  );
}

export class AutoEndJob extends PeriodicJob {
  constructor(db: Database, log: { error(obj: unknown, msg: string): void }, everyMs = 5 * 60_000) {
    super('staff auto-end', () => endOverdueSessions(db), log, everyMs);
  }
}
