import {
  addDaysToIsoDate,
  type DayRange,
  sumCents,
  type TipShareAnswer,
  type TipShareEmployeeAnswer,
  type TipSharePoolAnswer,
  type TipShareQuery,
} from '@opsuite/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { newId } from '../../../lib/ids.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { payrollOpenFrom } from '../open-from.ts';
import { minutesOf } from '../payable-work.ts';
import { employeeSalaries } from '../payroll.tables.ts';
import { loadPools, type PoolDef } from './pools.read.ts';
import { liveShare, type PoolDayShare } from './share.compute.ts';
import { tipSharePaid } from './tips.tables.ts';

// The tip share of a date range: days of paid periods as they were paid (stored when the payroll
// run completed), open days computed live. Also what payroll takes from it: card tips per
// employee of an open period, and the record stored when a run completes.

interface DayView {
  poolId: string;
  poolName: string;
  basis: PoolDef['basis'];
  day: string;
  cardTipsCents: number;
  cashTipsCents: number;
  paid: boolean;
  shared: boolean;
  lines: Array<{
    contactId: string;
    roleName: string;
    workedMinutes: number;
    ccTip: number;
    cashTip: number;
  }>;
}

function liveViews(shares: PoolDayShare[], pools: PoolDef[]): DayView[] {
  const byId = new Map(pools.map((p) => [p.id, p]));
  return shares.map((s) => {
    const pool = byId.get(s.poolId)!;
    const roleName = (id: string) => pool.roles.find((r) => r.roleId === id)?.name ?? '';
    return {
      poolId: s.poolId,
      poolName: pool.name,
      basis: pool.basis,
      day: s.day,
      cardTipsCents: s.cardTipsCents,
      cashTipsCents: s.cashTipsCents,
      paid: false,
      shared: s.shared,
      lines: s.lines.map((l) => ({
        contactId: l.contactId,
        roleName: roleName(l.roleId),
        workedMinutes: minutesOf(l.workedMs),
        ccTip: l.ccTip,
        cashTip: l.cashTip,
      })),
    };
  });
}

async function paidViews(tx: Queryable, orgId: string, first: string, last: string): Promise<DayView[]> {
  const rows = await tx
    .select()
    .from(tipSharePaid)
    .where(
      and(
        eq(tipSharePaid.organizationId, orgId),
        sql`${tipSharePaid.day} between ${first}::date and ${last}::date`,
      ),
    );
  const views = new Map<string, DayView>();
  for (const r of rows.filter((row) => row.contactId === null)) {
    views.set(`${r.poolId}|${r.day}`, {
      poolId: r.poolId,
      poolName: r.poolName,
      basis: r.basis as PoolDef['basis'],
      day: r.day,
      cardTipsCents: r.cardTipsCents,
      cashTipsCents: r.cashTipsCents,
      paid: true,
      shared: r.people > 0,
      lines: [],
    });
  }
  for (const r of rows.filter((row) => row.contactId !== null)) {
    views.get(`${r.poolId}|${r.day}`)?.lines.push({
      contactId: r.contactId!,
      roleName: r.roleName,
      workedMinutes: r.workedMinutes,
      ccTip: r.cardTipsCents,
      cashTip: r.cashTipsCents,
    });
  }
  return [...views.values()];
}

/** Every pool-day of [first, last]: paid days as stored, open days live. */
async function dayViews(tx: Queryable, orgId: string, timeZone: string, first: string, last: string) {
  const openFrom = (await payrollOpenFrom(tx, orgId)) ?? first;
  const lastPaid = addDaysToIsoDate(openFrom, -1);
  const liveFirst = openFrom > first ? openFrom : first;
  const pools = await loadPools(tx, orgId);
  const paid = first <= lastPaid ? await paidViews(tx, orgId, first, lastPaid < last ? lastPaid : last) : [];
  const live = await liveShare(tx, orgId, timeZone, liveFirst, last, pools);
  return { views: [...paid, ...liveViews(live, pools)], pools };
}

interface Totals {
  ccTip: number;
  cashTip: number;
  minutes: number;
  roles: Set<string>;
}

async function peopleOf(tx: Queryable, orgId: string, ids: string[]) {
  const people =
    ids.length === 0
      ? []
      : await tx
          .select({
            id: contacts.id,
            fullName: contacts.fullName,
            photo: contacts.photo,
            email: contacts.email,
            phone: contacts.phone,
            wageType: employeeSalaries.wageType,
          })
          .from(contacts)
          .leftJoin(
            employeeSalaries,
            tenantJoin(employeeSalaries, contacts, eq(employeeSalaries.contactId, contacts.id)),
          )
          .where(and(eq(contacts.organizationId, orgId), inArray(contacts.id, ids)));
  return new Map(people.map((p) => [p.id, p]));
}
type People = Awaited<ReturnType<typeof peopleOf>>;

