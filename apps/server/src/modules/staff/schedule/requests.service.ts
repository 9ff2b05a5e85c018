import { addDaysToIsoDate, formatInstantAt, zonedDayStart } from '@opsuite/shared';
import type { RequestAnswer, RescheduleBody, TimeOffBody } from '@opsuite/shared/contracts/staff-schedule';
import { type AnyColumn, and, asc, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { conflict, lookupMissing, notFound } from '../../../lib/errors.ts';
import { NO_ID, newId } from '../../../lib/ids.ts';
import { isoText } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { users } from '../../auth/auth.tables.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { json, managesStaff, ownContact, requireManager, staffContact, subjectContact } from '../access.ts';
import { logActivity } from './activity.ts';
import type { Outbox } from './notify.ts';
import { employeeShifts, type RequestPayload, staffRequests } from './schedule.tables.ts';
import { assertFree, lockEmployees, lockedShift, weekOf } from './shift-rows.ts';
import { releaseShifts, type TimeOffShiftAction } from './time-off-shifts.ts';

// Time-off and reschedule requests: an employee asks (pending), a manager approves or denies.
// Approved time off shows on the grid and flags the shifts over it (or, as the manager chooses,
// offers them in the pool or takes them off the schedule); an approved reschedule moves the
// shift, published version included, if the employee is free then.

export type RequestKind = 'timeOff' | 'reschedule';
const tz = (ctx: RequestContext) => ctx.organization.timeZone;

const r = staffRequests;
const iso = (column: AnyColumn) => sql<string>`${isoText(sql`${column}`)}`;

/** A request as answered: its employee, who decided it, and (time off) the shifts it covers. */
const requestFields = {
  id: r.id,
  kind: sql<RequestKind>`${r.kind}`,
  contactId: r.contactId,
  fullName: contacts.fullName,
  email: contacts.email,
  status: sql<RequestAnswer['status']>`${r.status}`,
  payload: r.payload,
  response: r.response,
  // A correlated count over the shifts its span covers: no builder form.
  overlappingShifts: sql<number>`(select count(*)::int from ${employeeShifts} s
     where ${r.kind} = 'timeOff' and s.organization_id = ${r.organizationId} and s.pub_contact_id = ${r.contactId}
       and s.removed_at is null and s.pub_start_at < ${r.endAt} and s.pub_end_at > ${r.startAt})`,
  decidedBy: users.fullName,
  decidedAt: sql<string | null>`${isoText(sql`${r.decidedAt}`)}`,
  createdAt: iso(r.createdAt),
};

const selectRequests = (tx: Tx, where: SQL | undefined) =>
  tx
    .select(requestFields)
    .from(r)
    .innerJoin(contacts, tenantJoin(contacts, r, eq(contacts.id, r.contactId)))
    .leftJoin(users, eq(users.id, r.decidedBy))
    .where(where)
    .$dynamic();

type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

const answer = (row: RequestRow): RequestAnswer => ({
  _id: row.id,
  id: row.id,
  kind: row.kind,
  contactId: row.contactId,
  fullName: row.fullName,
  status: row.status,
  payload: json(row.payload),
  response: row.response,
  overlappingShifts: Number(row.overlappingShifts),
  decidedBy: row.decidedBy,
  decidedAt: row.decidedAt,
  createdAt: row.createdAt,
});

const requestWhere = (orgId: string, kind: RequestKind, id: string) =>
  and(eq(r.organizationId, orgId), eq(r.kind, kind), eq(r.id, id));

async function one(tx: Tx, ctx: RequestContext, kind: RequestKind, id: string, lock = false) {
  const query = selectRequests(tx, requestWhere(ctx.organizationId, kind, id));
  if (lock) query.for('update', { of: r });
  const [row] = await query;
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
  await tx.insert(r).values({
    organizationId: ctx.organizationId,
    id,
    kind,
    contactId,
    payload,
    startAt: new Date(startAt),
    endAt: new Date(endAt),
  });
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
  const s = employeeShifts;
  const [shift] = await tx
    .select({ id: s.id, name: s.pubShiftName, contactId: s.pubContactId })
    .from(s)
    .where(and(eq(s.organizationId, ctx.organizationId), eq(s.id, body.shiftId), isNotNull(s.pubContactId)));
  if (!shift?.contactId) throw lookupMissing('shiftId');
  if (shift.contactId !== me) requireManager(ctx, 'ask to move another employee’s shift');
  const startAt = new Date(body.startDate).toISOString();
  const endAt = new Date(body.endDate).toISOString();
  const payload = {
    startDate: startAt,
    endDate: endAt,
    reason: body.reason,
    shiftId: shift.id,
    shiftName: shift.name,
  };
  return insertRequest(tx, ctx, 'reschedule', shift.contactId, payload, startAt, endAt);
}

export async function listRequests(
  tx: Tx,
  ctx: RequestContext,
  kind: RequestKind,
  q: { status?: string; contactId?: string; page: number; pageSize: number },
) {
  const conds: (SQL | undefined)[] = [eq(r.organizationId, ctx.organizationId), eq(r.kind, kind)];
  if (!managesStaff(ctx)) conds.push(eq(r.contactId, ownContact(ctx) ?? NO_ID));
  else if (q.contactId) conds.push(eq(r.contactId, q.contactId));
  if (q.status) conds.push(eq(r.status, q.status));
  const found = await selectRequests(tx, and(...conds))
    .orderBy(desc(sql`${r.status} = 'pending'`), desc(r.createdAt), asc(r.id))
    .limit(q.pageSize + 1)
    .offset((q.page - 1) * q.pageSize);
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
    await lockEmployees(tx, orgId, [shift.contactId]);
    await assertFree(tx, orgId, shift.contactId, payload.startDate, payload.endDate, shift.id);
    // The published version moves too, where there is one (a CASE per column: no builder form).
    const s = employeeShifts;
    await tx
      .update(s)
      .set({
        startAt: new Date(payload.startDate),
        endAt: new Date(payload.endDate),
        pubStartAt: sql`case when ${s.pubContactId} is null then null else ${payload.startDate}::timestamptz end`,
        pubEndAt: sql`case when ${s.pubContactId} is null then null else ${payload.endDate}::timestamptz end`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(s.organizationId, orgId), eq(s.id, shift.id)));
  }
  if (kind === 'timeOff' && body.status === 'approved' && body.shifts && body.shifts !== 'keep') {
    await releaseShifts(tx, ctx, row, body.shifts);
  }
  await tx
    .update(r)
    .set({
      status: body.status,
      response: body.response,
      decidedBy: ctx.userId,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(r.organizationId, orgId), eq(r.id, id)));
  const what = kind === 'timeOff' ? 'Time off' : 'Reschedule';
  const span =
    kind === 'timeOff'
      ? `${payload.startDate} to ${payload.endDate}`
      : `${payload.shiftName}: ${formatInstantAt(payload.startDate, tz(ctx))} to ${formatInstantAt(payload.endDate, tz(ctx))}`;
  outbox.add(row.email, `${what} request ${body.status}`, [
    `Hello ${row.fullName},`,
    '',
    `Your ${what.toLowerCase()} request (${span}) was ${body.status}.`,
    ...(body.response ? ['', body.response] : []),
  ]);
  await logActivity(
    tx,
    ctx,
    `request.${body.status}`,
    `${what} of ${row.fullName} ${body.status}`,
    kind === 'reschedule' ? weekOf(payload.startDate, tz(ctx)) : null,
  );
  return answer(await one(tx, ctx, kind, id));
}

export async function cancelRequest(tx: Tx, ctx: RequestContext, kind: RequestKind, id: string) {
  const row = await one(tx, ctx, kind, id, true);
  if (row.contactId !== ownContact(ctx)) requireManager(ctx, 'cancel another employee’s request');
  if (row.status !== 'pending') throw conflict(`This request is already ${row.status}`, 'status');
  await tx
    .update(r)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(r.organizationId, ctx.organizationId), eq(r.id, id)));
  return answer(await one(tx, ctx, kind, id));
}
