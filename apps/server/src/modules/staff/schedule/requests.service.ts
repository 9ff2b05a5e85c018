import { addDaysToIsoDate, formatInstantAt, zonedDayStart } from '@opsuite/shared';
import type { RequestAnswer, RescheduleBody, TimeOffBody } from '@opsuite/shared/contracts/staff-schedule';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict, lookupMissing, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { json, managesStaff, ownContact, requireManager, staffContact, subjectContact } from '../access.ts';
import { logActivity } from './activity.ts';
import type { Outbox } from './notify.ts';
import type { RequestPayload } from './schedule.tables.ts';
import { assertFree, lockEmployees, lockedShift, weekOf } from './shift-rows.ts';
import { releaseShifts, type TimeOffShiftAction } from './time-off-shifts.ts';

// Time-off and reschedule requests: an employee asks (pending), a manager approves or denies.
// Approved time off shows on the grid and flags the shifts over it (or, as the manager chooses,
// offers them in the pool or takes them off the schedule); an approved reschedule moves the
// shift, published version included, if the employee is free then.

export type RequestKind = 'timeOff' | 'reschedule';
const tz = (ctx: RequestContext) => ctx.organization.timeZone;

interface RequestRow {
  id: string;
  kind: RequestKind;
  contact_id: string;
  full_name: string;
  email: string | null;
  status: RequestAnswer['status'];
  payload: RequestPayload | string;
  response: string | null;
  overlapping_shifts: number;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
}

const requestSelect = (where: SQL) => sql`
  select r.id, r.kind, r.contact_id, c.full_name, c.email, r.status, r.payload, r.response,
    (select count(*)::int from employee_shifts s
     where r.kind = 'timeOff' and s.organization_id = r.organization_id and s.pub_contact_id = r.contact_id
       and s.removed_at is null and s.pub_start_at < r.end_at and s.pub_end_at > r.start_at) as overlapping_shifts,
    u.full_name as decided_by,
    ${isoText(sql`r.decided_at`)} as decided_at, ${isoText(sql`r.created_at`)} as created_at
  from staff_requests r
  join contacts c on c.organization_id = r.organization_id and c.id = r.contact_id
  left join users u on u.id = r.decided_by
  where ${where}`;

const answer = (r: RequestRow): RequestAnswer => ({
  _id: r.id,
  id: r.id,
  kind: r.kind,
  contactId: r.contact_id,
  fullName: r.full_name,
  status: r.status,
  payload: json(r.payload),
  response: r.response,
  overlappingShifts: Number(r.overlapping_shifts),
  decidedBy: r.decided_by,
  decidedAt: r.decided_at,
  createdAt: r.created_at,
});

async function one(tx: Tx, ctx: RequestContext, kind: RequestKind, id: string, lock = false) {
  const [row] = await rows<RequestRow>(
    tx,
    sql`${requestSelect(sql`r.organization_id = ${ctx.organizationId} and r.kind = ${kind} and r.id = ${id}`)}
        ${lock ? sql`for update of r` : sql``}`,
  );
  if (!row) throw notFound(kind === 'timeOff' ? 'Time-off request' : 'Reschedule request');
  return row;
}

async function insertRequest(
  tx: Tx,
  ctx: RequestContext,
  kind: RequestKind,
  contactId: string,
  payload: RequestPayload,
  startAt: string,
  endAt: string,
) {
  const id = newId();
  await tx.execute(
    sql`insert into staff_requests (organization_id, id, kind, contact_id, payload, start_at, end_at)
        values (${ctx.organizationId}, ${id}, ${kind}, ${contactId}, ${JSON.stringify(payload)}::jsonb, ${startAt}, ${endAt})`,
  );
  return answer(await one(tx, ctx, kind, id));
}

export async function requestTimeOff(tx: Tx, ctx: RequestContext, body: TimeOffBody) {
  const contactId = subjectContact(ctx, body.contactId, 'ask time off for another employee');
  if (contactId !== ownContact(ctx)) await staffContact(tx, ctx.organizationId, contactId);
  const startAt = new Date(zonedDayStart(body.startDate, tz(ctx))).toISOString();
  const endAt = new Date(zonedDayStart(addDaysToIsoDate(body.endDate, 1), tz(ctx))).toISOString();
  const payload = {
    startDate: body.startDate,
    endDate: body.endDate,
    reason: body.reason,
    shiftId: null,
    shiftName: null,
  };
  return insertRequest(tx, ctx, 'timeOff', contactId, payload, startAt, endAt);
}

