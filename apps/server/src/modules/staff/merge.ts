import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type ContactHooks, inMergeSet, type MergeSet, mergeRank, ofDuplicates } from '../contacts/index.ts';

// Staff's part of a contact merge (the contacts module's lifecycle hooks): the kept contact
// takes the duplicates' weeks of shifts.

/**
 * A week of shifts held by several of the merged contacts becomes one: the best-ranked row keeps
 * its shifts and takes the others' (each distinct shift once, by start time); the others go.
 */
async function settleShiftWeeks(tx: Tx, set: MergeSet) {
  const ranked = sql`select contact_id, week_start, shifts,
      row_number() over (partition by week_start order by ${mergeRank(set, sql`contact_id`)}) as rn,
      count(*) over (partition by week_start) as n
    from contact_shifts where organization_id = ${set.orgId} and ${inMergeSet(set, sql`contact_id`)}`;
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

export const staffHooks: ContactHooks = {
  tables: { contact_shifts: ['contact_id'] },
  uniqueKeys: {
    'contact_shifts.contact_shifts_organization_id_contact_id_week_start_pk':
      'one week of shifts: the lists are joined',
  },
  async merge(tx, set) {
    await settleShiftWeeks(tx, set);
    await tx.execute(sql`update contact_shifts set contact_id = ${set.primaryId}
      where organization_id = ${set.orgId} and ${ofDuplicates(set, sql`contact_id`)}`);
  },
};
