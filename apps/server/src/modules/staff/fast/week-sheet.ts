import { type WorkSession, zonedWeek } from '@opsuite/shared';
import { type OverviewAnswer, overviewAnswer } from '@opsuite/shared/contracts/staff-time';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AnswerCache, readUnlessUnchanged } from '../../../db/fast/answer-cache.ts';
import { NO_ID } from '../../../lib/ids.ts';
import { compileSerializer } from '../../../plugins/serializer.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { json, managesStaff, ownContact, requireManager } from '../access.ts';
import { sessionOf } from '../time/sessions.ts';
import { dayTotals } from '../time/week.service.ts';
import { genericPage, type PageRow, pageWithSql, splitPage } from './roster.ts';

// The time sheet: hours per employee and organisation day of a week, a page of employees at a
// time. The page and its sessions are one statement that also hashes its rows; while the hash is
// the one a kept answer was built from, the rows stay in the database (db/fast/answer-cache.ts).
// An answer with a session still open counts it up to now, so it is rebuilt for each request from
// the kept sessions rather than sent again.

/** A session as the statement sends it: start and end (epoch ms), breaks, auto-ended, confirmed. */
type SpanArray = [number, number | null, unknown, boolean, boolean];

// Numbers, not text: a busy week is thousands of sessions, and formatting and parsing each
// instant as text cost more than the rest of the row.
const epochMs = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;
const spanJsonArray = sql`json_build_array(${epochMs(sql`w.start_at`)}, ${epochMs(sql`w.end_at`)},
  w.break_times, w.auto_ended, w.confirmed_at is not null)`;

const spanSession = (r: SpanArray, now: number): WorkSession =>
  sessionOf({ start: r[0], end: r[1], breakTimes: r[2] }, now);

/** Sessions (alias w) overlapping [from, to): started before its end, at most a day before it. */
const overlapping = (from: number, to: number) =>
  sql`w.start_at < ${new Date(to).toISOString()}
      and w.start_at > ${new Date(from - 86_400_000).toISOString()}
      and coalesce(w.end_at, now()) > ${new Date(from).toISOString()}`;

interface Kept {
  /** The answer as sent; null when a session was open (it counts up to each request's now). */
  text: string | null;
  people: PageRow[];
  spans: Map<string, SpanArray[]>;
}

const kept = new AnswerCache<Kept>(16 * 1024 * 1024);
const write = compileSerializer(overviewAnswer) ?? JSON.stringify;

interface SheetQuery {
  startOfWeek: string;
  contactId?: string;
  page: number;
  pageSize: number;
}

/** The week's time sheet as JSON text: everyone on the schedule for a manager, else oneself. */
export async function weekOverviewText(tx: Tx, ctx: RequestContext, q: SheetQuery): Promise<string> {
  const orgId = ctx.organizationId;
  const timeZone = ctx.organization.timeZone;
  const week = zonedWeek(q.startOfWeek, timeZone);
  let only = q.contactId ?? null;
  if (!managesStaff(ctx)) {
    if (only && only !== ownContact(ctx)) requireManager(ctx, 'see another employee’s time');
    only = ownContact(ctx) ?? NO_ID;
  }
  const opts = { only, page: q.page, pageSize: q.pageSize };
  const sessionsOf = (columns: SQL) =>
    sql`select ${columns} from work_histories w
        where w.organization_id = ${orgId} and w.contact_id = p.id and ${overlapping(week.startsAt, week.endsAt)}`;
  const page = pageWithSql(orgId, opts, {
    columns: sql`w.spans`,
    join: (onPage) =>
      sql`left join lateral (${sessionsOf(sql`json_agg(${spanJsonArray} order by w.start_at) as spans`)}) w on ${onPage}`,
    present: sql`w.spans is not null`,
    order: sql`p.id`,
    rosterColumns: false,
  });
  // The page's version: the same employees, each session as its id and row version.
  const version = pageWithSql(orgId, opts, {
    columns: sql`w.v`,
    join: (onPage) =>
      sql`left join lateral (${sessionsOf(sql`string_agg(w.id::text || ':' || w.xmin::text, ',' order by w.start_at, w.id) as v`)}) w on ${onPage}`,
    present: sql`w.v is not null`,
    order: sql`p.id`,
    rosterColumns: false,
  });
  const key = [orgId, timeZone, week.startOfWeek, only ?? '', q.page, q.pageSize].join('|');
  const known = kept.get(key);
  // Hand-planned statements whose rows are hashed in the database (answer cache): no builder form.
  const read = await readUnlessUnchanged<{ page: unknown[] }>(
    tx,
    { page: { rows: page, version } },
    known?.fingerprint ?? null,
    genericPage(opts),
  );
  let entry: Kept;
  if (!read.parts && known) {
    if (known.value.text !== null) return known.value.text;
    entry = known.value;
  } else {
    const { people, rows } = splitPage<{ page_id: string; spans: SpanArray[] | string }>(read.parts!.page);
    entry = { text: null, people, spans: new Map(rows.map((r) => [r.page_id, json(r.spans)])) };
  }
  const answer = sheetAnswer(entry, week, timeZone, q);
  const text = write(answer);
  if (read.parts) {
    const open = answer.list.some((r) => r.open);
    let sessions = 0;
    for (const list of entry.spans.values()) sessions += list.length;
    kept.set(key, read.fingerprint, { ...entry, text: open ? null : text }, text.length + sessions * 120);
  }
  return text;
}

function sheetAnswer(
  entry: Kept,
  week: ReturnType<typeof zonedWeek>,
  timeZone: string,
  q: SheetQuery,
): OverviewAnswer {
  const now = Date.now();
  const list = entry.people.slice(0, q.pageSize).map((p) => {
    const mine = entry.spans.get(p.id) ?? [];
    const days = dayTotals(
      mine.map((s) => spanSession(s, now)),
      week.days,
      timeZone,
    );
    return {
      contactId: p.id,
      fullName: p.full_name,
      days,
      totalMs: days.reduce((sum, d) => sum + d.workedMs, 0),
      entries: mine.length,
      open: mine.some((s) => s[1] === null),
      needsConfirmation: mine.filter((s) => s[3] && !s[4]).length,
    };
  });
  return {
    startOfWeek: week.startOfWeek,
    endOfWeek: week.endOfWeek,
    days: week.days,
    list,
    pagination: { page: q.page, pageSize: q.pageSize, hasMore: entry.people.length > q.pageSize },
  };
}
