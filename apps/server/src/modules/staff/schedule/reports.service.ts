import {
  addDaysToIsoDate,
  labourCostPercent,
  shiftCostCents,
  shiftDisplayDay,
  weekAttendance,
  zonedWeek,
} from '@opsuite/shared';
import type { AttendanceRow, BudgetAnswer } from '@opsuite/shared/contracts/staff-schedule';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { invalid, lookupMissing } from '../../../lib/errors.ts';
import { NO_ID } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { json, managesStaff, ownContact, requireManager } from '../access.ts';
import { timeSettings } from '../settings/settings.service.ts';
import { employeesPage } from '../time/roster.ts';
import { sessionOf } from '../time/sessions.ts';
import { labourRate, type WageRow, wageRatesSql, wagesByContact } from './labour-rates.ts';

// Sales budgets against the week's labour cost, and attendance (the published schedule against
// the time clock: on time, late, absent, overtime), with a manager's records over it.

const tz = (ctx: RequestContext) => ctx.organization.timeZone;

/** Labour cost of the week's live shifts, per organisation day, at each employee's rate (labour-rates.ts). */
async function labourByDay(tx: Tx, ctx: RequestContext, from: string, to: string) {
  const shifts = await rows<{
    contact_id: string;
    start_at: string;
    end_at: string;
    own: number | null;
    position_ids: string[] | string;
  }>(
    tx,
    sql`select s.contact_id, ${isoText(sql`s.start_at`)} as start_at, ${isoText(sql`s.end_at`)} as end_at,
          m.hourly_cost_cents as own, s.position_ids
        from employee_shifts s
        left join staff_members m on m.organization_id = s.organization_id and m.contact_id = s.contact_id
        where s.organization_id = ${ctx.organizationId} and s.removed_at is null
          and s.start_at >= ${from} and s.start_at < ${to}`,
  );
  const positions = new Map(
    (
      await rows<{ id: string; hourly_cost_cents: number | null }>(
        tx,
        sql`select id, hourly_cost_cents from staff_positions where organization_id = ${ctx.organizationId}`,
      )
    ).map((p) => [p.id, p.hourly_cost_cents]),
  );
  const wages = wagesByContact(await rows<WageRow>(tx, wageRatesSql(ctx.organizationId)));
  const byDay = new Map<string, number>();
  for (const s of shifts) {
    const span = { start: Date.parse(s.start_at), end: Date.parse(s.end_at) };
    const day = shiftDisplayDay(span, tz(ctx));
    byDay.set(
      day,
      (byDay.get(day) ?? 0) +
        shiftCostCents(
          span,
          labourRate(wages.get(s.contact_id), s.own, json(s.position_ids), positions) ?? 0,
        ),
    );
  }
  return byDay;
}

