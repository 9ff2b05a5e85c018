import { addDaysToIsoDate, isoDateInZone, zonedDayStart } from '@opsuite/shared';
import type { ClockShift } from '@opsuite/shared/contracts/staff-time';
import { and, asc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { isoText } from '../../../lib/sql.ts';
import { employeeShifts } from '../schedule/schedule.tables.ts';

// Which published shift clocking in is for. One rule for the employee's time clock (it offers
// "Clock in for 9:00 AM - 5:00 PM shift"), the staff home and the tablet (which links it itself):
// the employee's earliest published shift that has not ended and starts today on the
// organisation's clock, or within the next few hours (a night shift after midnight, an early
// start tomorrow for someone clocking in late in the evening).

/** A shift starting this many hours ahead is offered even when it starts on another day. */
export const SHIFT_AHEAD_HOURS = 3;

/**
 * Shifts that started longer ago than this are not looked at (none runs so long), so the read is a
 * short range of the employee's index instead of their whole history.
 */
const LONGEST_SHIFT_MS = 2 * 86_400_000;

const s = employeeShifts;

async function firstShift(tx: Tx, orgId: string, contactId: string, now: number, startsBefore?: SQL) {
  const [row] = await tx
    .select({
      id: s.id,
      name: s.pubShiftName,
      startAt: sql<string>`${isoText(sql`${s.pubStartAt}`)}`,
      endAt: sql<string>`${isoText(sql`${s.pubEndAt}`)}`,
    })
    .from(s)
    .where(
      and(
        eq(s.organizationId, orgId),
        eq(s.pubContactId, contactId),
        gt(s.pubStartAt, new Date(now - LONGEST_SHIFT_MS)),
        gt(s.pubEndAt, new Date(now)),
        startsBefore,
      ),
    )
    .orderBy(asc(s.pubStartAt), asc(s.id))
    .limit(1);
  if (!row) return null;
  const shift: ClockShift = {
    _id: row.id,
    shiftName: row.name ?? '',
    startDate: row.startAt,
    endDate: row.endAt,
  };
  return shift;
}

/** The shift clocking in now is for, or null (work without a shift). */
export function shiftToClockIn(tx: Tx, orgId: string, contactId: string, timeZone: string, now = Date.now()) {
  const tomorrow = addDaysToIsoDate(isoDateInZone(now, timeZone), 1);
  const until = Math.max(zonedDayStart(tomorrow, timeZone), now + SHIFT_AHEAD_HOURS * 3_600_000);
  return firstShift(tx, orgId, contactId, now, lt(s.pubStartAt, new Date(until)));
}

/** The employee's next published shift (the one under way included), or null. */
export function nextShift(tx: Tx, orgId: string, contactId: string, now = Date.now()) {
  return firstShift(tx, orgId, contactId, now);
}
