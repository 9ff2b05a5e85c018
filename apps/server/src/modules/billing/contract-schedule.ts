import {
  addDaysToIsoDate,
  billDayAfterThaw,
  type ContractCycle,
  cancelAtPeriodEnd,
  type DayRange,
  firstBillDay,
  formatDayLabel,
} from '@opsuite/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordActivity } from '../contacts/index.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { contactContracts, contactInvoices, contractFreezes } from './billing.tables.ts';
import { contractOf } from './contract-rows.ts';

// When a contract bills: its next bill day when it is added or its cycle changes, and how a
// freeze, a thaw and a cancellation move it. A freeze pauses billing until a day; when it ends
// (by itself on that day, or by hand) the paid days it covered push the next bill out and the
// cycle lines up on that new day. A cancellation takes effect when the paid period ends.

/** Today on the organisation's calendar at `now`. */
export async function orgToday(tx: Queryable, orgId: string, now = new Date()): Promise<string> {
  const [row] = await tx
    .select({
      today: sql<string>`to_char((${now.toISOString()}::timestamptz at time zone ${organizations.timeZone})::date, 'YYYY-MM-DD')`,
    })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!row) throw notFound('Organization');
  return row.today;
}

const SCHEDULE = {
  id: contactContracts.id,
  contactId: contactContracts.contactId,
  title: contactContracts.title,
  status: contactContracts.status,
  billingInterval: contactContracts.billingInterval,
  startDate: contactContracts.startDate,
  anchorDay: contactContracts.anchorDay,
  endDate: contactContracts.endDate,
  nextBillDay: contactContracts.nextBillDay,
  cancelRequestedAt: contactContracts.cancelRequestedAt,
};

/** What a schedule change reads of a contract. */
export type ScheduleRow = Pick<typeof contactContracts.$inferSelect, keyof typeof SCHEDULE>;

/** The contract locked for a change (404 when it is not the contact's). */
export async function lockSchedule(
  tx: Tx,
  orgId: string,
  contactId: string,
  contractId: string,
): Promise<ScheduleRow> {
  const [row] = await tx
    .select(SCHEDULE)
    .from(contactContracts)
    .where(contractOf(orgId, contactId, contractId))
    .for('update');
  if (!row) throw notFound('Contract');
  return row;
}

/** The periods issued and still owed or paid: the days a freeze or a cancellation honours. */
export async function billedPeriods(tx: Queryable, orgId: string, contractId: string): Promise<DayRange[]> {
  const found = await tx
    .select({ start: contactInvoices.periodStart, end: contactInvoices.periodEnd })
    .from(contactInvoices)
    .where(
      and(
        eq(contactInvoices.organizationId, orgId),
        eq(contactInvoices.contractId, contractId),
        isNotNull(contactInvoices.periodEnd),
        inArray(contactInvoices.status, ['due', 'paid']),
      ),
    )
    .orderBy(asc(contactInvoices.periodStart));
  // Issued periods have both days (the rows asked for have an end; a period always has a start).
  return found.map((p) => ({ start: p.start!, end: p.end! }));
}

/** Sets fields of one contract, stamping updated_at. */
export async function setContract(
  tx: Tx,
  orgId: string,
  id: string,
  set: PgUpdateSetSource<typeof contactContracts>,
) {
  await tx
    .update(contactContracts)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(contactContracts.organizationId, orgId), eq(contactContracts.id, id)));
}

/** Where billing starts for a contract added (or re-dated before its first bill) today. */
export function initialBillDay(
  s: {
    billingInterval: ContractCycle;
    startDate: string;
    anchorDay?: string | null;
    endDate?: string | null;
  },
  today: string,
): string | null {
  return firstBillDay(
    { cycle: s.billingInterval, startDay: s.startDate, anchorDay: s.anchorDay, endDay: s.endDate },
    today,
  );
}

async function activity(
  tx: Tx,
  orgId: string,
  row: ScheduleRow,
  kind: string,
  title: string,
  actor: string | null,
) {
  await recordActivity(tx, {
    organizationId: orgId,
    contactId: row.contactId,
    kind,
    title,
    data: { contractId: row.id },
    actorUserId: actor,
  });
}

const label = (d: string) => formatDayLabel(d, { weekday: undefined, year: 'numeric' });

/**
 * Freezes an active contract from today until `until` (the day it runs again), or open-ended.
 * The bill it will resume with is worked out now (shown on the contract) and again at the thaw.
 */
