import { isOwnerType, isStaffType } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { forbidden, missing } from '../../../lib/errors.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { noteAttendance, recordActivity, withdrawAttendance } from '../../contacts/index.ts';
import { bookingRecordAnswer, loadBooking, loadSlot, type SlotRow } from '../queries.ts';
import { adjustSlot, holdsSeat } from '../slots/seats.ts';
import { checkInGate } from './check-in-rules.ts';
import { classTitle } from './class-seat.ts';

// Staff taking attendance (the attendee list's Mark checked in / Mark booked / Mark no show): a
// booking becomes completed (checked in, attended now), booked again (the check-in undone) or a
// no-show. Admins and the owner take anyone's; an employee only that of the classes they teach.
// A check-in moves the member's Last Attended on and is on their Activity; undoing it takes Last
// Attended back to the latest attendance that remains, so the rating and retention stop
// counting it, and is on their Activity too.

export type AttendanceStatus = 'completed' | 'booked' | 'no_show';

export const CHECKED_IN = 'Checked In';
export const ALREADY_CHECKED_IN = 'Already checked in';
export const NOT_YOUR_CLASS = 'You can only take attendance for the classes you teach';

export interface AttendanceActor {
  orgId: string;
  userId: string | null;
  /** The caller's own contact: an employee's classes are those it teaches. */
  contactId: string | null;
  /** Admins and the owner take attendance for every class. */
  owner: boolean;
  staff: boolean;
}

export function attendanceActorOf(ctx: RequestContext): AttendanceActor {
  return {
    orgId: ctx.organizationId,
    userId: ctx.userId,
    contactId: ctx.role.contactId,
    owner: isOwnerType(ctx.userType),
    staff: isStaffType(ctx.userType),
  };
}

/** Refuses a change of attendance in `slot` by a caller who may not take it there (403). */
export function assertMayTakeAttendance(actor: AttendanceActor, slot: Pick<SlotRow, 'instructor_id'> | null) {
  if (!actor.staff) throw forbidden('Only staff can mark attendance');
  if (actor.owner) return;
  if (!slot || !actor.contactId || slot.instructor_id !== actor.contactId) throw forbidden(NOT_YOUR_CLASS);
}

interface Locked {
  id: string;
  contact_id: string;
  slot_id: string | null;
  status: string;
  type: string;
  attend_date: string | null;
}

/** The contact's latest attendance other than `exceptId`'s, or null. */
async function latestAttendance(tx: Tx, orgId: string, contactId: string, exceptId: string) {
  const [row] = await rows<{ at: string | null }>(
    tx,
    sql`select ${isoText(sql`max(attend_date)`)} as at from bookings
        where organization_id = ${orgId} and contact_id = ${contactId} and id <> ${exceptId}
          and not is_deleted and status = 'completed' and attend_date is not null`,
  );
  return row?.at ? new Date(row.at) : null;
}

/**
 * What follows a booking's change of attendance from `before` to `after`, inside the caller's
 * transaction once the booking row is written: Last Attended and the contact's Activity.
 */
export async function attendanceChanged(
  tx: Tx,
  actor: Pick<AttendanceActor, 'orgId' | 'userId'>,
  booking: { id: string; contact_id: string; slot_id: string | null; attend_date: string | null },
  before: string,
  after: string,
  title: string,
  at: Date = new Date(),
): Promise<void> {
  if (before === after) return;
  const data = { bookingId: booking.id, slotId: booking.slot_id, by: 'staff' };
  const base = {
    organizationId: actor.orgId,
    contactId: booking.contact_id,
    actorUserId: actor.userId,
    data,
  };
  if (after === 'completed') {
    await noteAttendance(tx, actor.orgId, booking.contact_id, at);
    await recordActivity(tx, { ...base, kind: 'check-in', title: `Checked in: ${title}` });
  } else if (before === 'completed') {
    const latest = await latestAttendance(tx, actor.orgId, booking.contact_id, booking.id);
    const undone = booking.attend_date ? new Date(booking.attend_date) : at;
    await withdrawAttendance(tx, actor.orgId, booking.contact_id, undone, latest);
    await recordActivity(tx, { ...base, kind: 'check-in.undone', title: `Check-in undone: ${title}` });
  }
  if (after === 'no_show') {
    await recordActivity(tx, { ...base, kind: 'booking.no-show', title: `Marked no-show: ${title}` });
  }
}

/** PUT /booking/:id/attendance: the booking's new attendance, with the answer's message. */
export async function markAttendance(tx: Tx, actor: AttendanceActor, id: string, status: AttendanceStatus) {
  const [current] = await rows<Locked>(
    tx,
    sql`select id, contact_id, slot_id, status, type, ${isoText(sql`attend_date`)} as attend_date from bookings
        where organization_id = ${actor.orgId} and id = ${id} and not is_deleted for update`,
  );
  if (!current) throw missing('Booking');
  const slot = current.slot_id ? ((await loadSlot(tx, actor.orgId, current.slot_id)) ?? null) : null;
  assertMayTakeAttendance(actor, slot);
  // The organisation's check-in rules hold for staff check-ins into a class as at the kiosk.
  let warning: string | null = null;
  if (
    status === 'completed' &&
    current.status !== 'completed' &&
    current.slot_id &&
    current.type === 'class'
  ) {
    ({ warning } = await checkInGate(tx, {
      orgId: actor.orgId,
      slotId: current.slot_id,
      contactId: current.contact_id,
    }));
  }
  if (current.status !== status) {
    const seats = Number(holdsSeat(status)) - Number(holdsSeat(current.status));
    const attended = Number(status === 'completed') - Number(current.status === 'completed');
    if (current.slot_id) await adjustSlot(tx, actor.orgId, current.slot_id, { seats, attended });
    const at = new Date();
    await tx.execute(
      sql`update bookings set status = ${status},
            attend_date = ${status === 'completed' ? at.toISOString() : null}::timestamptz,
            late_cancel = false, cancelled_at = null, updated_at = now()
          where organization_id = ${actor.orgId} and id = ${id}`,
    );
    const row = (await loadBooking(tx, actor.orgId, id))!;
    const title = slot ? classTitle(slot) : row.bt_title;
    await attendanceChanged(tx, actor, current, current.status, status, title, at);
  }
  const row = (await loadBooking(tx, actor.orgId, id))!;
  const message =
    status === 'completed'
      ? current.status === 'completed'
        ? ALREADY_CHECKED_IN
        : CHECKED_IN
      : row.type === 'other'
        ? 'Appointment updated'
        : 'Booking updated';
  return { message, data: bookingRecordAnswer(row), ...(warning ? { warning } : {}) };
}
