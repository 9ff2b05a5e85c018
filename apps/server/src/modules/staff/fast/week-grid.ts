import { shiftCostCents, zonedWeek } from '@opsuite/shared';
import {
  type ScheduleAnswer,
  type ScheduleQuery,
  scheduleAnswer,
} from '@opsuite/shared/contracts/staff-schedule';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AnswerCache, readUnlessUnchanged } from '../../../db/fast/answer-cache.ts';
import { isoText } from '../../../lib/sql.ts';
import { compileSerializer } from '../../../plugins/serializer.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { json, requireManager } from '../access.ts';
import {
  type LabourRateSource,
  labourRate,
  type WageRow,
  wageRatesSql,
  wagesByContact,
} from '../schedule/labour-rates.ts';
import {
  onOffer,
  shiftAnswer,
  shiftFromJson,
  shiftJsonArray,
  type TimeOffRow,
  timeOffAnswer,
  timeOffSql,
} from '../schedule/shift-rows.ts';
import { genericPage, pageWithSql, splitPage } from './roster.ts';

// The admin's week grid. Its five reads (the page of employees with their shifts, the week's
// time off, the positions' rates, the wages payroll registers, the week's status) go to PostgreSQL as one statement with
// COMMIT behind it, which also hashes their rows: while the hash is the one the kept answer was
// built from, the rows stay in the database and the kept answer is sent (db/fast/answer-cache.ts).

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

type GridParts = {
  page: unknown[];
  timeOff: TimeOffRow[];
  rates: { id: string; hourly_cost_cents: number | null }[];
  wages: WageRow[];
  status: StatusRow[];
};

/** Grid answers as sent (JSON), kept while their rows are unchanged (db/fast/answer-cache.ts). */
const kept = new AnswerCache<string>(16 * 1024 * 1024);
const write = compileSerializer(scheduleAnswer) ?? JSON.stringify;

/**
 * The admin's week grid as JSON text: one row per employee (in the grid's order), a page at a
 * time. Sent again as it was while none of the rows it was built from changed.
 */
export async function scheduleWeekText(
  tx: Tx,
  ctx: RequestContext,
  q: ScheduleQuery,
  wageSource: LabourRateSource | undefined,
): Promise<string> {
  requireManager(ctx, 'see the schedule grid');
  const orgId = ctx.organizationId;
  const timeZone = ctx.organization.timeZone;
  const week = zonedWeek(q.startOfWeek, timeZone);
  const from = new Date(week.startsAt).toISOString();
  const to = new Date(week.endsAt).toISOString();
  const opts = { search: q.search, page: q.page, pageSize: q.pageSize, order: 'grid' as const };
  const shiftsOf = (columns: SQL) =>
    sql`select ${columns} from employee_shifts s
        where s.organization_id = ${orgId} and s.removed_at is null and s.contact_id = p.id
          and s.start_at >= ${from} and s.start_at < ${to}`;
  // Each employee's shifts come as one JSON array (one row per employee), not a row per shift.
  const page = pageWithSql(orgId, opts, {
    columns: sql`s.shifts`,
    join: (onPage) =>
      sql`left join lateral (${shiftsOf(sql`json_agg(${shiftJsonArray} order by s.start_at, s.id) as shifts`)}) s on ${onPage}`,
    present: sql`s.shifts is not null`,
    order: sql`p.id`,
  });
  // The page's version: the same employees and columns, each shift as its id, row version and
  // whether it is on offer (the one thing another table says of it).
  const pageVersion = pageWithSql(orgId, opts, {
    columns: sql`s.v`,
    join: (onPage) =>
      sql`left join lateral (${shiftsOf(
        sql`string_agg(s.id::text || ':' || s.xmin::text || ':' || ${onOffer}::text, ',' order by s.start_at, s.id) as v`,
      )}) s on ${onPage}`,
    present: sql`s.v is not null`,
    order: sql`p.id`,
  });
  const key = [orgId, timeZone, week.startOfWeek, q.page, q.pageSize, q.search ?? ''].join('|');
  const known = kept.get(key);
  // Hand-planned statements whose rows are hashed in the database (answer cache): no builder form.
  const read = await readUnlessUnchanged<GridParts>(
    tx,
    {
      page: { rows: page, version: pageVersion },
      // The week's time off of everyone (a few rows a week), not only the page's.
      timeOff: { rows: timeOffSql(orgId, null, week.startsAt, week.endsAt) },
      rates: { rows: positionRatesSql(orgId) },
      wages: { rows: wageRatesSql(orgId, wageSource) },
      status: { rows: weekStatusSql(orgId, week.startOfWeek, from, to) },
    },
    known?.fingerprint ?? null,
    genericPage(opts),
  );
  if (!read.parts && known) return known.value;
  const text = write(gridAnswer(read.parts!, timeZone, week, q));
  kept.set(key, read.fingerprint, text, text.length);
  return text;
}

function gridAnswer(
  parts: GridParts,
  timeZone: string,
  week: ReturnType<typeof zonedWeek>,
  q: ScheduleQuery,
): ScheduleAnswer {
  const { people, rows: withShifts } = splitPage<{ shifts: Parameters<typeof shiftFromJson>[0][] | string }>(
    parts.page,
  );
  const shifts = withShifts.flatMap((r) => json(r.shifts).map(shiftFromJson));
  const positions = new Map(parts.rates.map((p) => [p.id, p.hourly_cost_cents]));
  const wages = wagesByContact(parts.wages);
  const state = statusOf(parts.status[0]);
  const rowsOut = people.slice(0, q.pageSize).map((p) => {
    const off = parts.timeOff.filter((t) => t.contact_id === p.id);
    const mine = shifts
      .filter((s) => s.contactId === p.id)
      .map((s) =>
        shiftAnswer(
          s,
          timeZone,
          off.some((t) => t.start_at < s.endAt && t.end_at > s.startAt),
        ),
      );
    let costCents = 0;
    let uncostedShifts = 0;
    for (const s of mine) {
      const rate = labourRate(wages.get(p.id), p.hourly_cost_cents, s.positionIds, positions);
      if (rate === null) uncostedShifts += 1;
      else costCents += shiftCostCents({ start: Date.parse(s.startDate), end: Date.parse(s.endDate) }, rate);
    }
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
      uncostedShifts,
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
