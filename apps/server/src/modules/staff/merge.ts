import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type ContactHooks, inMergeSet, type MergeSet, mergeRank, ofDuplicates } from '../contacts/index.ts';
import { staffMembers } from './settings/settings.tables.ts';

// Staff's part of the contacts module's lifecycle hooks: in a merge the kept contact takes the
// duplicates' weeks of shifts; a renamed contact moves in the roster's name order.

/**
 * A week of shifts held by several of the merged contacts becomes one: the best-ranked row keeps
 * its shifts and takes the others' (each distinct shift once, by start time); the others go.
 */
async function settleShiftWeeks(tx: Tx, set: MergeSet) {
  const ranked = sql`select contact_id, week_start, shifts,
      row_number() over (partition by week_start order by ${mergeRank(set, sql`contact_id`)}) as rn,
      count(*) over (partition by week_start) as n
    from contact_shifts where organization_id = ${set.orgId} and ${inMergeSet(set, sql`contact_id`)}`;
  // Window ranking and a distinct union of jsonb list elements, set-based: no builder form.
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
  // A delete joined to the window-ranked rows (delete ... using): no builder form.
  await tx.execute(sql`delete from contact_shifts t using (${ranked}) r
    where t.organization_id = ${set.orgId} and t.contact_id = r.contact_id and t.week_start = r.week_start
      and r.rn > 1`);
}

/** Rows of `table` that would clash once moved: all but the best-ranked of each `partition`. */
async function keepBestRanked(tx: Tx, set: MergeSet, table: string, partition: string) {
  // By ctid over a window ranking, for any of the hook's tables: no builder form.
  await tx.execute(sql`delete from ${sql.identifier(table)} t using (
      select ctid, row_number() over (partition by ${sql.identifier(partition)}
        order by ${mergeRank(set, sql`contact_id`)}) as rn
      from ${sql.identifier(table)}
      where organization_id = ${set.orgId} and ${inMergeSet(set, sql`contact_id`)}) r
    where t.ctid = r.ctid and r.rn > 1`);
}

/** Plain moves: every contact column of these tables points at the kept contact. */
const MOVES: [string, string][] = [
  ['contact_shifts', 'contact_id'],
  ['work_histories', 'contact_id'],
  ['work_screenshots', 'contact_id'],
  ['work_history_edits', 'contact_id'],
  ['staff_members', 'contact_id'],
  ['employee_shifts', 'contact_id'],
  ['employee_shifts', 'pub_contact_id'],
  ['shift_pool', 'offered_by'],
  ['shift_pool', 'traded_to'],
  ['shift_pool_bids', 'contact_id'],
  ['staff_requests', 'contact_id'],
  ['attendance_records', 'contact_id'],
];

export const staffHooks: ContactHooks = {
  tables: {
    contact_shifts: ['contact_id'],
    work_histories: ['contact_id'],
    work_screenshots: ['contact_id'],
    work_history_edits: ['contact_id'],
    staff_members: ['contact_id'],
    employee_shifts: ['contact_id'],
    shift_pool: ['offered_by', 'traded_to'],
    shift_pool_bids: ['contact_id'],
    staff_requests: ['contact_id'],
    attendance_records: ['contact_id'],
  },
  uniqueKeys: {
    'contact_shifts.contact_shifts_organization_id_contact_id_week_start_pk':
      'one week of shifts: the lists are joined',
    'work_histories.work_histories_one_open_uq':
      'one open session: the best-ranked stays open, the others end now and wait for confirmation',
    'staff_members.staff_members_organization_id_contact_id_pk': 'one staff record: the best-ranked is kept',
    'shift_pool_bids.shift_pool_bids_organization_id_pool_id_contact_id_pk':
      'one bid per offer: the best-ranked bid is kept',
  },
  /** The roster sorts by staff_members.sort_name, the contact's name in lower case. */
  async renamed(tx, orgId, contactId, fullName) {
    await tx
      .update(staffMembers)
      .set({ sortName: sql`lower(${fullName})` })
      .where(and(eq(staffMembers.organizationId, orgId), eq(staffMembers.contactId, contactId)));
  },
  async merge(tx, set) {
    await settleShiftWeeks(tx, set);
    // An update joined to window-ranked open sessions (update ... from a ranking): no builder form.
    await tx.execute(sql`update work_histories w set end_at = greatest(now(), w.start_at), auto_ended = true,
        updated_at = now()
      from (select id, row_number() over (order by ${mergeRank(set, sql`contact_id`)}) as rn
            from work_histories where organization_id = ${set.orgId} and end_at is null
              and ${inMergeSet(set, sql`contact_id`)}) r
      where w.organization_id = ${set.orgId} and w.id = r.id and r.rn > 1`);
    await keepBestRanked(tx, set, 'staff_members', 'organization_id');
    await keepBestRanked(tx, set, 'shift_pool_bids', 'pool_id');
    for (const [table, column] of MOVES) {
      // The table and column are data here (the hook's list, checked against the schema by contacts).
      await tx.execute(
        sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${set.primaryId}
            where organization_id = ${set.orgId} and ${ofDuplicates(set, sql`${sql.identifier(column)}`)}`,
      );
    }
  },
};