export async function freezeContract(
  tx: Tx,
  orgId: string,
  row: ScheduleRow,
  until: string | null,
  today: string,
  actor: string | null,
): Promise<string> {
  if (row.status !== 'active') throw conflict('Only an active contract can be frozen', 'status');
  if (row.cancelRequestedAt)
    throw conflict('This contract is cancelled and ends soon; it cannot be frozen', 'status');
  if (until !== null && until <= today) throw invalid('until', 'The freeze must end after today');
  const planned = row.nextBillDay;
  const resumes =
    until === null
      ? null
      : billDayAfterThaw(await billedPeriods(tx, orgId, row.id), { start: today, end: until }, planned);
  await tx.insert(contractFreezes).values({
    organizationId: orgId,
    id: newId(),
    contractId: row.id,
    startDay: today,
    endDay: until,
    plannedBillDay: planned,
    createdBy: actor,
  });
  await setContract(tx, orgId, row.id, { status: 'frozen', nextBillDay: resumes });
  const message = until ? `Contract frozen until ${label(until)}` : 'Contract frozen';
  await activity(tx, orgId, row, 'contract.frozen', `${message}: ${row.title}`, actor);
  return message;
}

/**
 * Ends the freeze of a frozen contract on `thawDay` (today by hand, its end day by the runner):
 * the paid days the freeze covered push the next bill out, and recurring cycles line up on it.
 */
export async function thawContract(
  tx: Tx,
  orgId: string,
  row: ScheduleRow,
  thawDay: string,
  actor: string | null,
): Promise<string> {
  if (row.status !== 'frozen') throw conflict('Only a frozen contract can be unfrozen', 'status');
  const [freeze] = await tx
    .select({
      id: contractFreezes.id,
      startDay: contractFreezes.startDay,
      plannedBillDay: contractFreezes.plannedBillDay,
    })
    .from(contractFreezes)
    .where(
      and(
        eq(contractFreezes.organizationId, orgId),
        eq(contractFreezes.contractId, row.id),
        isNull(contractFreezes.thawedOn),
      ),
    )
    .orderBy(desc(contractFreezes.startDay))
    .limit(1);
  let next: string | null;
  let anchor = row.anchorDay;
  if (!freeze) {
    // Frozen before freezes were recorded: billing starts again as for a contract added today.
    next = initialBillDay(
      {
        billingInterval: row.billingInterval,
        startDate: row.startDate,
        anchorDay: row.anchorDay,
        endDate: row.endDate,
      },
      thawDay,
    );
  } else {
    const planned = freeze.plannedBillDay;
    if (thawDay <= freeze.startDay) {
      // Thawed the day it began: no day was frozen.
      next = planned;
    } else if (row.billingInterval === 'one_time') {
      next = planned && planned >= freeze.startDay && planned < thawDay ? thawDay : planned;
    } else {
      const frozen = { start: freeze.startDay, end: thawDay };
      next = billDayAfterThaw(await billedPeriods(tx, orgId, row.id), frozen, planned);
      if (next !== planned) anchor = next;
    }
    await tx
      .update(contractFreezes)
      .set({ thawedOn: thawDay })
      .where(and(eq(contractFreezes.organizationId, orgId), eq(contractFreezes.id, freeze.id)));
  }
  if (next && row.endDate && next > row.endDate) next = null;
  await setContract(tx, orgId, row.id, { status: 'active', nextBillDay: next, anchorDay: anchor });
  const resumes = next ? ` (billing resumes ${label(next)})` : '';
  await activity(tx, orgId, row, 'contract.active', `Contract unfrozen: ${row.title}${resumes}`, actor);
  return 'Contract unfrozen';
}

/**
 * Cancels at the end of the paid period: with a paid period running, the contract runs to its
 * last day and then reads as cancelled (the sweep); otherwise it is cancelled now. No invoice is
 * issued after the request either way.
 */
export async function cancelContract(
  tx: Tx,
  orgId: string,
  row: ScheduleRow,
  today: string,
  actor: string | null,
): Promise<string> {
  if (row.status === 'cancelled' || row.status === 'expired') {
    throw conflict(`This contract is ${row.status}; add a new contract instead`, 'status');
  }
  const ends =
    row.status === 'frozen' ? today : cancelAtPeriodEnd(await billedPeriods(tx, orgId, row.id), today);
  if (row.status === 'frozen') {
    await tx
      .update(contractFreezes)
      .set({ thawedOn: today })
      .where(
        and(
          eq(contractFreezes.organizationId, orgId),
          eq(contractFreezes.contractId, row.id),
          isNull(contractFreezes.thawedOn),
        ),
      );
  }
  if (ends <= today) {
    await setContract(tx, orgId, row.id, { status: 'cancelled', nextBillDay: null });
    await activity(tx, orgId, row, 'contract.cancelled', `Contract cancelled: ${row.title}`, actor);
    return 'Contract cancelled';
  }
  const lastDay = addDaysToIsoDate(ends, -1);
  const end = row.endDate && row.endDate < lastDay ? row.endDate : lastDay;
  await setContract(tx, orgId, row.id, { cancelRequestedAt: sql`now()`, endDate: end, nextBillDay: null });
  await activity(
    tx,
    orgId,
    row,
    'contract.cancelled',
    `Contract cancelled: ${row.title} (runs to the end of its paid period, ${label(end)})`,
    actor,
  );
  return 'Contract cancelled';
}
