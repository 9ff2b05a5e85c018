import { addDaysToIsoDate, isoDateInZone, zonedDayStart } from '@opsuite/shared';
import type { ClockShift } from '@opsuite/shared/contracts/staff-time';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { isoText, rows } from '../../../lib/sql.ts';

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

interface ShiftRow {
  id: string;
  name: string;
  start_at: string;
  end_at: string;
}

const answer = (r: ShiftRow): ClockShift => ({
  _id: r.id,
  shiftName: r.name,
  startDate: r.start_at,
  endDate: r.end_at,
});

async function firstShift(tx: Tx, orgId: string, contactId: string, now: number, startsBefore: SQL) {
  const [row] = await rows<ShiftRow>(
    tx,
    sql`select id, pub_shift_name as name, ${isoText(sql`pub_start_at`)} as start_at,
          ${isoText(sql`pub_end_at`)} as end_at
        from employee_shifts
        where organization_id = ${orgId} and pub_contact_id = ${contactId}
          and pub_start_at > ${new Date(now - LONGEST_SHIFT_MS).toISOString()}
          and pub_end_at > ${new Date(now).toISOString()} and ${startsBefore}
        order by pub_start_at, id limit 1`,
  );
  return row ? answer(row) : null;
}

/** The shift clocking in now is for, or null (work without a shift). */
export function shiftToClockIn(tx: Tx, orgId: string, contactId: string, timeZone: string, now = Date.now()) {
  const tomorrow = addDaysToIsoDate(isoDateInZone(now, timeZone), 1);
  const until = Math.max(zonedDayStart(tomorrow, timeZone), now + SHIFT_AHEAD_HOURS * 3_600_000);
  return firstShift(tx, orgId, contactId, now, sql`pub_start_at < ${new Date(until).toISOString()}`);
}

/** The employee's next published shift (the one under way included), or null. */
export function nextShift(tx: Tx, orgId: string, contactId: string, now = Date.now()) {
  return firstShift(tx, orgId, contactId, now, sql`true`);
}
