import { zonedWeek } from '@opsuite/shared';
import type { CreateShiftBody, UpdateShiftBody } from '@opsuite/shared/contracts/staff-schedule';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { ownContact, requireManager, staffContact } from '../access.ts';
import { logActivity } from './activity.ts';
import { employeeShifts } from './schedule.tables.ts';
import {
  assertFree,
  lockEmployees,
  lockedShift,
  publishedAnswer,
  selectShifts,
  shiftAnswer,
  shiftRow,
  shiftWhere,
  stateOf,
  type TimeOffRow,
  timeOffAnswer,
  timeOffSql,
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
  await tx.insert(employeeShifts).values({
    organizationId: orgId,
    id,
    contactId: body.contactId,
    shiftName: body.shiftName,
    positionIds: [...new Set(body.positionIds)],
    startAt: new Date(start),
    endAt: new Date(end),
    note: body.note,
    createdBy: ctx.userId,
  });
  await logActivity(
    tx,
    ctx,
    'shift.created',
    `${body.shiftName} added for ${person.fullName}`,
    weekOf(start, tz(ctx)),
    {
      shiftId: id,
    },
  );
  return shiftAnswer(await shiftRow(tx, orgId, id), tz(ctx));
}

export async function updateShift(tx: Tx, ctx: RequestContext, id: string, body: UpdateShiftBody) {
  requireManager(ctx, 'change the schedule');
  const orgId = ctx.organizationId;
  const current = await lockedShift(tx, orgId, id);
  const contactId = body.contactId ?? current.contactId;
  const person = contactId === current.contactId ? null : await staffContact(tx, orgId, contactId);
  await lockEmployees(tx, orgId, [contactId]);
  const start = body.startDate ? iso(body.startDate) : current.startAt;
  const end = body.endDate ? iso(body.endDate) : current.endAt;
  if (!(Date.parse(end) > Date.parse(start))) throw conflict('A shift must end after it starts', 'endDate');
  await assertFree(tx, orgId, contactId, start, end, id);
  const positions = body.positionIds ? [...new Set(body.positionIds)] : current.positionIds;
  await tx
    .update(employeeShifts)
    .set({
      contactId,
      shiftName: body.shiftName ?? current.shiftName,
      positionIds: positions,
      startAt: new Date(start),
      endAt: new Date(end),
      note: body.note === undefined ? current.note : body.note,
      updatedAt: sql`now()`,
    })
    .where(shiftWhere(orgId, id));
  const moved = person ? ` to ${person.fullName}` : '';
  await logActivity(
    tx,
    ctx,
    'shift.updated',
    `${body.shiftName ?? current.shiftName} changed${moved}`,
    weekOf(start, tz(ctx)),
    {
      shiftId: id,
    },
  );
  return shiftAnswer(await shiftRow(tx, orgId, id), tz(ctx));
}

/** A draft never published goes at once; a published one stays until the removal is published. */
export async function deleteShift(tx: Tx, ctx: RequestContext, id: string) {
  requireManager(ctx, 'change the schedule');
  const orgId = ctx.organizationId;
  const current = await lockedShift(tx, orgId, id);
  if (current.pubContactId) {
    await tx
      .update(employeeShifts)
      .set({ removedAt: sql`now()`, updatedAt: sql`now()` })
      .where(shiftWhere(orgId, id));
  } else {
    await tx.delete(employeeShifts).where(shiftWhere(orgId, id));
  }
  await logActivity(
    tx,
    ctx,
    'shift.deleted',
    `${current.shiftName} removed`,
    weekOf(current.startAt, tz(ctx)),
    { shiftId: id },
  );
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
  // The week grid's hashed statement (db/fast/answer-cache.ts) reads the same select: one rule.
  return rows<TimeOffRow>(tx, timeOffSql(orgId, contactIds, from, to, statuses));
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
  const s = employeeShifts;
  const shifts = await selectShifts(
    tx,
    and(
      eq(s.organizationId, orgId),
      eq(s.pubContactId, me),
      gte(s.pubStartAt, new Date(week.startsAt)),
      lt(s.pubStartAt, new Date(week.endsAt)),
    ),
    { orderBy: [asc(s.pubStartAt), asc(s.id)] },
  );
  const timeOff = await approvedTimeOff(tx, orgId, [me], week.startsAt, week.endsAt, ['approved', 'pending']);
  return {
    contactId: me,
    startOfWeek: week.startOfWeek,
    endOfWeek: week.endOfWeek,
    shifts: shifts.map((s) => publishedAnswer(s, tz(ctx))),
    timeOff: timeOff.map(timeOffAnswer),
  };
}

export { stateOf };
