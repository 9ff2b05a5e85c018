import { type BookingCreateBody, formatDayAt, formatInstantAt } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict, forbidden, invalid, missing } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows, uniqueOr409 } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { noteAttendance, recordActivity } from '../../contacts/index.ts';
import { isStaff } from '../access.ts';
import { bookings } from '../booking.tables.ts';
import { bookingRecordAnswer, loadBooking, loadSlot } from '../queries.ts';
import { adjustSlot, holdsSeat, liveBookingIn } from '../slots/seats.ts';
import { lockSlotsInOrder } from '../slots/tallies.ts';
import { bookingTypeOrMissing } from '../types/types.service.ts';
import { attendanceChanged } from './attendance.service.ts';
import { lateCancellation } from './cancellation.ts';
import { ALREADY_BOOKED } from './class-seat.ts';
import { fillFromWaitlist } from './waitlist.service.ts';

// The appointment life cycle: book, update, reschedule (a slot move), delete (soft).

export type BookingStatus = 'booked' | 'completed' | 'cancelled' | 'no_show';

export interface Actor {
  orgId: string;
  userId: string | null;
  /** Staff act for anyone; members only for `contactId` (their own contact). */
  staff: boolean;
  contactId: string | null;
  source: 'admin' | 'member' | 'kiosk' | 'public' | 'waitlist';
  /** The organisation's IANA zone: times written into text (the timeline) read on its clock. */
  timeZone: string;
}

export function actorOf(ctx: RequestContext): Actor {
  const staff = isStaff(ctx);
  return {
    orgId: ctx.organizationId,
    userId: ctx.userId,
    staff,
    contactId: ctx.role.contactId,
    source: staff ? 'admin' : 'member',
    timeZone: ctx.organization.timeZone,
  };
}

export { ALREADY_BOOKED };

const messages = {
  class: { created: 'Booking created', updated: 'Booking updated', deleted: 'Booking deleted' },
  other: { created: 'Appointment booked!', updated: 'Appointment updated', deleted: 'Appointment deleted' },
};
export const messageFor = (type: string, what: 'created' | 'updated' | 'deleted') =>
  messages[type === 'other' ? 'other' : 'class'][what];

function checkSelf(actor: Actor, contactId: string) {
  if (actor.staff) return;
  if (!actor.contactId || actor.contactId !== contactId) throw forbidden('You can only book for yourself');
}

function checkMemberStatus(actor: Actor, status: string | undefined) {
  if (actor.staff || status === undefined) return;
  if (status !== 'booked' && status !== 'cancelled') {
    throw forbidden('Only staff can mark attendance');
  }
}

/** Members book only classes that have not started; staff also record past attendance. */
function checkUpcoming(actor: Actor, startsAt: string) {
  if (!actor.staff && Date.parse(startsAt) <= Date.now()) {
    throw conflict('This class has already started', 'bookingSlot');
  }
}

export async function assertContact(tx: Tx, orgId: string, contactId: string) {
  const [row] = await rows<{ full_name: string }>(
    tx,
    sql`select full_name from contacts where organization_id = ${orgId} and id = ${contactId} and deleted_at is null`,
  );
  if (!row) throw missing('Contact', 'invitedUser');
  return row;
}

const insertOr409 = (work: () => Promise<unknown>) =>
  uniqueOr409('bookings_slot_contact_uq', 'bookingSlot', ALREADY_BOOKED, work);

