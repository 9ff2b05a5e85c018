import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { preparedRows } from '../../../db/fast/prepared.ts';
import { conflict, missing, unauthenticated } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isoTextOf, rows } from '../../../lib/sql.ts';
import {
  checkInActivitySql,
  lastAttendedNowSql,
  noteAttendance,
  recordActivity,
} from '../../contacts/index.ts';
import { adjustSlot, CLASS_FULL } from '../slots/seats.ts';
import { attendedTotal, attendedTotalText } from '../slots/tallies.ts';

// The kiosk check-in: find or create the member's booking in the class as completed
// with attendDate now, and count the attendance once. The common cases are one statement: the
// insert relies on the one-live-booking-per-slot-and-member index (ON CONFLICT waits for a
// concurrent twin and then does nothing), the update re-checks the status on the latest row,
// and the slot's counters move only when a booking newly became completed, so 20 identical
// check-ins at once leave one booking and +1.

export interface KioskBooking {
  _id: string;
  invitedUser: string;
  bookingSlot: string | null;
  bookingType: string;
  status: 'booked' | 'completed' | 'cancelled' | 'no_show';
  attendDate: string | null;
  type: 'class' | 'other';
  isDeleted: boolean;
  startDate: string;
  endDate: string;
}

export interface CheckInResult {
  booking: KioskBooking;
  attendedSlots: number;
  created: boolean;
}

export const BOOKING_COLUMNS = (b: string) => `
  ${b}.id as "_id", ${b}.contact_id as "invitedUser", ${b}.slot_id as "bookingSlot",
  ${b}.booking_type_id as "bookingType", ${b}.status,
  ${isoTextOf(`${b}.attend_date`)} as "attendDate",
  ${b}.type, ${b}.is_deleted as "isDeleted",
  ${isoTextOf(`${b}.start_date`)} as "startDate",
  ${isoTextOf(`${b}.end_date`)} as "endDate"`;

/** The member's live booking in the class ($1 organisation, $2 slot, $3 contact). */
export const EXISTING_BOOKING = `
    select ${BOOKING_COLUMNS('b')} from bookings b
    where b.organization_id = $1 and b.slot_id = $2 and b.contact_id = $3 and not b.is_deleted`;

/**
 * Completes the member's booked (or no-show) booking in the class, given the statement's `dev`,
 * `slot` and `person` CTEs: the update re-checks the status on the latest row.
 */
export const COMPLETE_BOOKING = `
    update bookings b set status = 'completed', attend_date = now(), updated_at = now()
    where b.organization_id = $1 and b.slot_id = $2 and b.contact_id = $3
      and not b.is_deleted and b.status in ('booked', 'no_show')
      and exists (select 1 from dev) and exists (select 1 from slot) and exists (select 1 from person)
    returning ${BOOKING_COLUMNS('b')}`;

/**
 * $1 organisation, $2 slot, $3 contact, $4 new booking id, $5 source, $6 acting user,
 * $7 device (or null), $8 new activity id. `existing` and `slot` are read from the statement's snapshot; the insert and
 * the update act on the latest rows.
 */
const checkInSql = (withDevice: boolean) => `
  with dev as (${withDevice ? 'select 1 from devices where organization_id = $1 and id = $7 and is_active' : 'select $7::uuid'}),
  slot as (
    select s.id, s.booking_type_id, s.starts_at, s.ends_at, ${attendedTotalText()} as attended_slots, bt.title
    from booking_slots s join booking_types bt on bt.organization_id = s.organization_id and bt.id = s.booking_type_id
    where s.organization_id = $1 and s.id = $2 and s.deleted_at is null),
  person as (select id from contacts where organization_id = $1 and id = $3 and deleted_at is null),
  existing as (${EXISTING_BOOKING}),
  ins as (
    insert into bookings (organization_id, id, contact_id, slot_id, booking_type_id, status, attend_date,
                          type, is_deleted, start_date, end_date, source, created_by)
    select $1, $4, person.id, slot.id, slot.booking_type_id, 'completed', now(),
           'class', false, slot.starts_at, slot.ends_at, $5, $6::uuid
    from slot, person where exists (select 1 from dev) and not exists (select 1 from existing)
    on conflict (organization_id, slot_id, contact_id) where not is_deleted do nothing
    returning ${BOOKING_COLUMNS('bookings')}),
  upd as (${COMPLETE_BOOKING}),
  bump as (
    update booking_slots s
    set attended_slots = s.attended_slots + (select count(*) from ins) + (select count(*) from upd),
        booked_count = s.booked_count + (select count(*) from ins), updated_at = now()
    where s.organization_id = $1 and s.id = $2
      and (exists (select 1 from ins) or exists (select 1 from upd))
      and (not exists (select 1 from ins) or s.capacity is null or s.booked_count < s.capacity)
    returning ${attendedTotalText()} as attended_slots),
  -- The "Last Attended" the contacts list rates by.
  attended_at as (${lastAttendedNowSql({ org: '$1', contact: '$3', when: 'exists (select 1 from bump)' })}),
  -- The contact's timeline entry, in this statement so that the slot row locked by bump is held
  -- only until the commit that follows.
  activity as (${checkInActivitySql({
    org: '$1',
    id: '$8',
    contact: '$3',
    title: "'Checked in: ' || slot.title",
    data: `jsonb_build_object('bookingId', x."_id", 'slotId', $2::uuid)`,
    actor: '$6::uuid',
    from: 'from (select * from ins union all select * from upd) x, slot where exists (select 1 from bump)',
  })})
  select exists (select 1 from dev) as device_ok, exists (select 1 from slot) as slot_ok,
    exists (select 1 from person) as person_ok, (select title from slot) as title,
    (select row_to_json(x) from (select * from ins union all select * from upd) x limit 1) as booking,
    (select attended_slots from bump) as attended,
    (select row_to_json(e) from existing e limit 1) as existing,
    (select attended_slots from slot) as slot_attended`;
