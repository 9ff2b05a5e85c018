import {
  addDaysToIsoDate,
  labourCostPercent,
  shiftCostCents,
  shiftDisplayDay,
  weekAttendance,
  zonedWeek,
} from '@opsuite/shared';
import type { AttendanceRow, BudgetAnswer } from '@opsuite/shared/contracts/staff-schedule';
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { invalid, lookupMissing } from '../../../lib/errors.ts';
import { NO_ID } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { managesStaff, ownContact, requireManager } from '../access.ts';
import { employeesPage } from '../fast/roster.ts';
import { timeSettings } from '../settings/settings.service.ts';
import { staffMembers, staffPositions } from '../settings/settings.tables.ts';
import { sessionOf } from '../time/sessions.ts';
import { workHistories } from '../time/time.tables.ts';
import {
  type LabourRateSource,
  labourRate,
  type WageRow,
  wageRatesSql,
  wagesByContact,
} from './labour-rates.ts';
import { attendanceRecords, employeeShifts, salesBudgets } from './schedule.tables.ts';

// Sales budgets against the week's labour cost, and attendance (the published schedule against
// the time clock: on time, late, absent, overtime), with a manager's records over it.

const tz = (ctx: RequestContext) => ctx.organization.timeZone;

/** Labour cost of the week's live shifts, per organisation day, at each employee's rate (labour-rates.ts). */
async function labourByDay(
  tx: Tx,
  ctx: RequestContext,
  from: string,
  to: string,
  wageSource: LabourRateSource | undefined,
) {
  const s = employeeShifts;
  const m = staffMembers;
  const shifts = await tx
    .select({
      contactId: s.contactId,
      startAt: s.startAt,
      endAt: s.endAt,
      own: m.hourlyCostCents,
      positionIds: s.positionIds,
    })
    .from(s)
    .leftJoin(m, tenantJoin(m, s, eq(m.contactId, s.contactId)))
    .where(
      and(
        eq(s.organizationId, ctx.organizationId),
        isNull(s.removedAt),
        gte(s.startAt, new Date(from)),
        lt(s.startAt, new Date(to)),
      ),
    );
  const positions = new Map(
    (
      await tx
        .select({ id: staffPositions.id, hourlyCostCents: staffPositions.hourlyCostCents })
        .from(staffPositions)
        .where(eq(staffPositions.organizationId, ctx.organizationId))
    ).map((p) => [p.id, p.hourlyCostCents]),
  );
  // Payroll's registered select (staff cannot import payroll's tables): SQL by contract.
  const wages = wagesByContact(await rows<WageRow>(tx, wageRatesSql(ctx.organizationId, wageSource)));
  const byDay = new Map<string, number>();
  for (const shift of shifts) {
    const span = { start: +shift.startAt, end: +shift.endAt };
    const day = shiftDisplayDay(span, tz(ctx));
    byDay.set(
      day,
      (byDay.get(day) ?? 0) +
        shiftCostCents(
          span,
          labourRate(wages.get(shift.contactId), shift.own, shift.positionIds, positions) ?? 0,
        ),
    );
  }
  return byDay;
}

export async function weekBudget(
  tx: Tx,
  ctx: RequestContext,
  startOfWeek: string,
  wageSource: LabourRateSource | undefined,
): Promise<BudgetAnswer> {
  requireManager(ctx, 'see budgets');
  const week = zonedWeek(startOfWeek, tz(ctx));
  const b = salesBudgets;
  const sales = await tx
    .select({ day: b.day, cents: b.plannedSalesCents })
    .from(b)
    .where(
      and(eq(b.organizationId, ctx.organizationId), gte(b.day, week.startOfWeek), lte(b.day, week.endOfWeek)),
    );
  const labour = await labourByDay(
    tx,
    ctx,
    new Date(week.startsAt).toISOString(),
    new Date(week.endsAt).toISOString(),
    wageSource,
  );
  const days = week.days.map((day) => ({
    day,
    plannedSalesCents: Number(sales.find((s) => s.day === day)?.cents ?? 0),
    labourCostCents: labour.get(day) ?? 0,
  }));
  const planned = days.reduce((sum, d) => sum + d.plannedSalesCents, 0);
  const cost = days.reduce((sum, d) => sum + d.labourCostCents, 0);
  return {
    startOfWeek: week.startOfWeek,
    endOfWeek: week.endOfWeek,
    days,
    plannedSalesCents: planned,
    labourCostCents: cost,
    labourPercent: labourCostPercent(
      days.map((d) => d.plannedSalesCents),
      cost,
    ),
  };
}

