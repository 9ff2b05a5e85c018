import { shiftCostCents, zonedWeek } from '@opsuite/shared';
import type {
  CreateShiftBody,
  ScheduleAnswer,
  ScheduleQuery,
  UpdateShiftBody,
} from '@opsuite/shared/contracts/staff-schedule';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { json, ownContact, requireManager, staffContact } from '../access.ts';
import { employeesPageWith } from '../time/roster.ts';
import { logActivity } from './activity.ts';
import {
  assertFree,
  lockEmployees,
  lockedShift,
  publishedAnswer,
  type ShiftRow,
  selectShifts,
  shiftAnswer,
  shiftColumns,
  stateOf,
  weekOf,
} from './shift-rows.ts';

// Employee shifts on the week grid: created, moved, resized and deleted as drafts by a manager;
// one employee never holds two overlapping shifts (checked under a per-employee lock). Employees
// read the published version only.

const iso = (v: string) => new Date(v).toISOString();
const tz = (ctx: RequestContext) => ctx.organization.timeZone;

export async function createShift(tx: Tx, ctx: RequestContext, body: CreateShiftBody) {
  requireManager(ctx, 'change the schedule');
  const orgId = ctx.organizationId;
  const person = await staffContact(tx, orgId, body.contactId);
  await lockEmployees(tx, orgId, [body.contactId]);
  const start = iso(body.startDate);
  const end = iso(body.endDate);
  await assertFree(tx, orgId, body.contactId, start, end);
  const id = newId();
  await tx.execute(
    sql`insert into employee_shifts (organization_id, id, contact_id, shift_name, position_ids, start_at, end_at, note, created_by)
        values (${orgId}, ${id}, ${body.contactId}, ${body.shiftName}, ${JSON.stringify([...new Set(body.positionIds)])}::jsonb,
          ${start}, ${end}, ${body.note}, ${ctx.userId})`,
  );
  await logActivity(
    tx,
    ctx,
    'shift.created',
    `${body.shiftName} added for ${person.full_name}`,
    weekOf(start, tz(ctx)),
    {
      shiftId: id,
    },
  );
  return shiftAnswer(
    (await selectShifts(tx, sql`s.organization_id = ${orgId} and s.id = ${id}`))[0]!,
    tz(ctx),
  );
}

export async function updateShift(tx: Tx, ctx: RequestContext, id: string, body: UpdateShiftBody) {
  requireManager(ctx, 'change the schedule');
  const orgId = ctx.organizationId;
  const current = await lockedShift(tx, orgId, id);
  const contactId = body.contactId ?? current.contact_id;
  const person = contactId === current.contact_id ? null : await staffContact(tx, orgId, contactId);
  await lockEmployees(tx, orgId, [contactId]);
  const start = body.startDate ? iso(body.startDate) : current.start_at;
  const end = body.endDate ? iso(body.endDate) : current.end_at;
  if (!(Date.parse(end) > Date.parse(start))) throw conflict('A shift must end after it starts', 'endDate');
  await assertFree(tx, orgId, contactId, start, end, id);
  const positions = body.positionIds ? [...new Set(body.positionIds)] : json(current.position_ids);
  await tx.execute(
    sql`update employee_shifts set contact_id = ${contactId}, shift_name = ${body.shiftName ?? current.shift_name},
          position_ids = ${JSON.stringify(positions)}::jsonb, start_at = ${start}, end_at = ${end},
          note = ${body.note === undefined ? current.note : body.note}, updated_at = now()
        where organization_id = ${orgId} and id = ${id}`,
  );
  const moved = person ? ` to ${person.full_name}` : '';
  await logActivity(
    tx,
    ctx,
    'shift.updated',
    `${body.shiftName ?? current.shift_name} changed${moved}`,
    weekOf(start, tz(ctx)),
    {
      shiftId: id,
    },
  );
  return shiftAnswer(
    (await selectShifts(tx, sql`s.organization_id = ${orgId} and s.id = ${id}`))[0]!,
    tz(ctx),
  );
}

/** A draft never published goes at once; a published one stays until the removal is published. */
export async function deleteShift(tx: Tx, ctx: RequestContext, id: string) {
  requireManager(ctx, 'change the schedule');
  const orgId = ctx.organizationId;
  const current = await lockedShift(tx, orgId, id);
  if (current.pub_contact_id) {
    await tx.execute(
      sql`update employee_shifts set removed_at = now(), updated_at = now() where organization_id = ${orgId} and id = ${id}`,
    );
  } else {
    await tx.execute(sql`delete from employee_shifts where organization_id = ${orgId} and id = ${id}`);
  }
  await logActivity(
    tx,
    ctx,
    'shift.deleted',
    `${current.shift_name} removed`,
    weekOf(current.start_at, tz(ctx)),
    { shiftId: id },
  );
}

interface TimeOffRow {
  id: string;
  contact_id: string;
  start_at: string;
  end_at: string;
  reason: string;
}

/** Approved time off of these employees overlapping [from, to). */
export function approvedTimeOff(
  tx: Tx,
  orgId: string,
  contactIds: string[],
  from: number,
  to: number,
  statuses = ['approved'],
) {
  if (contactIds.length === 0) return Promise.resolve([] as TimeOffRow[]);
  return rows<TimeOffRow>(
    tx,
    sql`select id, contact_id, ${isoText(sql`start_at`)} as start_at, ${isoText(sql`end_at`)} as end_at,
          coalesce(payload->>'reason', '') as reason
        from staff_requests
        where organization_id = ${orgId} and kind = 'timeOff' and status = any(${sql.param(statuses)}::text[])
          and contact_id = any(${sql.param(contactIds)}::uuid[])
          and start_at < ${new Date(to).toISOString()} and end_at > ${new Date(from).toISOString()}
        order by start_at`,
  );
}

