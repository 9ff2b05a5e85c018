import {
  addDaysToIsoDate,
  billDayAfterThaw,
  type ContractCycle,
  cancelAtPeriodEnd,
  type DayRange,
  firstBillDay,
  formatDayLabel,
} from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { rows } from '../../lib/sql.ts';
import { recordActivity } from '../contacts/index.ts';

// When a contract bills: its next bill day when it is added or its cycle changes, and how a
// freeze, a thaw and a cancellation move it. A freeze pauses billing until a day; when it ends
// (by itself on that day, or by hand) the paid days it covered push the next bill out and the
// cycle lines up on that new day. A cancellation takes effect when the paid period ends.

/** Today on the organisation's calendar at `now`. */
export async function orgToday(tx: Queryable, orgId: string, now = new Date()): Promise<string> {
  const [row] = await rows<{ today: string }>(
    tx,
    sql`select to_char((${now.toISOString()}::timestamptz at time zone time_zone)::date, 'YYYY-MM-DD') as today
        from organizations where id = ${orgId}`,
  );
  if (!row) throw notFound('Organization');
  return row.today;
}

export interface ScheduleRow {
  id: string;
  contact_id: string;
  title: string;
  status: 'active' | 'frozen' | 'cancelled' | 'expired';
  billing_interval: ContractCycle;
  start_date: string;
  anchor_day: string | null;
  end_date: string | null;
  next_bill_day: string | null;
  cancel_requested_at: string | null;
}

const day = (column: string) => sql`to_char(${sql.raw(column)}, 'YYYY-MM-DD')`;

/** The contract locked for a change (404 when it is not the contact's). */
export async function lockSchedule(tx: Tx, orgId: string, contactId: string, contractId: string) {
  const [row] = await rows<ScheduleRow>(
    tx,
    sql`select id, contact_id, title, status, billing_interval, ${day('start_date')} as start_date,
          ${day('anchor_day')} as anchor_day, ${day('end_date')} as end_date, ${day('next_bill_day')} as next_bill_day,
          cancel_requested_at
        from contact_contracts
        where organization_id = ${orgId} and contact_id = ${contactId} and id = ${contractId}
        for update`,
  );
  if (!row) throw notFound('Contract');
  return row;
}

/** The periods issued and still owed or paid: the days a freeze or a cancellation honours. */
export async function billedPeriods(tx: Queryable, orgId: string, contractId: string): Promise<DayRange[]> {
  return rows<DayRange>(
    tx,
    sql`select ${day('period_start')} as start, ${day('period_end')} as "end" from contact_invoices
        where organization_id = ${orgId} and contract_id = ${contractId} and period_end is not null
          and status in ('due', 'paid')
        order by period_start`,
  );
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
    contactId: row.contact_id,
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
  if (row.cancel_requested_at)
    throw conflict('This contract is cancelled and ends soon; it cannot be frozen', 'status');
  if (until !== null && until <= today) throw invalid('until', 'The freeze must end after today');
  const planned = row.next_bill_day;
  const resumes =
    until === null
      ? null
      : billDayAfterThaw(await billedPeriods(tx, orgId, row.id), { start: today, end: until }, planned);
  await tx.execute(sql`insert into contract_freezes (organization_id, id, contract_id, start_day, end_day,
      planned_bill_day, created_by)
    values (${orgId}, ${newId()}, ${row.id}, ${today}, ${until}, ${planned}, ${actor})`);
  await tx.execute(sql`update contact_contracts set status = 'frozen', next_bill_day = ${resumes}, updated_at = now()
    where organization_id = ${orgId} and id = ${row.id}`);
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
  const [freeze] = await rows<{ id: string; start_day: string; planned_bill_day: string | null }>(
    tx,
    sql`select id, ${day('start_day')} as start_day, ${day('planned_bill_day')} as planned_bill_day
        from contract_freezes where organization_id = ${orgId} and contract_id = ${row.id} and thawed_on is null
        order by start_day desc limit 1`,
  );
  let next: string | null;
  let anchor = row.anchor_day;
  if (!freeze) {
    // Frozen before freezes were recorded: billing starts again as for a contract added today.
    next = initialBillDay(
      {
        billingInterval: row.billing_interval,
        startDate: row.start_date,
        anchorDay: row.anchor_day,
        endDate: row.end_date,
      },
      thawDay,
    );
  } else {
    const planned = freeze.planned_bill_day;
    if (thawDay <= freeze.start_day) {
      // Thawed the day it began: no day was frozen.
      next = planned;
    } else if (row.billing_interval === 'one_time') {
      next = planned && planned >= freeze.start_day && planned < thawDay ? thawDay : planned;
    } else {
      const frozen = { start: freeze.start_day, end: thawDay };
      next = billDayAfterThaw(await billedPeriods(tx, orgId, row.id), frozen, planned);
      if (next !== planned) anchor = next;
    }
    await tx.execute(sql`update contract_freezes set thawed_on = ${thawDay}
      where organization_id = ${orgId} and id = ${freeze.id}`);
  }
  if (next && row.end_date && next > row.end_date) next = null;
  await tx.execute(sql`update contact_contracts set status = 'active', next_bill_day = ${next},
      anchor_day = ${anchor}, updated_at = now()
    where organization_id = ${orgId} and id = ${row.id}`);
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
    await tx.execute(sql`update contract_freezes set thawed_on = ${today}
      where organization_id = ${orgId} and contract_id = ${row.id} and thawed_on is null`);
  }
  if (ends <= today) {
    await tx.execute(sql`update contact_contracts set status = 'cancelled', next_bill_day = null, updated_at = now()
      where organization_id = ${orgId} and id = ${row.id}`);
    await activity(tx, orgId, row, 'contract.cancelled', `Contract cancelled: ${row.title}`, actor);
    return 'Contract cancelled';
  }
  const lastDay = addDaysToIsoDate(ends, -1);
  const end = row.end_date && row.end_date < lastDay ? row.end_date : lastDay;
  await tx.execute(sql`update contact_contracts set cancel_requested_at = now(), end_date = ${end},
      next_bill_day = null, updated_at = now()
    where organization_id = ${orgId} and id = ${row.id}`);
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