function employeeAnswers(totals: Map<string, Totals>, byId: People) {
  return [...totals.keys()]
    .map((id): TipShareEmployeeAnswer => {
      const t = totals.get(id)!;
      const who = byId.get(id);
      return {
        _id: id,
        fullName: who?.fullName ?? 'Former employee',
        photo: who?.photo ?? null,
        email: who?.email ?? null,
        phone: who?.phone ?? null,
        salary: who?.wageType ? { wageType: who.wageType } : null,
        roles: [...t.roles].sort(),
        ccTip: t.ccTip,
        cashTip: t.cashTip,
        workedHours: Math.round((t.minutes / 60) * 100) / 100,
        workedMinutes: t.minutes,
        totalAmount: t.ccTip + t.cashTip,
        cashTipOwed: t.cashTip,
      };
    })
    .sort((a, b) => a.fullName.localeCompare(b.fullName) || (a._id < b._id ? -1 : 1));
}

function addUp(into: Map<string, Totals>, view: DayView) {
  for (const l of view.lines) {
    const t = into.get(l.contactId) ?? { ccTip: 0, cashTip: 0, minutes: 0, roles: new Set<string>() };
    t.ccTip += l.ccTip;
    t.cashTip += l.cashTip;
    t.minutes += l.workedMinutes;
    if (l.roleName) t.roles.add(l.roleName);
    into.set(l.contactId, t);
  }
}

export async function tipShare(
  tx: Queryable,
  orgId: string,
  timeZone: string,
  q: TipShareQuery,
): Promise<TipShareAnswer> {
  const { views } = await dayViews(tx, orgId, timeZone, q.startDate, q.endDate);
  const shown = views
    .filter((v) => !q.poolId || v.poolId === q.poolId)
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const poolIds = [...new Set(shown.map((v) => v.poolId))];
  const all = new Map<string, Totals>();
  for (const v of shown) addUp(all, v);
  const people = await peopleOf(tx, orgId, [...all.keys()]);
  const pools: TipSharePoolAnswer[] = [];
  for (const poolId of poolIds) {
    const mine = shown.filter((v) => v.poolId === poolId);
    const totals = new Map<string, Totals>();
    for (const v of mine) addUp(totals, v);
    const last = mine.at(-1)!;
    pools.push({
      poolId,
      name: last.poolName,
      basis: last.basis,
      cardTipsCents: sumCents(mine.map((v) => v.cardTipsCents)),
      cashTipsCents: sumCents(mine.map((v) => v.cashTipsCents)),
      days: mine.map((v) => ({
        day: v.day,
        cardTipsCents: v.cardTipsCents,
        cashTipsCents: v.cashTipsCents,
        people: v.shared ? v.lines.length : 0,
        paid: v.paid,
      })),
      employees: employeeAnswers(totals, people),
    });
  }
  pools.sort((a, b) => a.name.localeCompare(b.name) || (a.poolId < b.poolId ? -1 : 1));
  const unshared = shown.filter((v) => !v.shared);
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    pools,
    employees: employeeAnswers(all, people),
    totals: {
      cardTipsCents: sumCents(shown.map((v) => v.cardTipsCents)),
      cashTipsCents: sumCents(shown.map((v) => v.cashTipsCents)),
      unsharedCardCents: sumCents(unshared.map((v) => v.cardTipsCents)),
      unsharedCashCents: sumCents(unshared.map((v) => v.cashTipsCents)),
    },
  };
}

/** The live share of an open pay period (end exclusive), for payroll. */
export async function periodTipShare(tx: Queryable, orgId: string, timeZone: string, period: DayRange) {
  const pools = await loadPools(tx, orgId);
  const last = addDaysToIsoDate(period.end, -1);
  return { pools, shares: await liveShare(tx, orgId, timeZone, period.start, last, pools) };
}
export type PeriodTipShare = Awaited<ReturnType<typeof periodTipShare>>;

/** Card tips per employee of a period's share. */
export function cardTipsByEmployee(share: PeriodTipShare): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of share.shares)
    for (const l of s.lines) out.set(l.contactId, (out.get(l.contactId) ?? 0) + l.ccTip);
  return out;
}

/** Stores the share a completed run paid, so those days keep it whatever the rules become. */
export async function storePaidShare(tx: Tx, orgId: string, runId: string, share: PeriodTipShare) {
  const rows = liveViews(share.shares, share.pools).flatMap((v) => [
    {
      organizationId: orgId,
      id: newId(),
      runId,
      day: v.day,
      poolId: v.poolId,
      poolName: v.poolName,
      basis: v.basis,
      contactId: null,
      cardTipsCents: v.cardTipsCents,
      cashTipsCents: v.cashTipsCents,
      people: v.shared ? v.lines.length : 0,
    },
    ...v.lines.map((l) => ({
      organizationId: orgId,
      id: newId(),
      runId,
      day: v.day,
      poolId: v.poolId,
      poolName: v.poolName,
      basis: v.basis,
      contactId: l.contactId,
      roleName: l.roleName,
      workedMinutes: l.workedMinutes,
      cardTipsCents: l.ccTip,
      cashTipsCents: l.cashTip,
    })),
  ]);
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(tipSharePaid).values(rows.slice(i, i + 1000));
}
