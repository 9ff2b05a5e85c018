import type { AdminSlot, BookingRecord, EventColorName, MembershipStatus } from '@opsuite/shared';
import { eventColorHex } from '@opsuite/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { isoDay, isoText, rows } from '../../lib/sql.ts';
import { membershipStatusSql } from '../contacts/index.ts';
import { attendedTotal, bookedTotal } from './slots/tallies.ts';

// The reads of slots and bookings as single statements, and their answers.

export interface SlotRow {
  id: string;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
  capacity: number | null;
  booked_count: number;
  attended_slots: number;
  type: 'class' | 'other';
  schedule_id: string | null;
  bt_id: string;
  bt_title: string;
  bt_program: string | null;
  bt_color: string;
  bt_description: string | null;
  /** The slot's own instructor (an override), or null when it inherits one. */
  instructor_override: string | null;
  /** The effective instructor: the slot's, else its schedule's, else its booking type's. */
  instructor_id: string | null;
  instructor_name: string | null;
}

/** The effective instructor of slot `s` (with its schedule `cs` and type `bt` joined). */
export const SLOT_INSTRUCTOR = sql`coalesce(s.instructor_id, cs.instructor_id, bt.instructor_id)`;

/** Live slots of `s` matching `where` (which must bound s.organization_id), with their type. */
export function slotsSql(where: SQL, limit = 2000): SQL {
  return sql`
    select s.id, ${isoDay(sql`s.date`)} as date, s.start_time, s.end_time,
      ${isoText(sql`s.starts_at`)} as starts_at, ${isoText(sql`s.ends_at`)} as ends_at,
      s.capacity, ${bookedTotal()} as booked_count, ${attendedTotal()} as attended_slots, s.type, s.schedule_id,
      bt.id as bt_id, bt.title as bt_title, bt.program_name as bt_program, bt.color as bt_color,
      bt.description as bt_description, s.instructor_id as instructor_override,
      ${SLOT_INSTRUCTOR} as instructor_id, ic.full_name as instructor_name
    from booking_slots s
    join booking_types bt on bt.organization_id = s.organization_id and bt.id = s.booking_type_id
    left join class_schedules cs on cs.organization_id = s.organization_id and cs.id = s.schedule_id
    left join contacts ic on ic.organization_id = s.organization_id and ic.id = ${SLOT_INSTRUCTOR}
    where s.deleted_at is null and ${where}
    order by s.starts_at, s.id
    limit ${limit}`;
}

export async function loadSlot(tx: Tx, orgId: string, id: string): Promise<SlotRow | undefined> {
  const [row] = await rows<SlotRow>(tx, slotsSql(sql`s.organization_id = ${orgId} and s.id = ${id}`, 1));
  return row;
}

export function kioskSlotAnswer(r: SlotRow) {
  return {
    _id: r.id,
    date: r.date,
    startTime: r.start_time,
    endTime: r.end_time,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    capacity: r.capacity,
    attendedSlots: Math.max(0, r.attended_slots),
    bookingType: {
      _id: r.bt_id,
      title: r.bt_title,
      program: r.bt_program ? { name: r.bt_program } : null,
    },
  };
}

export function adminSlotAnswer(r: SlotRow, orgColor: string): AdminSlot {
  return {
    ...kioskSlotAnswer(r),
    type: r.type,
    bookedCount: r.booked_count,
    remaining: r.capacity === null ? null : Math.max(0, r.capacity - r.booked_count),
    scheduleId: r.schedule_id,
    color: r.bt_color as EventColorName,
    colorHex: eventColorHex(r.bt_color, orgColor),
    instructorId: r.instructor_override,
    instructor: instructorRef(r),
  };
}

/** The effective instructor of a slot row as answers name it. */
export function instructorRef(r: SlotRow): { _id: string; fullName: string } | null {
  return r.instructor_id ? { _id: r.instructor_id, fullName: r.instructor_name ?? '' } : null;
}

export interface BookingRow {
  id: string;
  contact_id: string;
  slot_id: string | null;
  booking_type_id: string;
  status: BookingRecord['status'];
  attend_date: string | null;
  type: 'class' | 'other';
  is_deleted: boolean;
  start_date: string;
  end_date: string;
  notes: string | null;
  source: string;
  late_cancel: boolean;
  created_at: string;
  updated_at: string;
  c_name: string | null;
  c_photo: string | null;
  c_email: string | null;
  c_phone: string | null;
  c_status: MembershipStatus | null;
  bt_title: string;
  bt_color: string;
  s_date: string | null;
  s_start: string | null;
  s_end: string | null;
  total: number;
}

/** Bookings of `b` matching `where`, with their contact, type and slot; `tail` orders and pages. */
export function bookingsSql(where: SQL, tail: SQL = sql`order by b.start_date, b.id`): SQL {
  return sql`
    select b.id, b.contact_id, b.slot_id, b.booking_type_id, b.status, ${isoText(sql`b.attend_date`)} as attend_date,
      b.type, b.is_deleted, ${isoText(sql`b.start_date`)} as start_date, ${isoText(sql`b.end_date`)} as end_date,
      b.notes, b.source, b.late_cancel, ${isoText(sql`b.created_at`)} as created_at, ${isoText(sql`b.updated_at`)} as updated_at,
      c.full_name as c_name, c.photo as c_photo, c.email as c_email, c.phone as c_phone,
      ${sql.raw(membershipStatusSql('c'))} as c_status,
      bt.title as bt_title, bt.color as bt_color,
      ${isoDay(sql`s.date`)} as s_date, s.start_time as s_start, s.end_time as s_end,
      (count(*) over ())::int as total
    from bookings b
    join booking_types bt on bt.organization_id = b.organization_id and bt.id = b.booking_type_id
    left join contacts c on c.organization_id = b.organization_id and c.id = b.contact_id
    left join booking_slots s on s.organization_id = b.organization_id and s.id = b.slot_id
    where ${where}
    ${tail}`;
}

/** The kiosk's booking shape (contracts/kiosk.ts). */
export function kioskBookingAnswer(r: BookingRow) {
  return {
    _id: r.id,
    invitedUser: r.contact_id,
    bookingSlot: r.slot_id,
    bookingType: r.booking_type_id,
    status: r.status,
    attendDate: r.attend_date,
    type: r.type,
    isDeleted: r.is_deleted,
    startDate: r.start_date,
    endDate: r.end_date,
  };
}

export function bookingRecordAnswer(r: BookingRow): BookingRecord {
  return {
    ...kioskBookingAnswer(r),
    contact: r.c_name
      ? {
          _id: r.contact_id,
          fullName: r.c_name,
          photo: r.c_photo,
          email: r.c_email,
          phone: r.c_phone,
          ...(r.c_status ? { membershipStatus: r.c_status } : {}),
        }
      : null,
    bookingTypeTitle: r.bt_title,
    color: r.bt_color as EventColorName,
    slot:
      r.s_date && r.s_start && r.s_end ? { date: r.s_date, startTime: r.s_start, endTime: r.s_end } : null,
    notes: r.notes,
    source: r.source,
    lateCancel: r.late_cancel,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function loadBooking(tx: Tx, orgId: string, id: string): Promise<BookingRow | undefined> {
  const [row] = await rows<BookingRow>(tx, bookingsSql(sql`b.organization_id = ${orgId} and b.id = ${id}`));
  return row;
}
