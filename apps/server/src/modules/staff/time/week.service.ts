import { addDaysToIsoDate, type WorkSession, workedMsByDay, zonedDayStart, zonedWeek } from '@opsuite/shared';
import type { MyClockAnswer } from '@opsuite/shared/contracts/staff-time';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { escapeLike, isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { managesStaff, ownContact, requireManager, staffTypesSql } from '../access.ts';
import { timeSettings } from '../settings/settings.service.ts';
import { breaksOf, selectWork, workAnswer } from './work-rows.ts';

// Hours by employee and day: the week's overview (time sheet), who is working now, who worked on
// a day, and the caller's own clock. Worked time is split at the organisation's midnights, so a
// night session counts on both days and a daylight-saving night counts its real hours.

interface SpanRow {
  contact_id: string;
  start_at: string;
  end_at: string | null;
  break_times: unknown;
  auto_ended: boolean;
  confirmed: boolean;
}

const toSession = (r: SpanRow, now: number): WorkSession => {
  const end = r.end_at ? Date.parse(r.end_at) : now;
  const start = Date.parse(r.start_at);
  return {
    start,
    end: Math.max(start, end),
    breaks: breaksOf(r as never).map((b) => ({
      start: Date.parse(b.start),
      end: b.end ? Date.parse(b.end) : null,
    })),
  };
};

/** Sessions overlapping [from, to) of the given contacts (all when null). */
function spansIn(tx: Tx, orgId: string, from: number, to: number, contactIds: string[] | null) {
  return rows<SpanRow>(
    tx,
    sql`select contact_id, ${isoText(sql`start_at`)} as start_at, ${isoText(sql`end_at`)} as end_at, break_times,
          auto_ended, confirmed_at is not null as confirmed
        from work_histories
        where organization_id = ${orgId}
          ${contactIds ? sql`and contact_id = any(${sql.param(contactIds)}::uuid[])` : sql``}
          and start_at < ${new Date(to).toISOString()}
          and start_at > ${new Date(from - 86_400_000).toISOString()}
          and coalesce(end_at, now()) > ${new Date(from).toISOString()}`,
  );
}

/** Worked ms per day of `days`, from one employee's sessions. */
function dayTotals(sessions: WorkSession[], days: string[], timeZone: string) {
  const byDay = workedMsByDay(sessions, timeZone, 'split');
  return days.map((day) => ({ day, workedMs: byDay[day] ?? 0 }));
}

interface EmployeeRow {
  id: string;
  full_name: string;
}

/**
 * The employees on the schedule (those with a staff record: added in staff settings or on the
 * grid, given a shift, or clocked in), a page at a time, by name or in the grid's order; with
 * `only`, that one employee whether on the schedule or not.
 */
export function employeesPage(
  tx: Tx,
  orgId: string,
  opts: { only?: string | null; search?: string; page: number; pageSize: number; order?: 'name' | 'grid' },
) {
  const conds: SQL[] = [
    sql`c.organization_id = ${orgId}`,
    sql`c.deleted_at is null`,
    sql`ct.type in ${staffTypesSql}`,
  ];
  if (opts.only) conds.push(sql`c.id = ${opts.only}`);
  if (opts.search) conds.push(sql`lower(c.full_name) like ${`%${escapeLike(opts.search.toLowerCase())}%`}`);
  const order =
    opts.order === 'grid'
      ? sql`order by m.row_order nulls last, lower(c.full_name), c.id`
      : sql`order by lower(c.full_name), c.id`;
  // The roster drives the query (a few hundred rows), not the organisation's contacts.
  const from = opts.only
    ? sql`contacts c left join staff_members m on m.organization_id = c.organization_id and m.contact_id = c.id`
    : sql`staff_members m join contacts c on c.organization_id = m.organization_id and c.id = m.contact_id`;
  return rows<
    EmployeeRow & { category_id: string | null; position_ids: unknown; hourly_cost_cents: number | null }
  >(
    tx,
    sql`select c.id, c.full_name, m.category_id, m.position_ids, m.hourly_cost_cents
        from ${from}
        join contact_types ct on ct.organization_id = c.organization_id and ct.id = c.contact_type_id
        where ${opts.only ? sql`true` : sql`m.organization_id = ${orgId}`} and ${sql.join(conds, sql` and `)}
        ${order}
        limit ${opts.pageSize + 1} offset ${(opts.page - 1) * opts.pageSize}`,
  );
}

export async function weekOverview(
  tx: Tx,
  ctx: RequestContext,
  q: { startOfWeek: string; contactId?: string; page: number; pageSize: number },
) {
  const orgId = ctx.organizationId;
  const timeZone = ctx.organization.timeZone;
  const week = zonedWeek(q.startOfWeek, timeZone);
  let only = q.contactId ?? null;
  if (!managesStaff(ctx)) {
    if (only && only !== ownContact(ctx)) requireManager(ctx, 'see another employee’s time');
    only = ownContact(ctx) ?? '00000000-0000-0000-0000-000000000000';
  }
  const people = await employeesPage(tx, orgId, { only, page: q.page, pageSize: q.pageSize });
  const shown = people.slice(0, q.pageSize);
  const spans = shown.length
    ? await spansIn(
        tx,
        orgId,
        week.startsAt,
        week.endsAt,
        shown.map((p) => p.id),
      )
    : [];
  const now = Date.now();
  const list = shown.map((p) => {
    const mine = spans.filter((s) => s.contact_id === p.id);
    const days = dayTotals(
      mine.map((s) => toSession(s, now)),
      week.days,
      timeZone,
    );
    return {
      contactId: p.id,
      fullName: p.full_name,
      days,
      totalMs: days.reduce((sum, d) => sum + d.workedMs, 0),
      entries: mine.length,
      open: mine.some((s) => !s.end_at),
      needsConfirmation: mine.filter((s) => s.auto_ended && !s.confirmed).length,
    };
  });
  return {
    startOfWeek: week.startOfWeek,
    endOfWeek: week.endOfWeek,
    days: week.days,
    list,
    pagination: { page: q.page, pageSize: q.pageSize, hasMore: people.length > q.pageSize },
  };
}

/** Who is clocked in now. */
export async function runningNow(tx: Tx, ctx: RequestContext) {
  requireManager(ctx, 'see who is working');
  const now = Date.now();
  const found = await selectWork(
    tx,
    sql`w.organization_id = ${ctx.organizationId} and w.end_at is null`,
    sql`order by lower(c.full_name), w.id`,
  );
  return {
    list: found.map((r) => {
      const a = workAnswer(r, now);
      return {
        historyId: a.historyId,
        contactId: a.contactId,
        fullName: a.contactName,
        startTime: a.startTime,
        onBreak: a.onBreak,
        shiftName: a.shiftName,
        workedMs: a.workedMs,
      };
    }),
  };
}

/** Who worked on an organisation day, with the time worked on that day. */
export async function workedOn(tx: Tx, ctx: RequestContext, date: string) {
  requireManager(ctx, 'see who worked');
  const timeZone = ctx.organization.timeZone;
  const from = zonedDayStart(date, timeZone);
  const to = zonedDayStart(addDaysToIsoDate(date, 1), timeZone);
  const spans = await spansIn(tx, ctx.organizationId, from, to, null);
  const ids = [...new Set(spans.map((s) => s.contact_id))];
  const names = ids.length
    ? await rows<EmployeeRow>(
        tx,
        sql`select id, full_name from contacts where organization_id = ${ctx.organizationId} and id = any(${sql.param(ids)}::uuid[])`,
      )
    : [];
  const now = Date.now();
  const list = names
    .map((p) => {
      const mine = spans
        .filter((s) => s.contact_id === p.id)
        .sort((a, b) => a.start_at.localeCompare(b.start_at));
      const [day] = dayTotals(
        mine.map((s) => toSession(s, now)),
        [date],
        timeZone,
      );
      return {
        contactId: p.id,
        fullName: p.full_name,
        workedMs: day?.workedMs ?? 0,
        entries: mine.length,
        firstStart: mine[0]!.start_at,
        lastEnd: mine.some((s) => !s.end_at)
          ? null
          : (mine
              .map((s) => s.end_at!)
              .sort()
              .at(-1) ?? null),
      };
    })
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
  return { date, list };
}

/** The time clock page: the open session, this week's hours, entries to confirm, the rules. */
export async function myClock(tx: Tx, ctx: RequestContext): Promise<MyClockAnswer> {
  const orgId = ctx.organizationId;
  const timeZone = ctx.organization.timeZone;
  const contactId = ownContact(ctx);
  const settings = await timeSettings(tx, orgId);
  const week = zonedWeek(Date.now(), timeZone);
  if (!contactId) {
    return {
      contactId: null,
      session: null,
      needsConfirmation: [],
      week: {
        startOfWeek: week.startOfWeek,
        endOfWeek: week.endOfWeek,
        days: week.days.map((day) => ({ day, workedMs: 0 })),
        totalMs: 0,
      },
      settings,
    };
  }
  const now = Date.now();
  const mine = await selectWork(
    tx,
    sql`w.organization_id = ${orgId} and w.contact_id = ${contactId}
        and (w.end_at is null or (w.auto_ended and w.confirmed_at is null)
             or (w.start_at < ${new Date(week.endsAt).toISOString()} and w.end_at > ${new Date(week.startsAt).toISOString()}))`,
    sql`order by w.start_at`,
  );
  const days = dayTotals(
    mine.map((r) => toSession(r as never, now)),
    week.days,
    timeZone,
  );
  const open = mine.find((r) => !r.end_at);
  return {
    contactId,
    session: open ? workAnswer(open, now) : null,
    needsConfirmation: mine.filter((r) => r.auto_ended && !r.confirmed).map((r) => workAnswer(r, now)),
    week: {
      startOfWeek: week.startOfWeek,
      endOfWeek: week.endOfWeek,
      days,
      totalMs: days.reduce((s, d) => s + d.workedMs, 0),
    },
    settings,
  };
}
