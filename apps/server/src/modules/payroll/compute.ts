import {
  addDaysToIsoDate,
  centsToAmount,
  type DayRange,
  hourlyGrossPay,
  type PayCycle,
  type PayLineAnswer,
  paySlip,
  perClassPayCents,
  salaryPayCents,
  startOfWeekDay,
  type WorkSession,
  zonedDayStart,
} from '@opsuite/shared';
import { plural } from '@opsuite/shared/rules/plural';
import { and, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { tenantJoin } from '../../db/tenant.ts';
import { bookingSlots, bookingTypes, classSchedules } from '../booking/booking.tables.ts';
import { contacts } from '../contacts/contacts.tables.ts';
import { payableSessions } from '../staff/index.ts';
import { minutesOf } from './payable-work.ts';
import { employeeSalaries } from './payroll.tables.ts';
import { cardTipsByEmployee, type PeriodTipShare, periodTipShare } from './tips/share.service.ts';

// The pending payroll of a period, computed from what staff and booking recorded: confirmed work
// history (ended, and confirmed when the limit ended it) for hourly wages, classes taught for
// per-class wages, the cycle's share of the salary for salaried ones. Read only, plain selects.

const DAY_MS = 86_400_000;

export interface SalaryRow {
  contactId: string;
  fullName: string;
  wageType: string;
  rateCents: number;
  overtimeThresholdMinutes: number;
  overtimeMultiplierPct: number;
}

export async function salariesFor(tx: Queryable, orgId: string, periodEnd: string): Promise<SalaryRow[]> {
  return tx
    .select({
      contactId: employeeSalaries.contactId,
      fullName: contacts.fullName,
      wageType: employeeSalaries.wageType,
      rateCents: employeeSalaries.rateCents,
      overtimeThresholdMinutes: employeeSalaries.overtimeThresholdMinutes,
      overtimeMultiplierPct: employeeSalaries.overtimeMultiplierPct,
    })
    .from(employeeSalaries)
    .innerJoin(contacts, tenantJoin(contacts, employeeSalaries, eq(contacts.id, employeeSalaries.contactId)))
    .where(
      and(
        eq(employeeSalaries.organizationId, orgId),
        lt(employeeSalaries.effectiveFrom, periodEnd),
        isNull(contacts.deletedAt),
      ),
    )
    .orderBy(contacts.fullName, employeeSalaries.contactId);
}

/** Confirmed sessions of every week the period touches, by employee. */
async function sessionsByEmployee(tx: Queryable, orgId: string, period: DayRange, timeZone: string) {
  const from = zonedDayStart(startOfWeekDay(period.start), timeZone) - DAY_MS;
  const to = zonedDayStart(addDaysToIsoDate(startOfWeekDay(addDaysToIsoDate(period.end, -1)), 7), timeZone);
  const out = new Map<string, WorkSession[]>();
  for (const session of await payableSessions(tx, orgId, { from, to, by: 'start' })) {
    const list = out.get(session.contactId) ?? [];
    list.push(session);
    out.set(session.contactId, list);
  }
  return out;
}

/** Classes taught in the period, by effective instructor (the slot's, else the schedule's, else the type's). */
async function classesByInstructor(tx: Queryable, orgId: string, period: DayRange) {
  const instructor = sql<string>`coalesce(${bookingSlots.instructorId}, ${classSchedules.instructorId}, ${bookingTypes.instructorId})`;
  const found = await tx
    .select({ contactId: instructor, n: sql<number>`count(*)::int` })
    .from(bookingSlots)
    .innerJoin(
      bookingTypes,
      tenantJoin(bookingTypes, bookingSlots, eq(bookingTypes.id, bookingSlots.bookingTypeId)),
    )
    .leftJoin(
      classSchedules,
      tenantJoin(classSchedules, bookingSlots, eq(classSchedules.id, bookingSlots.scheduleId)),
    )
    .where(
      and(
        eq(bookingSlots.organizationId, orgId),
        gte(bookingSlots.date, period.start),
        lt(bookingSlots.date, period.end),
        lte(bookingSlots.endsAt, new Date()),
        eq(bookingSlots.type, 'class'),
        isNull(bookingSlots.deletedAt),
      ),
    )
    .groupBy(instructor);
  return new Map(found.map((r) => [r.contactId, Number(r.n)]));
}

function countSessionsIn(sessions: readonly WorkSession[], period: DayRange, timeZone: string) {
  const from = zonedDayStart(period.start, timeZone);
  const to = zonedDayStart(period.end, timeZone);
  return sessions.filter((s) => +s.end > from && +s.start < to).length;
}

export interface ComputeInput {
  orgId: string;
  period: DayRange;
  cycle: PayCycle;
  timeZone: string;
}

/**
 * One line per employee with a salary, in name order, plus one per employee with card tips and no
 * salary; every figure in whole cents. Card tips come from the period's tip share (`tips` when the
 * caller already computed it).
 */
export async function computeLines(
  tx: Queryable,
  input: ComputeInput,
  tips?: PeriodTipShare,
): Promise<PayLineAnswer[]> {
  const { orgId, period, cycle, timeZone } = input;
  // One after the other: a transaction's client runs one query at a time anyway.
  const salaries = await salariesFor(tx, orgId, period.end);
  const share = tips ?? (await periodTipShare(tx, orgId, timeZone, period));
  const cardTips = cardTipsByEmployee(share);
  const needsHours = salaries.some((s) => s.wageType === 'hourly');
  const needsClasses = salaries.some((s) => s.wageType === 'per_class');
  // One statement at a time: a transaction's connection answers one query at a time.
  const sessions = needsHours
    ? await sessionsByEmployee(tx, orgId, period, timeZone)
    : new Map<string, WorkSession[]>();
  const classes = needsClasses ? await classesByInstructor(tx, orgId, period) : new Map<string, number>();
  const lines = salaries.map((s) => {
    const base = {
      regularMinutes: 0,
      overtimeMinutes: 0,
      classes: 0,
      sessions: 0,
      regularCents: 0,
      overtimeCents: 0,
    };
    let gross = 0;
    let source: PayLineAnswer['source'] = 'salary';
    let note = `${cycle} share of the annual salary`;
    if (s.wageType === 'hourly') {
      const mine = sessions.get(s.contactId) ?? [];
      const pay = hourlyGrossPay({
        sessions: mine,
        timeZone,
        period,
        rateCentsPerHour: s.rateCents,
        overtime: {
          weeklyThresholdHours: s.overtimeThresholdMinutes / 60,
          multiplier: s.overtimeMultiplierPct / 100,
        },
      });
      Object.assign(base, {
        regularMinutes: minutesOf(pay.regularMs),
        overtimeMinutes: minutesOf(pay.overtimeMs),
        sessions: countSessionsIn(mine, period, timeZone),
        regularCents: pay.regularCents,
        overtimeCents: pay.overtimeCents,
      });
      gross = pay.grossCents;
      source = 'work_history';
      note = `${plural(base.sessions, 'confirmed work session')}`;
    } else if (s.wageType === 'per_class') {
      const n = classes.get(s.contactId) ?? 0;
      gross = perClassPayCents(s.rateCents, n);
      Object.assign(base, { classes: n, regularCents: gross });
      source = 'classes';
      note = `${plural(n, 'class', 'classes')} taught`;
    } else {
      gross = salaryPayCents(s.rateCents, cycle);
      base.regularCents = gross;
    }
    const tipCents = cardTips.get(s.contactId) ?? 0;
    if (tipCents > 0) note += `; card tips from the tip share ${centsToAmount(tipCents)}`;
    const slip = paySlip({ employeeId: s.contactId, grossCents: gross, cardTipsCents: tipCents });
    return {
      contactId: s.contactId,
      fullName: s.fullName,
      wageType: s.wageType,
      source,
      ...base,
      rateCents: s.rateCents,
      grossCents: slip.grossCents,
      cardTipsCents: slip.cardTipsCents,
      deductionsCents: slip.deductionsCents,
      netCents: slip.netCents,
      note,
    };
  });
  return [...lines, ...(await tipOnlyLines(tx, orgId, cardTips, new Set(salaries.map((s) => s.contactId))))];
}

/** Employees with card tips in the period and no salary still get their tips. */
async function tipOnlyLines(
  tx: Queryable,
  orgId: string,
  cardTips: Map<string, number>,
  salaried: Set<string>,
): Promise<PayLineAnswer[]> {
  const ids = [...cardTips].filter(([id, cents]) => cents > 0 && !salaried.has(id)).map(([id]) => id);
  if (ids.length === 0) return [];
  const people = await tx
    .select({ id: contacts.id, fullName: contacts.fullName })
    .from(contacts)
    .where(and(eq(contacts.organizationId, orgId), inArray(contacts.id, ids), isNull(contacts.deletedAt)))
    .orderBy(contacts.fullName, contacts.id);
  return people.map((p) => {
    const tipCents = cardTips.get(p.id)!;
    const slip = paySlip({ employeeId: p.id, grossCents: 0, cardTipsCents: tipCents });
    return {
      contactId: p.id,
      fullName: p.fullName,
      wageType: 'none',
      source: 'work_history' as const,
      regularMinutes: 0,
      overtimeMinutes: 0,
      classes: 0,
      sessions: 0,
      rateCents: 0,
      regularCents: 0,
      overtimeCents: 0,
      grossCents: 0,
      cardTipsCents: slip.cardTipsCents,
      deductionsCents: slip.deductionsCents,
      netCents: slip.netCents,
      note: `Card tips from the tip share ${centsToAmount(tipCents)} (no salary set)`,
    };
  });
}