export async function createBooking(tx: Tx, actor: Actor, body: BookingCreateBody) {
  const contactId = body.invitedUser;
  checkSelf(actor, contactId);
  const status = (body.status ?? 'booked') as BookingStatus;
  checkMemberStatus(actor, status);
  await assertContact(tx, actor.orgId, contactId);
  const id = newId();
  const completed = status === 'completed';
  const attendDate = completed
    ? new Date(body.attendDate ?? Date.now())
    : body.attendDate
      ? new Date(body.attendDate)
      : null;
  let values: typeof bookings.$inferInsert;
  let title: string;
  if (body.bookingSlot) {
    const slot = await loadSlot(tx, actor.orgId, body.bookingSlot);
    if (!slot) throw missing('Slot', 'bookingSlot');
    checkUpcoming(actor, slot.starts_at);
    if (body.bookingType && body.bookingType !== slot.bt_id) {
      throw invalid('bookingType', 'does not match the booking type of the slot');
    }
    if (await liveBookingIn(tx, actor.orgId, slot.id, contactId))
      throw conflict(ALREADY_BOOKED, 'bookingSlot');
    await adjustSlot(tx, actor.orgId, slot.id, {
      seats: holdsSeat(status) ? 1 : 0,
      attended: completed ? 1 : 0,
    });
    title = `${slot.bt_title} on ${formatDayAt(slot.date, slot.start_time)}`;
    values = {
      organizationId: actor.orgId,
      id,
      contactId,
      slotId: slot.id,
      bookingTypeId: slot.bt_id,
      status,
      attendDate,
      type: body.type ?? slot.type,
      startDate: new Date(slot.starts_at),
      endDate: new Date(slot.ends_at),
    };
  } else {
    const type = await bookingTypeOrMissing(tx, actor.orgId, body.bookingType!, 'bookingType');
    title = `${type.title} on ${formatInstantAt(body.startDate!, actor.timeZone)}`;
    values = {
      organizationId: actor.orgId,
      id,
      contactId,
      slotId: null,
      bookingTypeId: type.id,
      status,
      attendDate,
      type: body.type ?? 'other',
      startDate: new Date(body.startDate!),
      endDate: new Date(body.endDate!),
    };
  }
  await insertOr409(() =>
    tx
      .insert(bookings)
      .values({ ...values, notes: body.notes ?? null, source: actor.source, createdBy: actor.userId }),
  );
  if (completed && attendDate) await noteAttendance(tx, actor.orgId, contactId, attendDate);
  await recordActivity(tx, {
    organizationId: actor.orgId,
    contactId,
    kind: completed ? 'check-in' : 'booking',
    title: completed ? `Checked in: ${title}` : `Booked ${title}`,
    data: { bookingId: id, slotId: values.slotId ?? null },
    actorUserId: actor.userId,
  });
  const row = (await loadBooking(tx, actor.orgId, id))!;
  return { message: messageFor(row.type, 'created'), data: bookingRecordAnswer(row) };
}

interface LockedBooking {
  id: string;
  contact_id: string;
  slot_id: string | null;
  status: BookingStatus;
  type: string;
  start_date: string;
  attend_date: string | null;
}

export async function lockBooking(tx: Tx, actor: Actor, id: string): Promise<LockedBooking> {
  const [row] = await rows<LockedBooking>(
    tx,
    sql`select id, contact_id, slot_id, status, type, ${isoText(sql`start_date`)} as start_date,
          ${isoText(sql`attend_date`)} as attend_date from bookings
        where organization_id = ${actor.orgId} and id = ${id} and not is_deleted for update`,
  );
  if (!row) throw missing('Booking');
  if (!actor.staff && row.contact_id !== actor.contactId) throw missing('Booking');
  return row;
}

export interface BookingUpdate {
  status?: BookingStatus;
  attendDate?: string | null;
  notes?: string | null;
  bookingType?: string;
  startDate?: string;
  endDate?: string;
}

export async function updateBooking(tx: Tx, actor: Actor, id: string, body: BookingUpdate) {
  const current = await lockBooking(tx, actor, id);
  checkMemberStatus(actor, body.status);
  if (!actor.staff && body.attendDate !== undefined) throw forbidden('Only staff can mark attendance');
  if (current.slot_id && (body.startDate || body.endDate || body.bookingType)) {
    throw invalid(body.bookingType ? 'bookingType' : 'startDate', 'a class booking moves with reschedule');
  }
  const set: Record<string, unknown> = { updatedAt: new Date() };
  const status = body.status ?? current.status;
  const wasDone = current.status === 'completed';
  const isDone = status === 'completed';
  if (body.status) set.status = status;
  // Cancelling records when (and whether after the member's cut-off); booking again clears it.
  if (status === 'cancelled' && current.status !== 'cancelled') {
    set.lateCancel = await lateCancellation(tx, actor, current.start_date);
    set.cancelledAt = new Date();
  } else if (status !== 'cancelled' && current.status === 'cancelled') {
    set.lateCancel = false;
    set.cancelledAt = null;
  }
  if (body.attendDate !== undefined) set.attendDate = body.attendDate ? new Date(body.attendDate) : null;
  else if (isDone && !wasDone) set.attendDate = new Date();
  else if (!isDone && wasDone) set.attendDate = null;
  if (body.notes !== undefined) set.notes = body.notes;
  if (body.bookingType)
    set.bookingTypeId = (await bookingTypeOrMissing(tx, actor.orgId, body.bookingType, 'bookingType')).id;
  if (body.startDate) set.startDate = new Date(body.startDate);
  if (body.endDate) set.endDate = new Date(body.endDate);
  const seats = Number(holdsSeat(status)) - Number(holdsSeat(current.status));
  const attended = Number(isDone) - Number(wasDone);
  if (current.slot_id && (seats !== 0 || attended !== 0)) {
    await adjustSlot(tx, actor.orgId, current.slot_id, { seats, attended });
  }
  await tx.update(bookings).set(set).where(sql`organization_id = ${actor.orgId} and id = ${id}`);
  if (current.slot_id && seats < 0) await fillFromWaitlist(tx, actor, current.slot_id);
  const row = (await loadBooking(tx, actor.orgId, id))!;
  if (isDone !== wasDone) {
    // A check-in or its undo: Last Attended and the contact's Activity, as PUT /booking/:id/attendance.
    const at = set.attendDate instanceof Date ? set.attendDate : new Date();
    await attendanceChanged(tx, actor, current, current.status, status, row.bt_title, at);
  }
  if (Date.parse(row.end_date) <= Date.parse(row.start_date))
    throw invalid('endDate', 'End must be after start');
  return { message: messageFor(row.type, 'updated'), data: bookingRecordAnswer(row) };
}