export async function weekBudget(tx: Tx, ctx: RequestContext, startOfWeek: string): Promise<BudgetAnswer> {
  requireManager(ctx, 'see budgets');
  const week = zonedWeek(startOfWeek, tz(ctx));
  const sales = await rows<{ day: string; cents: number }>(
    tx,
    sql`select to_char(day, 'YYYY-MM-DD') as day, planned_sales_cents as cents from sales_budgets
        where organization_id = ${ctx.organizationId} and day >= ${week.startOfWeek} and day <= ${week.endOfWeek}`,
  );
  const labour = await labourByDay(
    tx,
    ctx,
    new Date(week.startsAt).toISOString(),
    new Date(week.endsAt).toISOString(),
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
) {
  requireManager(ctx, 'plan sales');
  for (const [i, d] of body.days.entries()) {
    if (d.day < body.startOfWeek || d.day > body.endOfWeek) {
      throw invalid(`days.${i}.day`, `must fall within the week ${body.startOfWeek} to ${body.endOfWeek}`);
    }
  }
  if (body.days.length) {
    await tx.execute(
      sql`insert into sales_budgets (organization_id, day, planned_sales_cents, updated_by)
          select ${ctx.organizationId}, x.day::date, x.cents::int, ${ctx.userId}
          from jsonb_to_recordset(${JSON.stringify(body.days.map((d) => ({ day: d.day, cents: d.plannedSalesCents })))}::jsonb)
            x(day text, cents int)
          on conflict (organization_id, day) do update set planned_sales_cents = excluded.planned_sales_cents,
            updated_by = excluded.updated_by, updated_at = now()`,
    );
  }
  return weekBudget(tx, ctx, body.startOfWeek);
}

interface PubShift {
  id: string;
  contact_id: string;
  name: string;
  start_at: string;
  end_at: string;
  status: AttendanceRow['shifts'][number]['status'] | null;
  note: string | null;
}

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
  const shifts = ids.length
    ? await rows<PubShift>(
        tx,
        sql`select s.id, s.pub_contact_id as contact_id, s.pub_shift_name as name, ${isoText(sql`s.pub_start_at`)} as start_at,
            ${isoText(sql`s.pub_end_at`)} as end_at, a.status, a.note
          from employee_shifts s
          left join attendance_records a on a.organization_id = s.organization_id and a.shift_id = s.id
          where s.organization_id = ${ctx.organizationId} and s.pub_contact_id = any(${sql.param(ids)}::uuid[])
            and s.pub_start_at >= ${from} and s.pub_start_at < ${to}
          order by s.pub_start_at`,
      )
    : [];
  const sessions = ids.length
    ? await rows<{ contact_id: string; start_at: string; end_at: string | null; break_times: unknown }>(
        tx,
        sql`select contact_id, ${isoText(sql`start_at`)} as start_at, ${isoText(sql`end_at`)} as end_at, break_times
          from work_histories
          where organization_id = ${ctx.organizationId} and contact_id = any(${sql.param(ids)}::uuid[])
            and start_at < ${to} and coalesce(end_at, now()) > ${new Date(week.startsAt - 86_400_000).toISOString()}`,
      )
    : [];
  const now = Date.now();
  const list: AttendanceRow[] = shown.map((p) => {
    const mine = shifts.filter((s) => s.contact_id === p.id);
    const worked = sessions
      .filter((s) => s.contact_id === p.id)
      .map((s) => sessionOf({ start: s.start_at, end: s.end_at, breakTimes: s.break_times }, now));
    const result = weekAttendance({
      shifts: mine.map((s) => ({ id: s.id, start: Date.parse(s.start_at), end: Date.parse(s.end_at) })),
      sessions: worked,
      week,
      graceMinutes: settings.lateGraceMinutes,
    });
    const out = result.shifts.map((a) => {
      const s = mine.find((m) => m.id === a.shiftId)!;
      // A shift still to come is not absent yet.
      const future = Date.parse(s.start_at) > now && a.status === 'absent';
      return {
        shiftId: s.id,
        shiftName: s.name,
        day: shiftDisplayDay({ start: Date.parse(s.start_at) }, tz(ctx)),
        startDate: s.start_at,
        endDate: s.end_at,
        status: s.status ?? (future ? ('upcoming' as const) : a.status),
        clockedInAt: a.clockedInAt === null ? null : new Date(a.clockedInAt).toISOString(),
        lateMs: a.lateMs,
        recorded: s.status !== null,
        note: s.note,
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
  const [shift] = await rows<{ start_at: string }>(
    tx,
    sql`select ${isoText(sql`coalesce(pub_start_at, start_at)`)} as start_at from employee_shifts
        where organization_id = ${ctx.organizationId} and id = ${body.shiftId}
          and coalesce(pub_contact_id, contact_id) = ${body.contactId}`,
  );
  if (!shift) throw lookupMissing('shiftId');
  await tx.execute(
    sql`insert into attendance_records (organization_id, shift_id, contact_id, status, note, recorded_by)
        values (${ctx.organizationId}, ${body.shiftId}, ${body.contactId}, ${body.status}, ${body.note}, ${ctx.userId})
        on conflict (organization_id, shift_id) do update set status = excluded.status, note = excluded.note,
          contact_id = excluded.contact_id, recorded_by = excluded.recorded_by, updated_at = now()`,
  );
  const week = zonedWeek(Date.parse(shift.start_at), tz(ctx)).startOfWeek;
  const report = await attendanceReport(tx, ctx, {
    startOfWeek: week,
    contactId: body.contactId,
    page: 1,
    pageSize: 1,
  });
  return report.list[0]!.shifts.find((s) => s.shiftId === body.shiftId)!;
}
