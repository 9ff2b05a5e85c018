import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { lockAndFoldSlots } from '../booking/slot-tallies.ts';

// Before a merge moves the duplicates' rows onto the kept contact, the rows that would then break
// a unique key holding the contact id are settled here, one rule per key. The kept (primary)
// contact wins, then the duplicates in the order given. Every unique index (or primary key) over
// a column that points at contacts must be listed in MERGE_UNIQUE_KEYS: a test compares this list
// with the database, so a new one is not forgotten (the merge would answer 409 otherwise).

/** Unique keys over a contact column that the merge settles (table.index), and how. */
export const MERGE_UNIQUE_KEYS: Record<string, string> = {
  'contacts.contacts_org_punch_uq': 'the duplicates lose their punch id',
  'contact_tags.contact_tags_organization_id_contact_id_tag_id_pk': 'the union of the tags',
  'contact_family_links.contact_family_links_pair_uq': 'one link per relative, the kept one first',
  'payment_cards.payment_cards_default_uq': 'the kept contact’s default card stays the default',
  'payment_customers.payment_customers_organization_id_contact_id_provider_pk':
    'the kept contact’s provider customer stays; a duplicate’s is dropped (its cards keep their customer_ref)',
  'bookings.bookings_slot_contact_uq': 'one booking per class slot, a completed one first',
  'contact_shifts.contact_shifts_organization_id_contact_id_week_start_pk':
    'one week of shifts: the lists are joined',
  'contact_answers.contact_answers_organization_id_contact_id_pk':
    'the kept contact takes the latest Last Attended of the set; each duplicate keeps its own row',
};

export interface MergeSet {
  orgId: string;
  primaryId: string;
  /** The kept contact first, then the duplicates in the order given. */
  all: string[];
}

/** Rank of a row's contact in the merge: the kept contact first, then the duplicates in order. */
const rankOf = (set: MergeSet, column: SQL) => sql`array_position(${sql.param(set.all)}::uuid[], ${column})`;
const inSet = (set: MergeSet, column: SQL) => sql`${column} = any(${sql.param(set.all)}::uuid[])`;

/** Of the default cards in the set only the best-ranked one stays the default. */
async function settleDefaultCards(tx: Tx, set: MergeSet) {
  await tx.execute(sql`update payment_cards set is_default = false, updated_at = now()
    where organization_id = ${set.orgId} and id in (
      select id from (
        select id, row_number() over (order by ${rankOf(set, sql`contact_id`)}, created_at, id) as rn
        from payment_cards
        where organization_id = ${set.orgId} and ${inSet(set, sql`contact_id`)} and is_default
      ) ranked where rn > 1)`);
}

/**
 * One provider customer per provider: the best-ranked contact's stays as the contact's customer.
 * The duplicates' cards move without it and stay usable at the provider: each card keeps the
 * customer it is attached to there (payment_cards.customer_ref), and every card call goes to it.
 */
async function settleProviderCustomers(tx: Tx, set: MergeSet) {
  await tx.execute(sql`delete from payment_customers p using (
      select contact_id, provider, row_number() over (
        partition by provider order by ${rankOf(set, sql`contact_id`)}) as rn
      from payment_customers where organization_id = ${set.orgId} and ${inSet(set, sql`contact_id`)}
    ) ranked
    where p.organization_id = ${set.orgId} and p.contact_id = ranked.contact_id
      and p.provider = ranked.provider and ranked.rn > 1`);
}

/**
 * Two live bookings of the merged contacts in one class slot become one: a completed booking is
 * kept before a booked one, a booked one before a no-show or cancellation, then the better-ranked
 * contact's. The others are soft-deleted (as deleting a booking does) and give back their seat
 * and attendance in the slot's counts.
 */
async function settleSlotBookings(tx: Tx, set: MergeSet) {
  // The slots' kiosk tallies go into their rows first, so that the counts below subtract from
  // whole counts (booking/slot-tallies.ts).
  const slots = await tx.execute(sql`select distinct slot_id from bookings
    where organization_id = ${set.orgId} and ${inSet(set, sql`contact_id`)} and slot_id is not null and not is_deleted`);
  await lockAndFoldSlots(
    tx,
    set.orgId,
    (slots.rows as { slot_id: string }[]).map((r) => r.slot_id),
  );
  await tx.execute(sql`with ranked as (
      select id, row_number() over (
        partition by slot_id
        order by (status = 'completed') desc, (status = 'booked') desc, (status <> 'cancelled') desc,
          ${rankOf(set, sql`contact_id`)}, created_at, id) as rn
      from bookings
      where organization_id = ${set.orgId} and ${inSet(set, sql`contact_id`)}
        and slot_id is not null and not is_deleted
    ), dropped as (
      update bookings b set is_deleted = true, updated_at = now()
      from ranked r where b.organization_id = ${set.orgId} and b.id = r.id and r.rn > 1
      returning b.slot_id, b.status
    )
    update booking_slots s
    set booked_count = greatest(0, s.booked_count - d.seats),
        attended_slots = greatest(0, s.attended_slots - d.attended), updated_at = now()
    from (
      select slot_id, count(*) filter (where status <> 'cancelled')::int as seats,
             count(*) filter (where status = 'completed')::int as attended
      from dropped group by slot_id
    ) d
    where s.organization_id = ${set.orgId} and s.id = d.slot_id`);
}

/**
 * A week of shifts held by several of the merged contacts becomes one: the best-ranked row keeps
 * its shifts and takes the others' (each distinct shift once, by start time); the others go.
 */
async function settleShiftWeeks(tx: Tx, set: MergeSet) {
  const ranked = sql`select contact_id, week_start, shifts,
      row_number() over (partition by week_start order by ${rankOf(set, sql`contact_id`)}) as rn,
      count(*) over (partition by week_start) as n
    from contact_shifts where organization_id = ${set.orgId} and ${inSet(set, sql`contact_id`)}`;
  await tx.execute(sql`update contact_shifts t set shifts = m.shifts, updated_at = now()
    from (
      select week_start, max(contact_id::text) filter (where rn = 1)::uuid as contact_id,
             (select coalesce(jsonb_agg(e.value order by e.value->>'startDate', e.rn, e.ord), '[]'::jsonb) from (
                select distinct on (x.value) x.value, r2.rn, x.ord
                from (${ranked}) r2 cross join lateral jsonb_array_elements(r2.shifts) with ordinality x(value, ord)
                where r2.week_start = r.week_start
                order by x.value, r2.rn, x.ord
              ) e) as shifts
      from (${ranked}) r where n > 1 group by week_start
    ) m
    where t.organization_id = ${set.orgId} and t.contact_id = m.contact_id and t.week_start = m.week_start`);
  await tx.execute(sql`delete from contact_shifts t using (${ranked}) r
    where t.organization_id = ${set.orgId} and t.contact_id = r.contact_id and t.week_start = r.week_start
      and r.rn > 1`);
}

/** Settles every unique key the move would break (tags, family and punch ids are merged by hand). */
export async function settleMergeConflicts(tx: Tx, set: MergeSet): Promise<void> {
  await settleDefaultCards(tx, set);
  await settleProviderCustomers(tx, set);
  await settleSlotBookings(tx, set);
  await settleShiftWeeks(tx, set);
}
