import { addDaysToIsoDate, type WorkSession, workedMsByDay, zonedDayStart, zonedWeek } from '@opsuite/shared';
import type { MyClockAnswer } from '@opsuite/shared/contracts/staff-time';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { ownContact, requireManager } from '../access.ts';
import { timeSettings } from '../settings/settings.service.ts';
import { nextShift, shiftToClockIn } from './clock-shift.ts';
import { hasPunchPin } from './punch-pin.ts';
import type { EmployeeRow } from './roster.ts';
import { sessionOf } from './sessions.ts';
import { selectWork, workAnswer } from './work-rows.ts';

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

const toSession = (r: Pick<SpanRow, 'start_at' | 'end_at' | 'break_times'>, now: number): WorkSession =>
  sessionOf({ start: r.start_at, end: r.end_at, breakTimes: r.break_times }, now);

const spanColumns = sql`w.contact_id, ${isoText(sql`w.start_at`)} as start_at, ${isoText(sql`w.end_at`)} as end_at,
  w.break_times, w.auto_ended, w.confirmed_at is not null as confirmed`;

/** Sessions (alias w) overlapping [from, to): started before its end, at most a day before it. */
export const overlapping = (from: number, to: number) =>
  sql`w.start_at < ${new Date(to).toISOString()}
      and w.start_at > ${new Date(from - 86_400_000).toISOString()}
      and coalesce(w.end_at, now()) > ${new Date(from).toISOString()}`;

/** Sessions overlapping [from, to) of the whole organisation. */
function spansIn(tx: Tx, orgId: string, from: number, to: number) {
  return rows<SpanRow>(
    tx,
    sql`select ${spanColumns} from work_histories w where w.organization_id = ${orgId} and ${overlapping(from, to)}`,
  );
}

/** Worked ms per day of `days`, from one employee's sessions. */
export function dayTotals(sessions: WorkSession[], days: string[], timeZone: string) {
  const byDay = workedMsByDay(sessions, timeZone, 'split');
  return days.map((day) => ({ day, workedMs: byDay[day] ?? 0 }));
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
  const spans = await spansIn(tx, ctx.organizationId, from, to);
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
      offeredShift: null,
      nextShift: null,
      pinSet: false,
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
    mine.map((r) => toSession(r, now)),
    week.days,
    timeZone,
  );
  const open = mine.find((r) => !r.end_at);
  return {
    contactId,
    session: open ? workAnswer(open, now) : null,
    offeredShift: open ? null : await shiftToClockIn(tx, orgId, contactId, timeZone, now),
    nextShift: await nextShift(tx, orgId, contactId, now),
    pinSet: await hasPunchPin(tx, orgId, contactId),
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
