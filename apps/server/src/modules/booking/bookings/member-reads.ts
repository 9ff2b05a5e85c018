import {
  eventColorHex,
  type PortalAttendance,
  type PortalBooking,
  type PortalClass,
  type PortalWaitlistEntry,
} from '@opsuite/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { missing } from '../../../lib/errors.ts';
import { isoDay, isoText, rows } from '../../../lib/sql.ts';
import { ensureSlotsGenerated } from '../slots/schedules.service.ts';
import { bookedTotal } from '../slots/tallies.ts';
import { addDays, todayIn } from '../time.ts';

// What a member reads of their own classes (the member portal): the week's classes with seats
// left and their own booking or place in line, their upcoming bookings and waitlist places, and
// their history. Each list is one statement; every one is bound to the member's contact.

export interface MemberOrg {
  id: string;
  timeZone: string;
  themeColor: string;
}

/**
 * A class's instructor: the slot's own, else its schedule's, else its booking type's (a staff
 * contact; one since deleted shows as none). Joins `cs` and `ins` onto `s` (left) and `bt`.
 */
const instructorJoin = sql`
  left join class_schedules cs on cs.organization_id = bt.organization_id and cs.id = s.schedule_id
  left join contacts ins on ins.organization_id = bt.organization_id
    and ins.id = coalesce(s.instructor_id, cs.instructor_id, bt.instructor_id) and ins.deleted_at is null`;

interface InstructorColumns {
  instructor_id: string | null;
  instructor_name: string | null;
}

const instructorOf = (r: InstructorColumns) =>
  r.instructor_id && r.instructor_name ? { _id: r.instructor_id, fullName: r.instructor_name } : null;

interface ClassRow extends InstructorColumns {
  id: string;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
  capacity: number | null;
  booked: number;
  title: string;
  description: string | null;
  program: string | null;
  color: string;
  started: boolean;
  booking_id: string | null;
  booking_status: PortalBooking['status'] | null;
  waiting: number;
  position: number | null;
}

/** Classes whose day is in [from, from + days - 1], in start order, as the member sees them. */
export async function memberClasses(
  tx: Tx,
  org: MemberOrg,
  contactId: string,
  q: { from?: string; days: number },
) {
  const from = q.from ?? todayIn(org.timeZone);
  const to = addDays(from, q.days - 1);
  await ensureSlotsGenerated(tx, org.id, org.timeZone, to);
  const list = await rows<ClassRow>(
    tx,
    sql`select s.id, ${isoDay(sql`s.date`)} as date, s.start_time, s.end_time,
          ${isoText(sql`s.starts_at`)} as starts_at, ${isoText(sql`s.ends_at`)} as ends_at,
          s.capacity, ${bookedTotal()} as booked, bt.title, bt.description, bt.program_name as program, bt.color,
          s.starts_at <= now() as started, b.id as booking_id, b.status as booking_status,
          ins.id as instructor_id, ins.full_name as instructor_name,
          (select count(*)::int from booking_waitlist w
            where w.organization_id = s.organization_id and w.slot_id = s.id and w.status = 'waiting') as waiting,
          (select count(*)::int from booking_waitlist o
            where o.organization_id = s.organization_id and o.slot_id = s.id and o.status = 'waiting'
              and (o.joined_at, o.id) <= (mine.joined_at, mine.id)) as position
        from booking_slots s
        join booking_types bt on bt.organization_id = s.organization_id and bt.id = s.booking_type_id
        ${instructorJoin}
        left join bookings b on b.organization_id = s.organization_id and b.slot_id = s.id
          and b.contact_id = ${contactId} and not b.is_deleted and b.status <> 'cancelled'
        left join booking_waitlist mine on mine.organization_id = s.organization_id and mine.slot_id = s.id
          and mine.contact_id = ${contactId} and mine.status = 'waiting'
        where s.organization_id = ${org.id} and s.deleted_at is null and s.type = 'class'
          and s.date between ${from}::date and ${to}::date
        order by s.starts_at, s.id
        limit 1000`,
  );
  return {
    from,
    to,
    list: list.map(
      (r): PortalClass => ({
        _id: r.id,
        date: r.date,
        startTime: r.start_time,
        endTime: r.end_time,
        startsAt: r.starts_at,
        endsAt: r.ends_at,
        title: r.title,
        description: r.description,
        program: r.program,
        color: eventColorHex(r.color, org.themeColor),
        instructor: instructorOf(r),
        capacity: r.capacity,
        seatsLeft: r.capacity === null ? null : Math.max(0, r.capacity - r.booked),
        started: r.started,
        booking: r.booking_id && r.booking_status ? { _id: r.booking_id, status: r.booking_status } : null,
        waitlist:
          r.position === null || r.position === 0 ? null : { position: r.position, length: r.waiting },
        waitlistLength: r.waiting,
      }),
    ),
  };
}

interface BookingRow extends InstructorColumns {
  id: string;
  slot_id: string | null;
  title: string;
  color: string;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
  status: PortalBooking['status'];
  late_cancel: boolean;
  cancelled_at: string | null;
  attend_date: string | null;
  source: string;
  ended: boolean;
  total: number;
}

function attendanceOf(r: BookingRow): PortalAttendance {
  if (r.status === 'cancelled') return r.late_cancel ? 'late_cancel' : 'cancelled';
  if (r.status === 'completed') return 'checked_in';
  if (r.status === 'no_show') return 'no_show';
  // Still only booked once the class is over: they never checked in.
  return r.ended ? 'no_show' : 'booked';
}

