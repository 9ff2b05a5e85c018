import { zonedWeek } from '@opsuite/shared';
import type { CreateShiftBody, UpdateShiftBody } from '@opsuite/shared/contracts/staff-schedule';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { json, ownContact, requireManager, staffContact } from '../access.ts';
import { logActivity } from './activity.ts';
import {
  assertFree,
  lockEmployees,
  lockedShift,
  publishedAnswer,
  selectShifts,
  shiftAnswer,
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
  const from = new Date(week.startsAt).toISOString();
  const to = new Date(week.endsAt).toISOString();
  const shifts = await selectShifts(
    tx,
    sql`s.organization_id = ${orgId} and s.pub_contact_id = ${me} and s.pub_start_at >= ${from} and s.pub_start_at < ${to}`,
    sql`order by s.pub_start_at, s.id`,
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
