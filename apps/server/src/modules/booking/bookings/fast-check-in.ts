import type { Tx } from '../../../db/client.ts';
import { runThenCommit } from '../../../db/fast/prepared.ts';
import { missing, unauthenticated } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { checkInActivitySql, lastAttendedNowSql } from '../../contacts/index.ts';
import { attendedTotalText, TALLY_SHARDS } from '../slots/tallies.ts';
import {
  BOOKING_COLUMNS,
  type CheckInInput,
  type CheckInResult,
  COMPLETE_BOOKING,
  EXISTING_BOOKING,
  type Json,
  type KioskBooking,
  parsed,
} from './check-in.service.ts';

// The kiosk's common check-ins (a member already booked, a walk-in to a class without a
// capacity, a repeat) under many kiosks at once, as one statement sent with BEGIN, the binding
// and COMMIT in one write (the device's transaction opens with its first statement): one round
// trip. The class's counts move in the tally row of this database connection's shard
// (slots/tallies.ts), so check-ins into one class do not queue on one row. The class row is read
// in share mode: check-ins do not block each other, but a change of capacity waits for them
// (and they for it), so the capacity seen here is the latest and holds until the commit.
// The member's row is locked (key share, as the booking's foreign key would at the end) before
// the class's, the order a merge takes them in, so the two cannot deadlock. The select list
// reads its subqueries in order, which is what orders those locks.
// Anything else answers null, and the caller runs checkIn (the full rules) in a new transaction.

/** $1 organisation, $2 slot, $3 contact, $4 new booking id, $5 device, $6 new activity id. */
const CHECK_IN_SQL = `
  with dev as (select 1 from devices where organization_id = $1 and id = $5 and is_active),
  slot as (
    select s.id, s.booking_type_id, s.starts_at, s.ends_at, s.capacity, ${attendedTotalText()} as attended_slots,
      bt.title
    from booking_slots s join booking_types bt on bt.organization_id = s.organization_id and bt.id = s.booking_type_id
    where s.organization_id = $1 and s.id = $2 and s.deleted_at is null
    for share of s),
  person as (
    select id from contacts where organization_id = $1 and id = $3 and deleted_at is null for key share),
  existing as (${EXISTING_BOOKING}),
  ins as (
    insert into bookings (organization_id, id, contact_id, slot_id, booking_type_id, status, attend_date,
                          type, is_deleted, start_date, end_date, source, created_by)
    select $1, $4, person.id, slot.id, slot.booking_type_id, 'completed', now(),
           'class', false, slot.starts_at, slot.ends_at, 'kiosk', null
    from slot, person
    where exists (select 1 from dev) and not exists (select 1 from existing) and slot.capacity is null
    on conflict (organization_id, slot_id, contact_id) where not is_deleted do nothing
    returning ${BOOKING_COLUMNS('bookings')}),
  upd as (${COMPLETE_BOOKING}),
  done as (select * from ins union all select * from upd),
  attended_at as (${lastAttendedNowSql({ org: '$1', contact: '$3', when: 'exists (select 1 from done)' })}),
  activity as (${checkInActivitySql({
    org: '$1',
    id: '$6',
    contact: '$3',
    title: "'Checked in: ' || slot.title",
    data: `jsonb_build_object('bookingId', done."_id", 'slotId', $2::uuid)`,
    actor: 'null',
    from: 'from done, slot',
  })}),
  tally as (
    insert into booking_slot_tallies as t (organization_id, slot_id, shard, attended, booked)
    select $1, $2, (pg_backend_pid() % ${TALLY_SHARDS})::smallint, 1, (select count(*)::int from ins)
    where exists (select 1 from done)
    on conflict (organization_id, slot_id, shard)
    do update set attended = t.attended + 1, booked = t.booked + excluded.booked)
  select exists (select 1 from dev) as device_ok, exists (select 1 from person) as person_ok,
    exists (select 1 from slot) as slot_ok,
    (select row_to_json(d) from done d limit 1) as booking,
    (select row_to_json(e) from existing e limit 1) as existing,
    (select attended_slots from slot) as slot_attended`;

interface Written {
  device_ok: boolean;
  slot_ok: boolean;
  person_ok: boolean;
  booking: Json<KioskBooking>;
  existing: Json<KioskBooking>;
  slot_attended: number | null;
}

export async function fastKioskCheckIn(
  tx: Tx,
  input: CheckInInput & { deviceId: string },
): Promise<CheckInResult | null> {
  const { orgId, slotId, contactId } = input;
  const [out] = await runThenCommit<Written>(tx, 'kiosk_fast_check_in', CHECK_IN_SQL, [
    orgId,
    slotId,
    contactId,
    newId(),
    input.deviceId,
    newId(),
  ]);
  if (!out?.device_ok) throw unauthenticated('This device was removed');
  if (!out.slot_ok) throw missing('Slot', 'slotId');
  if (!out.person_ok) throw missing('Contact', 'contactId');
  const attended = Math.max(0, out.slot_attended ?? 0);
  const booking = parsed(out.booking);
  // The count read before this check-in's own tally, plus it (others committing meanwhile are
  // counted by the next answer).
  if (booking) return { booking, attendedSlots: attended + 1, created: true };
  const existing = parsed(out.existing);
  if (existing?.status !== 'completed') return null; // cancelled, a capped class, or a racing twin
  return { booking: existing, attendedSlots: attended, created: false };
}