const CHECK_IN_SQL = checkInSql(false);
const DEVICE_CHECK_IN_SQL = checkInSql(true);

export type Json<T> = T | string | null;
export const parsed = <T>(v: Json<T>): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

interface Outcome {
  device_ok: boolean;
  slot_ok: boolean;
  person_ok: boolean;
  title: string | null;
  booking: Json<KioskBooking>;
  attended: number | null;
  existing: Json<KioskBooking>;
  slot_attended: number | null;
}

export interface CheckInInput {
  orgId: string;
  slotId: string;
  contactId: string;
  /** A kiosk's device id: the device must still exist and be active (else 401). */
  deviceId?: string;
  actorUserId?: string | null;
  source?: string;
}

export async function checkIn(tx: Tx, input: CheckInInput): Promise<CheckInResult> {
  const { orgId, slotId, contactId } = input;
  const params = [
    orgId,
    slotId,
    contactId,
    newId(),
    input.source ?? 'kiosk',
    input.actorUserId ?? null,
    input.deviceId ?? null,
    newId(),
  ];
  const [out] = input.deviceId
    ? await preparedRows<Outcome>(tx, 'kiosk_check_in_device', DEVICE_CHECK_IN_SQL, params)
    : await preparedRows<Outcome>(tx, 'kiosk_check_in', CHECK_IN_SQL, params);
  if (!out?.device_ok) throw unauthenticated('This device was removed');
  if (!out.slot_ok) throw missing('Slot', 'slotId');
  if (!out.person_ok) throw missing('Contact', 'contactId');
  const booking = parsed(out.booking);
  if (booking) {
    // A new booking with no seat left: throwing rolls the insert back.
    if (out.attended === null) throw conflict(CLASS_FULL, 'slotId');
    return { booking, attendedSlots: out.attended, created: true };
  }
  const existing = parsed(out.existing);
  if (existing?.status === 'completed') {
    return { booking: existing, attendedSlots: Math.max(0, out.slot_attended ?? 0), created: false };
  }
  return existingCheckIn(tx, input, out.title ?? '');
}

/** Nothing changed above: the member is already checked in, or their booking was cancelled. */
async function existingCheckIn(tx: Tx, input: CheckInInput, title: string): Promise<CheckInResult> {
  const { orgId, slotId, contactId } = input;
  const read = (lock: boolean) =>
    rows<KioskBooking & { attended: number }>(
      tx,
      sql`select ${sql.raw(BOOKING_COLUMNS('b'))}, ${attendedTotal()} as attended
          from bookings b join booking_slots s on s.organization_id = b.organization_id and s.id = b.slot_id
          where b.organization_id = ${orgId} and b.slot_id = ${slotId} and b.contact_id = ${contactId}
            and not b.is_deleted ${lock ? sql`for update of b` : sql``}`,
    );
  const done = (found: KioskBooking & { attended: number }, created: boolean, attended = found.attended) => {
    const { attended: _, ...booking } = found;
    return { booking, attendedSlots: Math.max(0, attended), created };
  };
  const [found] = await read(false);
  if (!found) throw conflict('Unable to complete check-in');
  if (found.status === 'completed') return done(found, false);
  // A cancelled booking takes its seat back (if one is free) and becomes completed; the row
  // lock makes a concurrent twin wait and then see it completed.
  const [locked] = await read(true);
  if (!locked) throw conflict('Unable to complete check-in');
  if (locked.status === 'completed') return done(locked, false);
  const seats = locked.status === 'cancelled' ? 1 : 0;
  const { attendedSlots } = await adjustSlot(tx, orgId, slotId, { seats, attended: 1 });
  await tx.execute(
    sql`update bookings set status = 'completed', attend_date = now(), updated_at = now()
        where organization_id = ${orgId} and id = ${locked._id}`,
  );
  await noteAttendance(tx, orgId, contactId, new Date());
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'check-in',
    title: `Checked in: ${title}`,
    data: { bookingId: locked._id, slotId },
    actorUserId: input.actorUserId ?? null,
  });
  const [after] = await read(false);
  return done(after!, true, attendedSlots);
}
