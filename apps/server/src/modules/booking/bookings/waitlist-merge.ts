import { sql } from 'drizzle-orm';
import { type ContactHooks, inMergeSet, mergeRank, ofDuplicates } from '../../contacts/index.ts';

// The waitlist's part of the contact lifecycle: merged contacts keep one place per class (the
// earliest of theirs, or none where the kept contact now holds a booking in the class), and a
// deleted contact leaves every line, so a freed seat never goes to them.

export const waitlistHooks: ContactHooks = {
  tables: { booking_waitlist: ['contact_id'] },
  uniqueKeys: {
    'booking_waitlist.booking_waitlist_waiting_uq':
      'one place per class: the earliest of the merged contacts',
  },
  async merge(tx, set) {
    await tx.execute(sql`with ranked as (
        select w.id, row_number() over (
          partition by w.slot_id order by w.joined_at, ${mergeRank(set, sql`w.contact_id`)}, w.id) as rn,
          exists (select 1 from bookings b where b.organization_id = w.organization_id and b.slot_id = w.slot_id
            and ${inMergeSet(set, sql`b.contact_id`)} and not b.is_deleted and b.status <> 'cancelled') as booked
        from booking_waitlist w
        where w.organization_id = ${set.orgId} and ${inMergeSet(set, sql`w.contact_id`)} and w.status = 'waiting'
      )
      update booking_waitlist w set status = 'left', left_at = now()
      from ranked r where w.organization_id = ${set.orgId} and w.id = r.id and (r.rn > 1 or r.booked)`);
    await tx.execute(sql`update booking_waitlist set contact_id = ${set.primaryId}
      where organization_id = ${set.orgId} and ${ofDuplicates(set, sql`contact_id`)}`);
  },
  async deleted(tx, orgId, contactIds) {
    await tx.execute(sql`update booking_waitlist set status = 'left', left_at = now()
      where organization_id = ${orgId} and contact_id = any(${sql.param(contactIds)}::uuid[])
        and status = 'waiting'`);
  },
};