const timeOffAnswer = (t: TimeOffRow) => ({
  _id: t.id,
  startDate: t.start_at,
  endDate: t.end_at,
  reason: t.reason,
});

/** Per employee: the rate a shift of theirs costs, in cents an hour. */
async function positionRates(tx: Tx, orgId: string) {
  const found = await rows<{ id: string; hourly_cost_cents: number | null }>(
    tx,
    sql`select id, hourly_cost_cents from staff_positions where organization_id = ${orgId}`,
  );
  return new Map(found.map((p) => [p.id, p.hourly_cost_cents ?? 0]));
}

/** The employee's own hourly cost, else the shift's first position's, else nothing. */
export const rateOf = (own: number | null, positionIds: string[], positions: Map<string, number>) =>
  own ?? positions.get(positionIds[0] ?? '') ?? 0;

/** The admin's week grid: one row per employee (in the grid's order), a page at a time. */
export async function scheduleWeek(tx: Tx, ctx: RequestContext, q: ScheduleQuery): Promise<ScheduleAnswer> {
  requireManager(ctx, 'see the schedule grid');
  const orgId = ctx.organizationId;
  const week = zonedWeek(q.startOfWeek, tz(ctx));
  const from = new Date(week.startsAt).toISOString();
  const to = new Date(week.endsAt).toISOString();
  // The page and its employees' shifts of the week in one statement.
  const { people, rows: shifts } = await employeesPageWith<ShiftRow>(
    tx,
    orgId,
    { search: q.search, page: q.page, pageSize: q.pageSize, order: 'grid' },
    {
      columns: shiftColumns,
      join: (onPage) =>
        sql`left join employee_shifts s on ${onPage} and s.organization_id = ${orgId} and s.removed_at is null
              and s.contact_id = p.id and s.start_at >= ${from} and s.start_at < ${to}`,
      present: sql`s.id is not null`,
      order: sql`s.start_at, s.id`,
    },
  );
  const shown = people.slice(0, q.pageSize);
  const ids = shown.map((p) => p.id);
  const [timeOff, positions, status] = await Promise.all([
    approvedTimeOff(tx, orgId, ids, week.startsAt, week.endsAt),
    positionRates(tx, orgId),
    weekStatus(tx, orgId, week.startOfWeek, from, to),
  ]);
  const rowsOut = shown.map((p) => {
    const off = timeOff.filter((t) => t.contact_id === p.id);
    const positionIds = json((p.position_ids ?? []) as string[] | string);
    const mine = shifts
      .filter((s) => s.contact_id === p.id)
      .map((s) => {
        const over = off.some((t) => t.start_at < s.end_at && t.end_at > s.start_at);
        return shiftAnswer(s, tz(ctx), over);
      });
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
      positionIds,
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
    status: status.status,
    publishedAt: status.publishedAt,
    unpublishedChanges: status.changes,
    rows: rowsOut,
    pagination: { page: q.page, pageSize: q.pageSize, hasMore: people.length > q.pageSize },
  };
}

/** Published or draft, and how many shifts of the week differ from what employees see. */
export async function weekStatus(tx: Tx, orgId: string, weekStart: string, from: string, to: string) {
  const [row] = await rows<{ status: string | null; published_at: string | null; changes: number }>(
    tx,
    sql`select w.status, ${isoText(sql`w.published_at`)} as published_at,
          (select count(*)::int from employee_shifts s
           where s.organization_id = ${orgId} and s.start_at >= ${from} and s.start_at < ${to}
             and (s.removed_at is not null or s.pub_contact_id is null or s.pub_contact_id <> s.contact_id
                  or s.pub_start_at <> s.start_at or s.pub_end_at <> s.end_at or s.pub_shift_name <> s.shift_name
                  or s.pub_position_ids <> s.position_ids)) as changes
        from (select 1) one left join schedule_weeks w on w.organization_id = ${orgId} and w.week_start = ${weekStart}`,
  );
  return {
    status: (row?.status === 'published' ? 'published' : 'draft') as 'published' | 'draft',
    publishedAt: row?.status === 'published' ? (row.published_at ?? null) : null,
    changes: row?.changes ?? 0,
  };
}

/** My schedule: the caller's published shifts of a week and their time off. */
export async function mySchedule(tx: Tx, ctx: RequestContext, q: { startOfWeek: string }) {
  const orgId = ctx.organizationId;
  const week = zonedWeek(q.startOfWeek, tz(ctx));
  const me = ownContact(ctx);
  if (!me)
    return {
      contactId: null,
      startOfWeek: week.startOfWeek,
      endOfWeek: week.endOfWeek,
      shifts: [],
      timeOff: [],
    };
  const from = new Date(week.startsAt).toISOString();
  const to = new Date(week.endsAt).toISOString();
  const [shifts, timeOff] = await Promise.all([
    selectShifts(
      tx,
      sql`s.organization_id = ${orgId} and s.pub_contact_id = ${me} and s.pub_start_at >= ${from} and s.pub_start_at < ${to}`,
      sql`order by s.pub_start_at, s.id`,
    ),
    approvedTimeOff(tx, orgId, [me], week.startsAt, week.endsAt, ['approved', 'pending']),
  ]);
  return {
    contactId: me,
    startOfWeek: week.startOfWeek,
    endOfWeek: week.endOfWeek,
    shifts: shifts.map((s) => publishedAnswer(s, tz(ctx))),
    timeOff: timeOff.map(timeOffAnswer),
  };
}

export { stateOf };