export async function requestReschedule(tx: Tx, ctx: RequestContext, body: RescheduleBody) {
  const me = ownContact(ctx);
  const [shift] = await rows<{ id: string; name: string; contact_id: string }>(
    tx,
    sql`select id, pub_shift_name as name, pub_contact_id as contact_id from employee_shifts
        where organization_id = ${ctx.organizationId} and id = ${body.shiftId} and pub_contact_id is not null`,
  );
  if (!shift) throw lookupMissing('shiftId');
  if (shift.contact_id !== me) requireManager(ctx, 'ask to move another employee’s shift');
  const startAt = new Date(body.startDate).toISOString();
  const endAt = new Date(body.endDate).toISOString();
  const payload = {
    startDate: startAt,
    endDate: endAt,
    reason: body.reason,
    shiftId: shift.id,
    shiftName: shift.name,
  };
  return insertRequest(tx, ctx, 'reschedule', shift.contact_id, payload, startAt, endAt);
}

export async function listRequests(
  tx: Tx,
  ctx: RequestContext,
  kind: RequestKind,
  q: { status?: string; contactId?: string; page: number; pageSize: number },
) {
  const conds: SQL[] = [sql`r.organization_id = ${ctx.organizationId}`, sql`r.kind = ${kind}`];
  if (!managesStaff(ctx)) conds.push(sql`r.contact_id = ${ownContact(ctx)}`);
  else if (q.contactId) conds.push(sql`r.contact_id = ${q.contactId}`);
  if (q.status) conds.push(sql`r.status = ${q.status}`);
  const found = await rows<RequestRow>(
    tx,
    sql`${requestSelect(sql.join(conds, sql` and `))}
        order by (r.status = 'pending') desc, r.created_at desc, r.id
        limit ${q.pageSize + 1} offset ${(q.page - 1) * q.pageSize}`,
  );
  return {
    list: found.slice(0, q.pageSize).map(answer),
    pagination: { page: q.page, pageSize: q.pageSize, hasMore: found.length > q.pageSize },
  };
}

export async function decideRequest(
  tx: Tx,
  ctx: RequestContext,
  kind: RequestKind,
  id: string,
  body: { status: 'approved' | 'denied'; response: string | null; shifts?: TimeOffShiftAction },
  outbox: Outbox,
) {
  requireManager(ctx, 'decide requests');
  const orgId = ctx.organizationId;
  const row = await one(tx, ctx, kind, id, true);
  if (row.status !== 'pending') throw conflict(`This request is already ${row.status}`, 'status');
  const payload = json(row.payload);
  if (kind === 'reschedule' && body.status === 'approved' && payload.shiftId) {
    const shift = await lockedShift(tx, orgId, payload.shiftId);
    await lockEmployees(tx, orgId, [shift.contact_id]);
    await assertFree(tx, orgId, shift.contact_id, payload.startDate, payload.endDate, shift.id);
    await tx.execute(
      sql`update employee_shifts set start_at = ${payload.startDate}, end_at = ${payload.endDate},
            pub_start_at = case when pub_contact_id is null then null else ${payload.startDate}::timestamptz end,
            pub_end_at = case when pub_contact_id is null then null else ${payload.endDate}::timestamptz end,
            updated_at = now()
          where organization_id = ${orgId} and id = ${shift.id}`,
    );
  }
  if (kind === 'timeOff' && body.status === 'approved' && body.shifts && body.shifts !== 'keep') {
    await releaseShifts(tx, ctx, row, body.shifts);
  }
  await tx.execute(
    sql`update staff_requests set status = ${body.status}, response = ${body.response}, decided_by = ${ctx.userId},
          decided_at = now(), updated_at = now()
        where organization_id = ${orgId} and id = ${id}`,
  );
  const what = kind === 'timeOff' ? 'Time off' : 'Reschedule';
  const span =
    kind === 'timeOff'
      ? `${payload.startDate} to ${payload.endDate}`
      : `${payload.shiftName}: ${formatInstantAt(payload.startDate, tz(ctx))} to ${formatInstantAt(payload.endDate, tz(ctx))}`;
  outbox.add(row.email, `${what} request ${body.status}`, [
    `Hello ${row.full_name},`,
    '',
    `Your ${what.toLowerCase()} request (${span}) was ${body.status}.`,
    ...(body.response ? ['', body.response] : []),
  ]);
  await logActivity(
    tx,
    ctx,
    `request.${body.status}`,
    `${what} of ${row.full_name} ${body.status}`,
    kind === 'reschedule' ? weekOf(payload.startDate, tz(ctx)) : null,
  );
  return answer(await one(tx, ctx, kind, id));
}

export async function cancelRequest(tx: Tx, ctx: RequestContext, kind: RequestKind, id: string) {
  const row = await one(tx, ctx, kind, id, true);
  if (row.contact_id !== ownContact(ctx)) requireManager(ctx, 'cancel another employee’s request');
  if (row.status !== 'pending') throw conflict(`This request is already ${row.status}`, 'status');
  await tx.execute(
    sql`update staff_requests set status = 'cancelled', updated_at = now() where organization_id = ${ctx.organizationId} and id = ${id}`,
  );
  return answer(await one(tx, ctx, kind, id));
}
