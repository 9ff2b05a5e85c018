import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import type { ContactHooks, MergeSet } from '../contacts/index.ts';
import {
  attendanceRecords,
  employeeShifts,
  shiftPool,
  shiftPoolBids,
  staffRequests,
} from './schedule/schedule.tables.ts';
import { staffMembers } from './settings/settings.tables.ts';
import { contactShifts, type StoredShift } from './shifts.tables.ts';
import { workHistories, workHistoryEdits, workScreenshots } from './time/time.tables.ts';

// Staff's part of the contacts module's lifecycle hooks: in a merge the kept contact takes the
// duplicates' weeks of shifts; a renamed contact moves in the roster's name order.

/** A row's place in the merge: the kept contact first, then the duplicates in order. */
const rankOf = (set: MergeSet, contactId: string) => set.all.indexOf(contactId);

/** Rows grouped by a key, in the order met. */
function groupBy<T>(list: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** The rows of `column` that belong to one of the duplicates. */
const ofDuplicateRows = (set: MergeSet, organizationId: PgColumn, column: PgColumn) =>
  and(eq(organizationId, set.orgId), inArray(column, set.duplicateIds));

/**
 * A week of shifts held by several of the merged contacts becomes one: the best-ranked row keeps
 * its shifts and takes the others' (each distinct shift once, by start time); the others go.
 * A merge names a handful of contacts, so their weeks are read and joined here.
 */
async function settleShiftWeeks(tx: Tx, set: MergeSet) {
  const t = contactShifts;
  const weeks = await tx
    .select({ contactId: t.contactId, weekStart: t.weekStart, shifts: t.shifts })
    .from(t)
    .where(and(eq(t.organizationId, set.orgId), inArray(t.contactId, set.all)));
  const byWeek = groupBy(weeks, (w) => w.weekStart);
  for (const [weekStart, held] of byWeek) {
    if (held.length < 2) continue;
    held.sort((a, b) => rankOf(set, a.contactId) - rankOf(set, b.contactId));
    const [kept, ...others] = held as [(typeof held)[number], ...typeof held];
    await tx
      .update(t)
      .set({ shifts: joinShiftLists(held.map((w) => w.shifts)), updatedAt: sql`now()` })
      .where(
        and(eq(t.organizationId, set.orgId), eq(t.contactId, kept.contactId), eq(t.weekStart, weekStart)),
      );
    await tx.delete(t).where(
      and(
        eq(t.organizationId, set.orgId),
        eq(t.weekStart, weekStart),
        inArray(
          t.contactId,
          others.map((w) => w.contactId),
        ),
      ),
    );
  }
}

/** Lists in rank order joined: each distinct shift once, its first place kept, by start time. */
export function joinShiftLists(lists: StoredShift[][]): StoredShift[] {
  const seen = new Set<string>();
  const joined: StoredShift[] = [];
  for (const list of lists) {
    for (const shift of list) {
      const key = JSON.stringify(shift);
      if (seen.has(key)) continue;
      seen.add(key);
      joined.push(shift);
    }
  }
  // Stable: shifts that start together keep their rank and list order.
  return joined.sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
}

/** One open session: the best-ranked stays open, the others end now and wait for confirmation. */
async function endExtraOpenSessions(tx: Tx, set: MergeSet) {
  const w = workHistories;
  const open = await tx
    .select({ id: w.id, contactId: w.contactId })
    .from(w)
    .where(and(eq(w.organizationId, set.orgId), isNull(w.endAt), inArray(w.contactId, set.all)));
  if (open.length < 2) return;
  open.sort((a, b) => rankOf(set, a.contactId) - rankOf(set, b.contactId));
  await tx
    .update(w)
    .set({ endAt: sql`greatest(now(), ${w.startAt})`, autoEnded: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(w.organizationId, set.orgId),
        inArray(
          w.id,
          open.slice(1).map((o) => o.id),
        ),
      ),
    );
}

/** One staff record: the best-ranked contact's is kept. */
async function keepBestStaffRecord(tx: Tx, set: MergeSet) {
  const m = staffMembers;
  const held = await tx
    .select({ contactId: m.contactId })
    .from(m)
    .where(and(eq(m.organizationId, set.orgId), inArray(m.contactId, set.all)));
  if (held.length < 2) return;
  held.sort((a, b) => rankOf(set, a.contactId) - rankOf(set, b.contactId));
  const dropped = held.slice(1).map((r) => r.contactId);
  await tx.delete(m).where(and(eq(m.organizationId, set.orgId), inArray(m.contactId, dropped)));
}

/** One bid per offer: of the merged contacts' bids on an offer, the best-ranked is kept. */
async function keepBestBids(tx: Tx, set: MergeSet) {
  const b = shiftPoolBids;
  const bids = await tx
    .select({ poolId: b.poolId, contactId: b.contactId })
    .from(b)
    .where(and(eq(b.organizationId, set.orgId), inArray(b.contactId, set.all)));
  for (const [poolId, onOffer] of groupBy(bids, (r) => r.poolId)) {
    if (onOffer.length < 2) continue;
    onOffer.sort((x, y) => rankOf(set, x.contactId) - rankOf(set, y.contactId));
    const dropped = onOffer.slice(1).map((r) => r.contactId);
    await tx
      .delete(b)
      .where(and(eq(b.organizationId, set.orgId), eq(b.poolId, poolId), inArray(b.contactId, dropped)));
  }
}

/** Plain moves: every contact column of staff's tables points at the kept contact. */
const MOVES: ((tx: Tx, set: MergeSet) => Promise<unknown>)[] = [
  (tx, s) =>
    tx
      .update(contactShifts)
      .set({ contactId: s.primaryId })
      .where(ofDuplicateRows(s, contactShifts.organizationId, contactShifts.contactId)),
  (tx, s) =>
    tx
      .update(workHistories)
      .set({ contactId: s.primaryId })
      .where(ofDuplicateRows(s, workHistories.organizationId, workHistories.contactId)),
  (tx, s) =>
    tx
      .update(workScreenshots)
      .set({ contactId: s.primaryId })
      .where(ofDuplicateRows(s, workScreenshots.organizationId, workScreenshots.contactId)),
  (tx, s) =>
    tx
      .update(workHistoryEdits)
      .set({ contactId: s.primaryId })
      .where(ofDuplicateRows(s, workHistoryEdits.organizationId, workHistoryEdits.contactId)),
  (tx, s) =>
    tx
      .update(staffMembers)
      .set({ contactId: s.primaryId })
      .where(ofDuplicateRows(s, staffMembers.organizationId, staffMembers.contactId)),
  (tx, s) =>
    tx
      .update(employeeShifts)
      .set({ contactId: s.primaryId })
      .where(ofDuplicateRows(s, employeeShifts.organizationId, employeeShifts.contactId)),
  (tx, s) =>
    tx
      .update(employeeShifts)
      .set({ pubContactId: s.primaryId })
      .where(ofDuplicateRows(s, employeeShifts.organizationId, employeeShifts.pubContactId)),
  (tx, s) =>
    tx
      .update(shiftPool)
      .set({ offeredBy: s.primaryId })
      .where(ofDuplicateRows(s, shiftPool.organizationId, shiftPool.offeredBy)),
  (tx, s) =>
    tx
      .update(shiftPool)
      .set({ tradedTo: s.primaryId })
      .where(ofDuplicateRows(s, shiftPool.organizationId, shiftPool.tradedTo)),
  (tx, s) =>
    tx
      .update(shiftPoolBids)
      .set({ contactId: s.primaryId })
      .where(ofDuplicateRows(s, shiftPoolBids.organizationId, shiftPoolBids.contactId)),
  (tx, s) =>
    tx
      .update(staffRequests)
      .set({ contactId: s.primaryId })
      .where(ofDuplicateRows(s, staffRequests.organizationId, staffRequests.contactId)),
  (tx, s) =>
    tx
      .update(attendanceRecords)
      .set({ contactId: s.primaryId })
      .where(ofDuplicateRows(s, attendanceRecords.organizationId, attendanceRecords.contactId)),
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
    await endExtraOpenSessions(tx, set);
    await keepBestStaffRecord(tx, set);
    await keepBestBids(tx, set);
    for (const move of MOVES) await move(tx, set);
  },
};
