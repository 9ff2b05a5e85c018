import type { Tx } from '../../db/client.ts';
import { runThenCommit } from '../../db/prepared.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { missing } from './booking-access.ts';
import {
  BOOKING_COLUMNS,
  type CheckInInput,
  type CheckInResult,
  type Json,
  type KioskBooking,
  parsed,
} from './check-in.service.ts';

// The kiosk's common check-ins (a member already booked, a walk-in to a class without a
// capacity, a repeat) under many kiosks at once, as one statement sent with BEGIN, the binding
// and COMMIT in one write (the device's transaction opens with its first statement): one round
// trip. Every check-in into one class moves that class's counters, so the counter row is the one
// place they queue; it is locked last: the booking, the contact's Last Attended and the timeline
// entry (rows no other kiosk touches) are written first, and the COMMIT follows at once.
// Anything else answers null, and the caller runs checkIn (the full rules) in a new transaction.

/**
 * $1 organisation, $2 slot, $3 contact, $4 new booking id, $5 device, $6 new activity id.
 * The select list runs its subqueries in order, so `wrote` runs the writes of the member's own
 * rows before `attended` moves the counters. A walk-in counts only while the class still has no
 * capacity; otherwise the division fails the statement, and the COMMIT queued behind it ends
 * the transaction as a rollback, booking and all.
 */
const CHECK_IN_SQL = `
  with dev as (select 1 from devices where organization_id = $1 and id = $5 and is_active),
  slot as (
    select s.id, s.booking_type_id, s.starts_at, s.ends_at, s.capacity, s.attended_slots, bt.title
    from booking_slots s join booking_types bt on bt.organization_id = s.organization_id and bt.id = s.booking_type_id
    where s.organization_id = $1 and s.id = $2 and s.deleted_at is null),
  person as (select id from contacts where organization_id = $1 and id = $3 and deleted_at is null),
  existing as (
    select ${BOOKING_COLUMNS('b')} from bookings b
    where b.organization_id = $1 and b.slot_id = $2 and b.contact_id = $3 and not b.is_deleted),
  ins as (
    insert into bookings (organization_id, id, contact_id, slot_id, booking_type_id, status, attend_date,
                          type, is_deleted, start_date, end_date, source, created_by)
    select $1, $4, person.id, slot.id, slot.booking_type_id, 'completed', now(),
           'class', false, slot.starts_at, slot.ends_at, 'kiosk', null
    from slot, person
    where exists (select 1 from dev) and not exists (select 1 from existing) and slot.capacity is null
    on conflict (organization_id, slot_id, contact_id) where not is_deleted do nothing
    returning ${BOOKING_COLUMNS('bookings')}),
  upd as (
    update bookings b set status = 'completed', attend_date = now(), updated_at = now()
    where b.organization_id = $1 and b.slot_id = $2 and b.contact_id = $3
      and not b.is_deleted and b.status in ('booked', 'no_show')
      and exists (select 1 from dev) and exists (select 1 from slot) and exists (select 1 from person)
    returning ${BOOKING_COLUMNS('b')}),
  done as (select * from ins union all select * from upd),
  attended_at as (
    update contact_attendance c set last_attended_at = now()
    where c.organization_id = $1 and c.contact_id = $3 and exists (select 1 from done)
      and (c.last_attended_at is null or c.last_attended_at < now())
    returning 1),
  activity as (
    insert into contact_activities (organization_id, id, contact_id, kind, title, data, actor_user_id)
    select $1, $6, $3, 'check-in', 'Checked in: ' || slot.title,
           jsonb_build_object('bookingId', done."_id", 'slotId', $2::uuid), null
    from done, slot limit 1
    returning 1),
  bump as (
    update booking_slots s
    set attended_slots = s.attended_slots + 1, booked_count = s.booked_count + (select count(*)::int from ins),
        updated_at = now()
    where s.organization_id = $1 and s.id = $2 and exists (select 1 from done)
      and (not exists (select 1 from ins) or s.capacity is null)
    returning s.attended_slots)
  select exists (select 1 from dev) as device_ok, exists (select 1 from slot) as slot_ok,
    exists (select 1 from person) as person_ok,
    (select row_to_json(d) from done d limit 1) as booking,
    (select row_to_json(e) from existing e limit 1) as existing,
    (select attended_slots from slot) as slot_attended,
    (select count(*) from attended_at) + (select count(*) from activity) as wrote,
    (select attended_slots from bump) as attended,
    1 / (case when exists (select 1 from done) then (select count(*)::int from bump) else 1 end) as seat_guard`;

interface Written {
  device_ok: boolean;
  slot_ok: boolean;
  person_ok: boolean;
  booking: Json<KioskBooking>;
  existing: Json<KioskBooking>;
  slot_attended: number | null;
  attended: number | null;
}

const DIVISION_BY_ZERO = '22012';

export async function fastKioskCheckIn(
  tx: Tx,
  input: CheckInInput & { deviceId: string },
): Promise<CheckInResult | null> {
  const { orgId, slotId, contactId } = input;
  let out: Written | undefined;
  try {
    [out] = await runThenCommit<Written>(tx, 'kiosk_fast_check_in', CHECK_IN_SQL, [
      orgId,
      slotId,
      contactId,
      newId(),
      input.deviceId,
      newId(),
    ]);
  } catch (err) {
    if ((err as { code?: string }).code === DIVISION_BY_ZERO) return null; // the class got a capacity meanwhile
    throw err;
  }
  if (!out?.device_ok) throw unauthenticated('This device was removed');
  if (!out.slot_ok) throw missing('Slot', 'slotId');
  if (!out.person_ok) throw missing('Contact', 'contactId');
  const booking = parsed(out.booking);
  if (booking) return { booking, attendedSlots: Math.max(0, out.attended ?? 0), created: true };
  const existing = parsed(out.existing);
  if (existing?.status !== 'completed') return null; // cancelled, a capped class, or a racing twin
  return { booking: existing, attendedSlots: Math.max(0, out.slot_attended ?? 0), created: false };
}
