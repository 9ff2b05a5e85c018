import type { CalendarFilter, CalendarItem, EventColorName } from '@opsuite/shared';
import { eventColorHex, isoDateInZone, safeTimeZone } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { invalid } from '../../../lib/errors.ts';
import { NO_ID } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { Actor } from '../bookings/bookings.service.ts';
import { SLOT_INSTRUCTOR, type SlotRow, slotsSql } from '../queries.ts';
import { ensureSlotsGenerated } from '../slots/schedules.service.ts';
import type { Org } from '../slots/slots.service.ts';
import { addDays, dayStart } from '../time.ts';

// The calendar: classes, appointments and the calendar's own events in one
// feed, each in its event colour, filtered by Events / Appointments / Classes.

export const CALENDAR_RANGE_MAX_DAYS = 190;
const ITEMS_MAX = 5000;

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** A range bound: a day is the organisation's midnight; an end day is inclusive. */
export function rangeOf(start: string, end: string, timeZone: string): { from: Date; to: Date } {
  const from = isDay(start) ? dayStart(start, timeZone) : new Date(start);
  const to = isDay(end) ? dayStart(addDays(end, 1), timeZone) : new Date(end);
  if (to.getTime() < from.getTime()) throw invalid('end', 'must not be before start');
  if (to.getTime() - from.getTime() > CALENDAR_RANGE_MAX_DAYS * 86_400_000) {
    throw invalid('end', `the range may cover at most ${CALENDAR_RANGE_MAX_DAYS} days`);
  }
  return { from, to };
}

interface AppointmentRow {
  id: string;
  contact_id: string;
  status: string;
  start_date: string;
  end_date: string;
  bt_id: string;
  bt_title: string;
  bt_color: string;
  c_name: string | null;
}

interface EventRow {
  id: string;
  title: string;
  start_at: string;
  end_at: string;
  all_day: boolean;
  color_name: string;
  description: string | null;
}

export interface CalendarQuery {
  start: string;
  end: string;
  filters: CalendarFilter[];
  bookingTypeId?: string;
  instructorId?: string;
}

export async function calendarFeed(tx: Tx, org: Org, actor: Actor, q: CalendarQuery) {
  const { from, to } = rangeOf(q.start, q.end, org.timeZone);
  const f = new Set(q.filters);
  const color = (name: string) => ({
    colorName: name as EventColorName,
    color: eventColorHex(name, org.themeColor),
  });
  const list: CalendarItem[] = [];
  const fromText = from.toISOString();
  const toText = to.toISOString();
  if (f.has('Classes')) {
    await ensureSlotsGenerated(tx, org.id, org.timeZone, isoDateInZone(to, safeTimeZone(org.timeZone)));
    const where = [
      sql`s.organization_id = ${org.id}`,
      sql`s.type = 'class'`,
      sql`s.starts_at < ${toText}::timestamptz and s.ends_at > ${fromText}::timestamptz`,
      sql`s.starts_at > ${fromText}::timestamptz - interval '2 days'`,
    ];
    if (q.bookingTypeId) where.push(sql`s.booking_type_id = ${q.bookingTypeId}`);
    if (q.instructorId) where.push(sql`${SLOT_INSTRUCTOR} = ${q.instructorId}`);
    for (const s of await rows<SlotRow>(tx, slotsSql(sql.join(where, sql` and `), ITEMS_MAX))) {
      list.push({
        id: `class:${s.id}`,
        kind: 'class',
        calendar: 'Classes',
        title: s.bt_title,
        start: s.starts_at,
        end: s.ends_at,
        allDay: false,
        ...color(s.bt_color),
        sourceId: s.id,
        bookingTypeId: s.bt_id,
        extendedProps: {
          capacity: s.capacity,
          bookedCount: s.booked_count,
          attendedSlots: Math.max(0, s.attended_slots),
          instructorId: s.instructor_id,
          instructorName: s.instructor_id ? s.instructor_name : null,
        },
      });
    }
  }
  if (f.has('Appointments')) {
    const mine = actor.staff ? sql`` : sql`and b.contact_id = ${actor.contactId ?? NO_ID}`;
    const type = q.bookingTypeId ? sql`and b.booking_type_id = ${q.bookingTypeId}` : sql``;
    const appointments = await rows<AppointmentRow>(
      tx,
      sql`select b.id, b.contact_id, b.status, ${isoText(sql`b.start_date`)} as start_date, ${isoText(sql`b.end_date`)} as end_date,
            bt.id as bt_id, bt.title as bt_title, bt.color as bt_color, c.full_name as c_name
          from bookings b
          join booking_types bt on bt.organization_id = b.organization_id and bt.id = b.booking_type_id
          left join contacts c on c.organization_id = b.organization_id and c.id = b.contact_id
          where b.organization_id = ${org.id} and not b.is_deleted and b.type = 'other' and b.status <> 'cancelled'
            and b.start_date < ${toText}::timestamptz and b.end_date > ${fromText}::timestamptz ${mine} ${type}
          order by b.start_date, b.id limit ${ITEMS_MAX}`,
    );
    for (const a of appointments) {
      list.push({
        id: `appointment:${a.id}`,
        kind: 'appointment',
        calendar: 'Appointments',
        title: a.c_name ? `${a.bt_title}: ${a.c_name}` : a.bt_title,
        start: a.start_date,
        end: a.end_date,
        allDay: false,
        ...color(a.bt_color),
        sourceId: a.id,
        bookingTypeId: a.bt_id,
        extendedProps: { contactId: a.contact_id, contactName: a.c_name, status: a.status },
      });
    }
  }
  if (f.has('Events') && !q.bookingTypeId) {
    for (const e of await eventRows(tx, org.id, from, to)) {
      list.push({
        id: `event:${e.id}`,
        kind: 'event',
        calendar: 'Events',
        title: e.title,
        start: e.start_at,
        end: e.end_at,
        allDay: e.all_day,
        ...color(e.color_name),
        sourceId: e.id,
        bookingTypeId: null,
        extendedProps: { description: e.description },
      });
    }
  }
  list.sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
  return { list };
}

export async function eventRows(tx: Tx, orgId: string, from?: Date, to?: Date, id?: string) {
  const where = [sql`organization_id = ${orgId}`];
  if (from) where.push(sql`end_at >= ${from.toISOString()}::timestamptz`);
  if (to) where.push(sql`start_at < ${to.toISOString()}::timestamptz`);
  if (id) where.push(sql`id = ${id}`);
  return rows<EventRow>(
    tx,
    sql`select id, title, ${isoText(sql`start_at`)} as start_at, ${isoText(sql`end_at`)} as end_at, all_day, color_name, description
        from calendar_events where ${sql.join(where, sql` and `)} order by start_at, id limit ${ITEMS_MAX}`,
  );
}