const bookingAnswer =
  (org: MemberOrg) =>
  (r: BookingRow): PortalBooking => ({
    _id: r.id,
    slotId: r.slot_id,
    title: r.title,
    color: eventColorHex(r.color, org.themeColor),
    date: r.date,
    startTime: r.start_time,
    endTime: r.end_time,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    status: r.status,
    attendance: attendanceOf(r),
    lateCancel: r.late_cancel,
    cancelledAt: r.cancelled_at,
    attendedAt: r.attend_date,
    instructor: instructorOf(r),
    source: r.source,
  });

/** The member's bookings matching `where` (over `b`), with `tail` ordering and paging them. */
function memberBookingsSql(org: MemberOrg, contactId: string, where: SQL, tail: SQL) {
  const zone = org.timeZone;
  return sql`select b.id, b.slot_id, bt.title, bt.color,
      coalesce(${isoDay(sql`s.date`)}, to_char(b.start_date at time zone ${zone}, 'YYYY-MM-DD')) as date,
      coalesce(s.start_time, to_char(b.start_date at time zone ${zone}, 'HH24:MI')) as start_time,
      coalesce(s.end_time, to_char(b.end_date at time zone ${zone}, 'HH24:MI')) as end_time,
      ${isoText(sql`b.start_date`)} as starts_at, ${isoText(sql`b.end_date`)} as ends_at,
      b.status, b.late_cancel, ${isoText(sql`b.cancelled_at`)} as cancelled_at,
      ${isoText(sql`b.attend_date`)} as attend_date, b.source, b.end_date <= now() as ended,
      ins.id as instructor_id, ins.full_name as instructor_name,
      (count(*) over ())::int as total
    from bookings b
    join booking_types bt on bt.organization_id = b.organization_id and bt.id = b.booking_type_id
    left join booking_slots s on s.organization_id = b.organization_id and s.id = b.slot_id
    ${instructorJoin}
    where b.organization_id = ${org.id} and b.contact_id = ${contactId} and not b.is_deleted and ${where}
    ${tail}`;
}

/** One of the member's bookings; another member's (or none) is a 404. */
export async function memberBooking(tx: Tx, org: MemberOrg, contactId: string, id: string) {
  const [row] = await rows<BookingRow>(tx, memberBookingsSql(org, contactId, sql`b.id = ${id}`, sql``));
  if (!row) throw missing('Booking', 'bookingId');
  return bookingAnswer(org)(row);
}

/** Live bookings of classes that have not ended, and the member's places in line. */
export async function memberUpcoming(tx: Tx, org: MemberOrg, contactId: string) {
  const upcoming = await rows<BookingRow>(
    tx,
    memberBookingsSql(
      org,
      contactId,
      sql`b.status in ('booked', 'completed') and b.end_date > now()`,
      sql`order by b.start_date, b.id limit 200`,
    ),
  );
  const waitlist = await rows<Omit<PortalWaitlistEntry, 'color'> & { color: string }>(
    tx,
    sql`select w.slot_id as "slotId", bt.title, bt.color, ${isoDay(sql`s.date`)} as date,
          s.start_time as "startTime", s.end_time as "endTime", ${isoText(sql`s.starts_at`)} as "startsAt",
          ${isoText(sql`w.joined_at`)} as "joinedAt",
          (select count(*)::int from booking_waitlist o where o.organization_id = w.organization_id
            and o.slot_id = w.slot_id and o.status = 'waiting' and (o.joined_at, o.id) <= (w.joined_at, w.id)) as position,
          (select count(*)::int from booking_waitlist o where o.organization_id = w.organization_id
            and o.slot_id = w.slot_id and o.status = 'waiting') as length
        from booking_waitlist w
        join booking_slots s on s.organization_id = w.organization_id and s.id = w.slot_id
        join booking_types bt on bt.organization_id = s.organization_id and bt.id = s.booking_type_id
        where w.organization_id = ${org.id} and w.contact_id = ${contactId} and w.status = 'waiting'
          and s.deleted_at is null and s.starts_at > now()
        order by s.starts_at, s.id
        limit 200`,
  );
  return {
    upcoming: upcoming.map(bookingAnswer(org)),
    waitlist: waitlist.map((w) => ({ ...w, color: eventColorHex(w.color, org.themeColor) })),
  };
}

/**
 * Classes that are over (attended, missed or cancelled), newest first, with the whole history's
 * counts. A cancelled class still to come is not history.
 */
export async function memberHistory(
  tx: Tx,
  org: MemberOrg,
  contactId: string,
  q: { page: number; pageSize: number },
) {
  const past = sql`b.end_date <= now()`;
  const list = await rows<BookingRow>(
    tx,
    memberBookingsSql(
      org,
      contactId,
      past,
      sql`order by b.start_date desc, b.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    ),
  );
  const [counts] = await rows<{ checked_in: number; no_show: number; late_cancel: number; total: number }>(
    tx,
    sql`select count(*)::int as total,
          count(*) filter (where b.status = 'completed')::int as checked_in,
          count(*) filter (where b.status = 'no_show' or (b.status = 'booked' and b.end_date <= now()))::int as no_show,
          count(*) filter (where b.status = 'cancelled' and b.late_cancel)::int as late_cancel
        from bookings b
        where b.organization_id = ${org.id} and b.contact_id = ${contactId} and not b.is_deleted and ${past}`,
  );
  return {
    list: list.map(bookingAnswer(org)),
    pagination: { page: q.page, pageSize: q.pageSize, total: counts?.total ?? 0 },
    counts: {
      checkedIn: counts?.checked_in ?? 0,
      noShow: counts?.no_show ?? 0,
      lateCancel: counts?.late_cancel ?? 0,
    },
  };
}