export async function rescheduleBooking(
  tx: Tx,
  actor: Actor,
  id: string,
  body: { bookingSlot?: string; startDate?: string; endDate?: string },
) {
  const current = await lockBooking(tx, actor, id);
  if (current.status === 'completed') throw conflict('A checked-in booking cannot be rescheduled');
  if (body.bookingSlot) {
    if (body.bookingSlot === current.slot_id) throw invalid('bookingSlot', 'Choose a different slot');
    await lockSlotsInOrder(tx, actor.orgId, [
      body.bookingSlot,
      ...(current.slot_id ? [current.slot_id] : []),
    ]);
    const slot = await loadSlot(tx, actor.orgId, body.bookingSlot);
    if (!slot) throw missing('Slot', 'bookingSlot');
    checkUpcoming(actor, slot.starts_at);
    if (await liveBookingIn(tx, actor.orgId, slot.id, current.contact_id)) {
      throw conflict(ALREADY_BOOKED, 'bookingSlot');
    }
    const seat = holdsSeat(current.status) ? 1 : 0;
    await adjustSlot(tx, actor.orgId, slot.id, { seats: seat });
    if (current.slot_id) await adjustSlot(tx, actor.orgId, current.slot_id, { seats: -seat });
    await insertOr409(() =>
      tx
        .update(bookings)
        .set({
          slotId: slot.id,
          bookingTypeId: slot.bt_id,
          startDate: new Date(slot.starts_at),
          endDate: new Date(slot.ends_at),
          updatedAt: new Date(),
        })
        .where(sql`organization_id = ${actor.orgId} and id = ${id}`),
    );
    if (current.slot_id && seat) await fillFromWaitlist(tx, actor, current.slot_id);
  } else {
    if (current.slot_id) throw invalid('bookingSlot', 'Choose the new slot');
    await tx
      .update(bookings)
      .set({ startDate: new Date(body.startDate!), endDate: new Date(body.endDate!), updatedAt: new Date() })
      .where(sql`organization_id = ${actor.orgId} and id = ${id}`);
  }
  const row = (await loadBooking(tx, actor.orgId, id))!;
  // On the contact's Activity, as a kiosk check-in is.
  await recordActivity(tx, {
    organizationId: actor.orgId,
    contactId: current.contact_id,
    kind: 'booking.rescheduled',
    title: `Rescheduled ${row.bt_title} to ${formatInstantAt(row.start_date, actor.timeZone)}`,
    data: { bookingId: id, slotId: row.slot_id, fromSlotId: current.slot_id },
    actorUserId: actor.userId,
  });
  return { message: 'Appointment rescheduled', data: bookingRecordAnswer(row) };
}

/** Soft delete: isDeleted true; the seat is freed and a check-in no longer counts. */
export async function deleteBooking(tx: Tx, actor: Actor, id: string) {
  const current = await lockBooking(tx, actor, id);
  if (current.slot_id) {
    await adjustSlot(tx, actor.orgId, current.slot_id, {
      seats: holdsSeat(current.status) ? -1 : 0,
      attended: current.status === 'completed' ? -1 : 0,
    });
  }
  await tx
    .update(bookings)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(sql`organization_id = ${actor.orgId} and id = ${id}`);
  if (current.slot_id && holdsSeat(current.status)) await fillFromWaitlist(tx, actor, current.slot_id);
  return { message: messageFor(current.type, 'deleted') };
}