export async function saveBudget(
  tx: Tx,
  ctx: RequestContext,
  body: { startOfWeek: string; endOfWeek: string; days: { day: string; plannedSalesCents: number }[] },
  wageSource: LabourRateSource | undefined,
) {
  requireManager(ctx, 'plan sales');
  for (const [i, d] of body.days.entries()) {
    if (d.day < body.startOfWeek || d.day > body.endOfWeek) {
      throw invalid(`days.${i}.day`, `must fall within the week ${body.startOfWeek} to ${body.endOfWeek}`);
    }
  }
  if (body.days.length) {
    await tx
      .insert(salesBudgets)
      .values(
        body.days.map((d) => ({
          organizationId: ctx.organizationId,
          day: d.day,
          plannedSalesCents: d.plannedSalesCents,
          updatedBy: ctx.userId,
        })),
      )
      .onConflictDoUpdate({
        target: [salesBudgets.organizationId, salesBudgets.day],
        set: {
          plannedSalesCents: sql`excluded.planned_sales_cents`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
      });
  }
  return weekBudget(tx, ctx, body.startOfWeek, wageSource);
}

type AttendanceStatus = AttendanceRow['shifts'][number]['status'];

export async function attendanceReport(
  tx: Tx,
  ctx: RequestContext,
  q: { startOfWeek: string; contactId?: string; page: number; pageSize: number },
) {
  let only = q.contactId ?? null;
  if (!managesStaff(ctx)) {
    if (only && only !== ownContact(ctx)) requireManager(ctx, 'see another employee’s attendance');
    only = ownContact(ctx) ?? NO_ID;
  }
  const week = zonedWeek(q.startOfWeek, tz(ctx));
  const from = new Date(week.startsAt).toISOString();
  const to = new Date(week.endsAt).toISOString();
  const people = await employeesPage(tx, ctx.organizationId, { only, page: q.page, pageSize: q.pageSize });
  const shown = people.slice(0, q.pageSize);
  const ids = shown.map((p) => p.id);
  const settings = await timeSettings(tx, ctx.organizationId);
  // One statement at a time: a transaction's connection answers one query at a time.
  const s = employeeShifts;
  const a = attendanceRecords;
  const shifts = ids.length
    ? await tx
        .select({
          id: s.id,
          contactId: s.pubContactId,
          name: s.pubShiftName,
          startAt: sql<string>`${isoText(sql`${s.pubStartAt}`)}`,
          endAt: sql<string>`${isoText(sql`${s.pubEndAt}`)}`,
          status: sql<AttendanceStatus | null>`${a.status}`,
          note: a.note,
        })
        .from(s)
        .leftJoin(a, tenantJoin(a, s, eq(a.shiftId, s.id)))
        .where(
          and(
            eq(s.organizationId, ctx.organizationId),
            inArray(s.pubContactId, ids),
            gte(s.pubStartAt, new Date(from)),
            lt(s.pubStartAt, new Date(to)),
          ),
        )
        .orderBy(asc(s.pubStartAt))
    : [];
  const w = workHistories;
  const sessions = ids.length
    ? await tx
        .select({ contactId: w.contactId, startAt: w.startAt, endAt: w.endAt, breakTimes: w.breakTimes })
        .from(w)
        .where(
          and(
            eq(w.organizationId, ctx.organizationId),
            inArray(w.contactId, ids),
            lt(w.startAt, new Date(to)),
            gt(sql`coalesce(${w.endAt}, now())`, new Date(week.startsAt - 86_400_000).toISOString()),
          ),
        )
    : [];
  const now = Date.now();
  const list: AttendanceRow[] = shown.map((p) => {
    const mine = shifts.filter((shift) => shift.contactId === p.id);
    const worked = sessions
      .filter((session) => session.contactId === p.id)
      .map((session) =>
        sessionOf({ start: session.startAt, end: session.endAt, breakTimes: session.breakTimes }, now),
      );
    const result = weekAttendance({
      shifts: mine.map((shift) => ({
        id: shift.id,
        start: Date.parse(shift.startAt),
        end: Date.parse(shift.endAt),
      })),
      sessions: worked,
      week,
      graceMinutes: settings.lateGraceMinutes,
    });
    const out = result.shifts.map((att) => {
      const shift = mine.find((m) => m.id === att.shiftId)!;
      // A shift still to come is not absent yet.
      const future = Date.parse(shift.startAt) > now && att.status === 'absent';
      return {
        shiftId: shift.id,
        shiftName: shift.name ?? '',
        day: shiftDisplayDay({ start: Date.parse(shift.startAt) }, tz(ctx)),
        startDate: shift.startAt,
        endDate: shift.endAt,
        status: shift.status ?? (future ? ('upcoming' as const) : att.status),
        clockedInAt: att.clockedInAt === null ? null : new Date(att.clockedInAt).toISOString(),
        lateMs: att.lateMs,
        recorded: shift.status !== null,
        note: shift.note,
      };
    });
    const count = (status: string) => out.filter((s) => s.status === status).length;
    return {
      contactId: p.id,
      fullName: p.full_name,
      scheduledMs: result.scheduledMs,
      workedMs: result.workedMs,
      overtimeMs: result.overtimeMs,
      onTime: count('onTime'),
      late: count('late'),
      absent: count('absent'),
      excused: count('excused'),
      shifts: out,
    };
  });
  return {
    startOfWeek: week.startOfWeek,
    endOfWeek: addDaysToIsoDate(week.startOfWeek, 6),
    list,
    pagination: { page: q.page, pageSize: q.pageSize, hasMore: people.length > q.pageSize },
  };
}

export async function recordAttendance(
  tx: Tx,
  ctx: RequestContext,
  body: {
    contactId: string;
    shiftId: string;
    status: AttendanceRow['shifts'][number]['status'];
    note: string | null;
  },
) {
  requireManager(ctx, 'record attendance');
  const s = employeeShifts;
  const [shift] = await tx
    .select({ startAt: sql<Date>`coalesce(${s.pubStartAt}, ${s.startAt})`.mapWith(s.startAt) })
    .from(s)
    .where(
      and(
        eq(s.organizationId, ctx.organizationId),
        eq(s.id, body.shiftId),
        eq(sql`coalesce(${s.pubContactId}, ${s.contactId})`, body.contactId),
      ),
    );
  if (!shift) throw lookupMissing('shiftId');
  const record = {
    contactId: body.contactId,
    status: body.status,
    note: body.note,
    recordedBy: ctx.userId,
  };
  await tx
    .insert(attendanceRecords)
    .values({ organizationId: ctx.organizationId, shiftId: body.shiftId, ...record })
    .onConflictDoUpdate({
      target: [attendanceRecords.organizationId, attendanceRecords.shiftId],
      set: { ...record, updatedAt: sql`now()` },
    });
  const week = zonedWeek(+shift.startAt, tz(ctx)).startOfWeek;
  const report = await attendanceReport(tx, ctx, {
    startOfWeek: week,
    contactId: body.contactId,
    page: 1,
    pageSize: 1,
  });
  return report.list[0]!.shifts.find((s) => s.shiftId === body.shiftId)!;
}
