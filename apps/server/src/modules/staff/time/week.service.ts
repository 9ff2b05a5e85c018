import { addDaysToIsoDate, type WorkSession, workedMsByDay, zonedDayStart, zonedWeek } from '@opsuite/shared';
import type { MyClockAnswer } from '@opsuite/shared/contracts/staff-time';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { ownContact, requireManager } from '../access.ts';
import { timeSettings } from '../settings/settings.service.ts';
import { nextShift, shiftToClockIn } from './clock-shift.ts';
import { hasPunchPin } from './punch-pin.ts';
import { sessionOf } from './sessions.ts';
import { workHistories } from './time.tables.ts';
import { selectWork, workAnswer } from './work-rows.ts';

// Hours by employee and day: the week's overview (time sheet), who is working now, who worked on
// a day, and the caller's own clock. Worked time is split at the organisation's midnights, so a
// night session counts on both days and a daylight-saving night counts its real hours.

/** Sessions overlapping [from, to): started before its end, at most a day before it. */
const overlappingWork = (from: number, to: number) =>
  and(
    lt(workHistories.startAt, new Date(to)),
    gt(workHistories.startAt, new Date(from - 86_400_000)),
    gt(sql`coalesce(${workHistories.endAt}, now())`, new Date(from).toISOString()),
  );

/** Sessions overlapping [from, to) of the whole organisation. */
function spansIn(tx: Tx, orgId: string, from: number, to: number) {
  return tx
    .select({
      contactId: workHistories.contactId,
      startAt: workHistories.startAt,
      endAt: workHistories.endAt,
      breakTimes: workHistories.breakTimes,
    })
    .from(workHistories)
    .where(and(eq(workHistories.organizationId, orgId), overlappingWork(from, to)));
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
    and(eq(workHistories.organizationId, ctx.organizationId), isNull(workHistories.endAt)),
    { orderBy: [sql`lower(${contacts.fullName})`, asc(workHistories.id)] },
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
  const ids = [...new Set(spans.map((s) => s.contactId))];
  const names = ids.length
    ? await tx
        .select({ id: contacts.id, fullName: contacts.fullName })
        .from(contacts)
        .where(and(eq(contacts.organizationId, ctx.organizationId), inArray(contacts.id, ids)))
    : [];
  const now = Date.now();
  const list = names
    .map((p) => {
      const mine = spans.filter((s) => s.contactId === p.id).sort((a, b) => +a.startAt - +b.startAt);
      const [day] = dayTotals(
        mine.map((s) => sessionOf({ start: s.startAt, end: s.endAt, breakTimes: s.breakTimes }, now)),
        [date],
        timeZone,
      );
      return {
        contactId: p.id,
        fullName: p.fullName,
        workedMs: day?.workedMs ?? 0,
        entries: mine.length,
        firstStart: mine[0]!.startAt.toISOString(),
        lastEnd: mine.some((s) => !s.endAt)
          ? null
          : (mine
              .map((s) => s.endAt!.toISOString())
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
  const w = workHistories;
  // Its open session, sessions waiting for its confirmation, and this week's.
  const mine = await selectWork(
    tx,
    and(
      eq(w.organizationId, orgId),
      eq(w.contactId, contactId),
      or(
        isNull(w.endAt),
        and(eq(w.autoEnded, true), isNull(w.confirmedAt)),
        and(lt(w.startAt, new Date(week.endsAt)), gt(w.endAt, new Date(week.startsAt))),
      ),
    ),
  );
  const days = dayTotals(
    mine.map((r) => sessionOf({ start: r.startAt, end: r.endAt, breakTimes: r.breakTimes }, now)),
    week.days,
    timeZone,
  );
  const open = mine.find((r) => !r.endAt);
  return {
    contactId,
    session: open ? workAnswer(open, now) : null,
    offeredShift: open ? null : await shiftToClockIn(tx, orgId, contactId, timeZone, now),
    nextShift: await nextShift(tx, orgId, contactId, now),
    pinSet: await hasPunchPin(tx, orgId, contactId),
    needsConfirmation: mine.filter((r) => r.autoEnded && !r.confirmed).map((r) => workAnswer(r, now)),
    week: {
      startOfWeek: week.startOfWeek,
      endOfWeek: week.endOfWeek,
      days,
      totalMs: days.reduce((s, d) => s + d.workedMs, 0),
    },
    settings,
  };
}
