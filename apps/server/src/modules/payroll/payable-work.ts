import type { WorkSession } from '@opsuite/shared';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import { workHistories } from '../staff/time/time.tables.ts';

// What payroll pays for, in one place for pay lines and tip shares: staff's work sessions that
// have ended, and were confirmed when the time limit (not the employee) ended them.

/** The condition on `work_histories` of a session payroll pays. */
export const payableWork = () =>
  and(
    isNotNull(workHistories.endAt),
    or(eq(workHistories.autoEnded, false), isNotNull(workHistories.confirmedAt)),
  );

/** A payable row (ended, so `endAt` is set) as the rules' work session. */
export function payableSession(row: {
  startAt: Date;
  endAt: Date | null;
  breakTimes: (typeof workHistories.$inferSelect)['breakTimes'];
}): WorkSession {
  return {
    start: row.startAt,
    end: row.endAt!,
    breaks: row.breakTimes.map((b) => ({ start: new Date(b.start), end: b.end ? new Date(b.end) : null })),
  };
}

const MINUTE_MS = 60_000;

/** Milliseconds as whole minutes (half a minute rounds up). */
export const minutesOf = (ms: number) => Math.round(ms / MINUTE_MS);
