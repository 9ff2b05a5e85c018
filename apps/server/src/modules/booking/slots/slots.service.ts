import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict, invalid, missing } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import { bookingSlots } from '../booking.tables.ts';
import { fillFromWaitlist } from '../bookings/waitlist.service.ts';
import { adminSlotAnswer, loadSlot, SLOT_INSTRUCTOR, type SlotRow, slotsSql } from '../queries.ts';
import { checkRange, slotInstants } from '../time.ts';
import { assertInstructor } from '../types/instructors.ts';
import { bookingTypeOrMissing } from '../types/types.service.ts';
import { ensureSlotsGenerated } from './schedules.service.ts';
import { lockAndFoldSlots } from './tallies.ts';

// Single slots: list a range (generating scheduled ones first), add, edit, delete.

export const SLOT_RANGE_MAX_DAYS = 92;

export interface Org {
  id: string;
  timeZone: string;
  themeColor: string;
}

export interface SlotFilter {
  startDate: string;
  endDate: string;
  type?: 'class' | 'other';
  bookingTypeId?: string;
  /** Only classes whose effective instructor is this contact. */
  instructorId?: string;
}

/** Live slots whose day lies in the range, generating scheduled slots first. */
export async function slotRows(tx: Tx, org: Org, f: SlotFilter): Promise<SlotRow[]> {
  checkRange(f.startDate, f.endDate, SLOT_RANGE_MAX_DAYS);
  await ensureSlotsGenerated(tx, org.id, org.timeZone, f.endDate);
  const where = [
    sql`s.organization_id = ${org.id}`,
    sql`s.date between ${f.startDate}::date and ${f.endDate}::date`,
  ];
  if (f.type) where.push(sql`s.type = ${f.type}`);
  if (f.bookingTypeId) where.push(sql`s.booking_type_id = ${f.bookingTypeId}`);
  if (f.instructorId) where.push(sql`${SLOT_INSTRUCTOR} = ${f.instructorId}`);
  return rows<SlotRow>(tx, slotsSql(sql.join(where, sql` and `)));
}

export async function listSlots(tx: Tx, org: Org, f: SlotFilter) {
  return { list: (await slotRows(tx, org, f)).map((r) => adminSlotAnswer(r, org.themeColor)) };
}

export interface SlotInput {
  bookingTypeId?: string;
  date?: string;
  startTime?: string;
  endTime?: string;
  capacity?: number | null;
  type?: 'class' | 'other';
  instructorId?: string | null;
}

async function answerFor(tx: Tx, org: Org, id: string) {
  const row = await loadSlot(tx, org.id, id);
  if (!row) throw missing('Slot');
  return adminSlotAnswer(row, org.themeColor);
}

export async function createSlot(tx: Tx, org: Org, body: SlotInput) {
  await bookingTypeOrMissing(tx, org.id, body.bookingTypeId!, 'bookingTypeId');
  await assertInstructor(tx, org.id, body.instructorId);
  const id = newId();
  await tx.insert(bookingSlots).values({
    organizationId: org.id,
    id,
    bookingTypeId: body.bookingTypeId!,
    date: body.date!,
    startTime: body.startTime!,
    endTime: body.endTime!,
    ...slotInstants(body.date!, body.startTime!, body.endTime!, org.timeZone),
    type: body.type ?? 'class',
    capacity: body.capacity ?? null,
    instructorId: body.instructorId ?? null,
  });
  return answerFor(tx, org, id);
}

/** The live slot, locked for the rest of the transaction. */
export async function lockSlot(tx: Tx, orgId: string, id: string, field?: string) {
  // Locked with its kiosk tallies folded in, so that the counts read here (capacity checks) are
  // the whole counts; the read that follows sees the row as locked.
  await lockAndFoldSlots(tx, orgId, [id]);
  const [row] = await tx
    .select()
    .from(bookingSlots)
    .where(
      and(eq(bookingSlots.organizationId, orgId), eq(bookingSlots.id, id), isNull(bookingSlots.deletedAt)),
    );
  if (!row) throw missing('Slot', field);
  return row;
}

/**
 * Edits a slot; its live bookings follow its new times and type. Capacity cannot go below the
 * seats already taken.
 */
export async function updateSlot(tx: Tx, org: Org, id: string, body: SlotInput) {
  const slot = await lockSlot(tx, org.id, id);
  if (body.bookingTypeId) await bookingTypeOrMissing(tx, org.id, body.bookingTypeId, 'bookingTypeId');
  await assertInstructor(tx, org.id, body.instructorId);
  const date = body.date ?? slot.date;
  const startTime = body.startTime ?? slot.startTime;
  const endTime = body.endTime ?? slot.endTime;
  if (startTime === endTime) throw invalid('endTime', 'End time must differ from start time');
  const capacity = body.capacity === undefined ? slot.capacity : body.capacity;
  if (capacity !== null && capacity < slot.bookedCount) {
    throw conflict(`capacity: ${slot.bookedCount} people are already booked into this class`, 'capacity');
  }
  const instants = slotInstants(date, startTime, endTime, org.timeZone);
  const bookingTypeId = body.bookingTypeId ?? slot.bookingTypeId;
  await tx
    .update(bookingSlots)
    .set({
      bookingTypeId,
      date,
      startTime,
      endTime,
      ...instants,
      capacity,
      type: body.type ?? slot.type,
      instructorId: body.instructorId === undefined ? slot.instructorId : body.instructorId,
      updatedAt: new Date(),
    })
    .where(and(eq(bookingSlots.organizationId, org.id), eq(bookingSlots.id, id)));
  await tx.execute(
    sql`update bookings set start_date = ${instants.startsAt.toISOString()}::timestamptz,
          end_date = ${instants.endsAt.toISOString()}::timestamptz, booking_type_id = ${bookingTypeId}, updated_at = now()
        where organization_id = ${org.id} and slot_id = ${id} and not is_deleted`,
  );
  // Seats a raised capacity adds go to the waitlist, first in line first.
  if (capacity === null || capacity > slot.bookedCount)
    await fillFromWaitlist(tx, { orgId: org.id, userId: null }, id);
  return answerFor(tx, org, id);
}

/** Deleting a slot deletes (softly) the bookings in it; the slot is kept out of every list. */
export async function deleteSlot(tx: Tx, orgId: string, id: string) {
  await lockSlot(tx, orgId, id);
  await tx.execute(
    sql`update bookings set is_deleted = true, updated_at = now()
        where organization_id = ${orgId} and slot_id = ${id} and not is_deleted`,
  );
  await tx
    .update(bookingSlots)
    .set({ deletedAt: new Date(), bookedCount: 0, updatedAt: new Date() })
    .where(and(eq(bookingSlots.organizationId, orgId), eq(bookingSlots.id, id)));
}
