import { shiftCostCents, zonedWeek } from '@opsuite/shared';
import type { ScheduleAnswer, ScheduleQuery } from '@opsuite/shared/contracts/staff-schedule';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { readsThenCommit } from '../../../db/fast/prepared.ts';
import { isoText } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { json, requireManager } from '../access.ts';
import { genericPage, pageWithSql, splitPage } from '../time/roster.ts';
import {
  rateOf,
  type ShiftRow,
  shiftAnswer,
  shiftJsonFields,
  type TimeOffRow,
  timeOffAnswer,
  timeOffSql,
} from './shift-rows.ts';

// The admin's week grid. Its four reads (the page of employees with their shifts, the week's
// time off, the positions' rates, the week's status) do not depend on one another, so they go to
// PostgreSQL in one write with COMMIT behind them: one round trip (bench: `npm run bench`).

interface StatusRow {
  status: string | null;
  published_at: string | null;
  changes: number;
}

/** Published or draft, and how many shifts of the week differ from what employees see. */
const weekStatusSql = (orgId: string, weekStart: string, from: string, to: string) =>
  sql`select w.status, ${isoText(sql`w.published_at`)} as published_at,
        (select count(*)::int from employee_shifts s
         where s.organization_id = ${orgId} and s.start_at >= ${from} and s.start_at < ${to}
           and (s.removed_at is not null or s.pub_contact_id is null or s.pub_contact_id <> s.contact_id
                or s.pub_start_at <> s.start_at or s.pub_end_at <> s.end_at or s.pub_shift_name <> s.shift_name
                or s.pub_position_ids <> s.position_ids)) as changes
      from (select 1) one left join schedule_weeks w on w.organization_id = ${orgId} and w.week_start = ${weekStart}`;

const statusOf = (row: StatusRow | undefined) => ({
  status: (row?.status === 'published' ? 'published' : 'draft') as 'published' | 'draft',
  publishedAt: row?.status === 'published' ? (row.published_at ?? null) : null,
  changes: row?.changes ?? 0,
});

const positionRatesSql = (orgId: string) =>
  sql`select id, hourly_cost_cents from staff_positions where organization_id = ${orgId}`;

/** The admin's week grid: one row per employee (in the grid's order), a page at a time. */
export async function scheduleWeek(tx: Tx, ctx: RequestContext, q: ScheduleQuery): Promise<ScheduleAnswer> {
  requireManager(ctx, 'see the schedule grid');
  const orgId = ctx.organizationId;
  const timeZone = ctx.organization.timeZone;
  const week = zonedWeek(q.startOfWeek, timeZone);
  const from = new Date(week.startsAt).toISOString();
  const to = new Date(week.endsAt).toISOString();
  const opts = { search: q.search, page: q.page, pageSize: q.pageSize, order: 'grid' as const };
  // Each employee's shifts come as one JSON array (one row per employee, read by JSON.parse),
  // not a row per shift: reading a row per shift was a fifth of the server's time on this page.
  const page = pageWithSql(orgId, opts, {
    columns: sql`s.shifts`,
    join: (onPage) =>
      sql`left join lateral (
            select json_agg(json_build_object(${shiftJsonFields}) order by s.start_at, s.id) as shifts
            from employee_shifts s
            where s.organization_id = ${orgId} and s.removed_at is null and s.contact_id = p.id
              and s.start_at >= ${from} and s.start_at < ${to}) s on ${onPage}`,
    present: sql`s.shifts is not null`,
    order: sql`p.id`,
  });
  // The week's time off of everyone (a few rows a week), so that no read waits for the page.
  const [found, timeOff, rates, [status]] = await readsThenCommit<
    [unknown[], TimeOffRow[], { id: string; hourly_cost_cents: number | null }[], StatusRow[]]
  >(tx, [
    { query: page, generic: genericPage(opts) },
    { query: timeOffSql(orgId, null, week.startsAt, week.endsAt) },
    { query: positionRatesSql(orgId) },
    { query: weekStatusSql(orgId, week.startOfWeek, from, to) },
  ]);
  const { people, rows: withShifts } = splitPage<{ shifts: ShiftRow[] | string }>(found);
  const shifts = withShifts.flatMap((r) => json(r.shifts));
  const positions = new Map(rates.map((p) => [p.id, p.hourly_cost_cents ?? 0]));
  const state = statusOf(status);
  const shown = people.slice(0, q.pageSize);
  const rowsOut = shown.map((p) => {
    const off = timeOff.filter((t) => t.contact_id === p.id);
    const mine = shifts
      .filter((s) => s.contact_id === p.id)
      .map((s) =>
        shiftAnswer(
          s,
          timeZone,
          off.some((t) => t.start_at < s.end_at && t.end_at > s.start_at),
        ),
      );
    const costCents = mine.reduce(
      (sum, s) =>
        sum +
        shiftCostCents(
          { start: Date.parse(s.startDate), end: Date.parse(s.endDate) },
          rateOf(p.hourly_cost_cents, s.positionIds, positions),
        ),
      0,
    );
    return {
      contactId: p.id,
      fullName: p.full_name,
      categoryId: p.category_id,
      positionIds: json((p.position_ids ?? []) as string[] | string),
      hourlyCostCents: p.hourly_cost_cents,
      shifts: mine,
      timeOff: off.map(timeOffAnswer),
      scheduledMs: mine.reduce((sum, s) => sum + Date.parse(s.endDate) - Date.parse(s.startDate), 0),
      costCents,
    };
  });
  return {
    startOfWeek: week.startOfWeek,
    endOfWeek: week.endOfWeek,
    days: week.days,
    status: state.status,
    publishedAt: state.publishedAt,
    unpublishedChanges: state.changes,
    rows: rowsOut,
    pagination: { page: q.page, pageSize: q.pageSize, hasMore: people.length > q.pageSize },
  };
}
