import { shiftDisplayDay, zonedWeek } from '@opsuite/shared';
import type { EmployeeShiftAnswer, MyShift } from '@opsuite/shared/contracts/staff-schedule';
import { type AnyColumn, and, eq, exists, gt, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { isoText } from '../../../lib/sql.ts';
import { json } from '../access.ts';
import { staffMembers } from '../settings/settings.tables.ts';
import { employeeShifts, shiftPool } from './schedule.tables.ts';

// Reading shifts: one select shape (draft and published columns, whether it is on offer) and the
// answers built from it.

const s = employeeShifts;

const iso = (column: AnyColumn) => sql<string>`${isoText(sql`${column}`)}`;
const isoOrNullOf = (column: AnyColumn) => sql<string | null>`${isoText(sql`${column}`)}`;

/** Whether a shift is offered in the shift pool. */
const offered = sql<boolean>`${exists(
  new QueryBuilder()
    .select({ one: sql`1` })
    .from(shiftPool)
    .where(
      and(
        eq(shiftPool.organizationId, s.organizationId),
        eq(shiftPool.shiftId, s.id),
        eq(shiftPool.status, 'offered'),
      ),
    ),
)}`;

/** A shift as read: its draft and published columns, and whether it is on offer. */
export const shiftFields = {
  id: s.id,
  contactId: s.contactId,
  shiftName: s.shiftName,
  positionIds: s.positionIds,
  startAt: iso(s.startAt),
  endAt: iso(s.endAt),
  note: s.note,
  removed: sql<boolean>`${s.removedAt} is not null`,
  pubContactId: s.pubContactId,
  pubShiftName: s.pubShiftName,
  pubPositionIds: s.pubPositionIds,
  pubStartAt: isoOrNullOf(s.pubStartAt),
  pubEndAt: isoOrNullOf(s.pubEndAt),
  onOffer: offered,
};

interface ShiftQuery {
  orderBy?: SQL[];
  /** Locks the shifts read for the change that follows. */
  lock?: boolean;
}

export function selectShifts(tx: Tx, where: SQL | undefined, q: ShiftQuery = {}) {
  const query = tx
    .select(shiftFields)
    .from(s)
    .where(where)
    .orderBy(...(q.orderBy ?? []))
    .$dynamic();
  if (q.lock) query.for('update', { of: s });
  return query;
}

export type ShiftRow = Awaited<ReturnType<typeof selectShifts>>[number];

/** One shift of the organisation by id. */
export const shiftWhere = (orgId: string, id: string) => and(eq(s.organizationId, orgId), eq(s.id, id));

/** One shift of the organisation as read now (after a change). */
export async function shiftRow(tx: Tx, orgId: string, id: string): Promise<ShiftRow> {
  const [row] = await selectShifts(tx, shiftWhere(orgId, id));
  if (!row) throw notFound('Shift');
  return row;
}

/** Whether a shift (alias s, in the grid's hand-planned statement) is offered in the shift pool. */
export const onOffer = sql`exists (select 1 from shift_pool p where p.organization_id = s.organization_id
  and p.shift_id = s.id and p.status = 'offered')`;

/**
 * shiftFields as a JSON array for the week grid's statement (json_build_array: no key written 14
 * times per shift), its instants in PostgreSQL's own JSON form (ISO 8601 with the session's
 * offset: cheaper to write than isoText's); read back by shiftFromJson.
 */
export const shiftJsonArray = sql`json_build_array(s.id, s.contact_id, s.shift_name, s.position_ids,
  s.start_at, s.end_at, s.note, s.removed_at is not null, s.pub_contact_id, s.pub_shift_name,
  s.pub_position_ids, s.pub_start_at, s.pub_end_at, ${onOffer})`;

type ShiftArray = [
  string,
  string,
  string,
  string[] | string,
  string,
  string,
  string | null,
  boolean,
  string | null,
  string | null,
  string[] | string | null,
  string | null,
  string | null,
  boolean,
];

const isoOrNull = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/** A shift of shiftJsonArray as a ShiftRow (instants as isoText writes them). */
export const shiftFromJson = (a: ShiftArray): ShiftRow => ({
  id: a[0],
  contactId: a[1],
  shiftName: a[2],
  positionIds: json(a[3]),
  startAt: new Date(a[4]).toISOString(),
  endAt: new Date(a[5]).toISOString(),
  note: a[6],
  removed: a[7],
  pubContactId: a[8],
  pubShiftName: a[9],
  pubPositionIds: a[10] === null ? null : json(a[10]),
  pubStartAt: isoOrNull(a[11]),
  pubEndAt: isoOrNull(a[12]),
  onOffer: a[13],
});

/** A shift of this organisation, locked; 404 otherwise (removed drafts included, for publishing). */
export async function lockedShift(tx: Tx, orgId: string, id: string, live = true): Promise<ShiftRow> {
  const [row] = await selectShifts(tx, and(shiftWhere(orgId, id), live ? isNull(s.removedAt) : undefined), {
    lock: true,
  });
  if (!row) throw notFound('Shift');
  return row;
}

const samePositions = (a: string[], b: string[] | null) =>
  !!b && a.length === b.length && a.every((p, i) => p === b[i]);

export function stateOf(r: ShiftRow): EmployeeShiftAnswer['state'] {
  if (!r.pubContactId) return 'draft';
  const same =
    !r.removed &&
    r.pubContactId === r.contactId &&
    r.pubShiftName === r.shiftName &&
    r.pubStartAt === r.startAt &&
    r.pubEndAt === r.endAt &&
    samePositions(json(r.positionIds), r.pubPositionIds ? json(r.pubPositionIds) : null);
  return same ? 'published' : 'changed';
}

export function shiftAnswer(r: ShiftRow, timeZone: string, overTimeOff = false): EmployeeShiftAnswer {
  return {
    _id: r.id,
    contactId: r.contactId,
    shiftName: r.shiftName,
    positionIds: json(r.positionIds),
    startDate: r.startAt,
    endDate: r.endAt,
    note: r.note,
    state: stateOf(r),
    day: shiftDisplayDay({ start: Date.parse(r.startAt) }, timeZone),
    overTimeOff,
    onOffer: r.onOffer,
  };
}

/** The published version, as employees see it. */
export function publishedAnswer(r: ShiftRow, timeZone: string): MyShift {
  return {
    _id: r.id,
    shiftName: r.pubShiftName ?? r.shiftName,
    positionIds: json(r.pubPositionIds ?? r.positionIds),
    startDate: r.pubStartAt ?? r.startAt,
    endDate: r.pubEndAt ?? r.endAt,
    day: shiftDisplayDay({ start: Date.parse(r.pubStartAt ?? r.startAt) }, timeZone),
    onOffer: r.onOffer,
  };
}

/** The week (Sunday's date) a shift starting at an instant belongs to. */
export const weekOf = (instant: string, timeZone: string) =>
  zonedWeek(Date.parse(instant), timeZone).startOfWeek;

/**
 * One writer at a time per employee: the employee's staff row is created if missing and locked,
 * so overlap checks that follow see every committed shift. Several employees lock in id order.
 */
export async function lockEmployees(tx: Tx, orgId: string, contactIds: string[]): Promise<void> {
  for (const id of [...new Set(contactIds)].sort()) {
    // A no-op update on conflict, so that the existing row is locked too.
    await tx
      .insert(staffMembers)
      .values({ organizationId: orgId, contactId: id })
      .onConflictDoUpdate({
        target: [staffMembers.organizationId, staffMembers.contactId],
        set: { updatedAt: sql`${staffMembers.updatedAt}` },
      });
  }
}

/** The employee's live shift overlapping [start, end) (touching is fine), other than `exceptId`. */
export async function overlappingShift(
  tx: Tx,
  orgId: string,
  contactId: string,
  start: string,
  end: string,
  exceptId?: string,
): Promise<{ shiftName: string } | undefined> {
  const [clash] = await tx
    .select({ shiftName: s.shiftName })
    .from(s)
    .where(
      and(
        eq(s.organizationId, orgId),
        eq(s.contactId, contactId),
        isNull(s.removedAt),
        exceptId ? ne(s.id, exceptId) : undefined,
        lt(s.startAt, new Date(end)),
        gt(s.endAt, new Date(start)),
      ),
    )
    .limit(1);
  return clash;
}

/** 409 when the employee has another live shift overlapping [start, end) (touching is fine). */
export async function assertFree(
  tx: Tx,
  orgId: string,
  contactId: string,
  start: string,
  end: string,
  exceptId?: string,
  field = 'startDate',
): Promise<void> {
  const clash = await overlappingShift(tx, orgId, contactId, start, end, exceptId);
  if (clash) throw conflict(`This shift overlaps ${clash.shiftName} of the same employee`, field);
}

export interface TimeOffRow {
  id: string;
  contact_id: string;
  start_at: string;
  end_at: string;
  reason: string;
}

/** Time off in `statuses` overlapping [from, to): of these employees, or of everyone (null). */
export const timeOffSql = (
  orgId: string,
  contactIds: string[] | null,
  from: number,
  to: number,
  statuses = ['approved'],
) =>
  sql`select id, contact_id, ${isoText(sql`start_at`)} as start_at, ${isoText(sql`end_at`)} as end_at,
        coalesce(payload->>'reason', '') as reason
      from staff_requests
      where organization_id = ${orgId} and kind = 'timeOff' and status = any(${sql.param(statuses)}::text[])
        ${contactIds ? sql`and contact_id = any(${sql.param(contactIds)}::uuid[])` : sql``}
        and start_at < ${new Date(to).toISOString()} and end_at > ${new Date(from).toISOString()}
      order by start_at`;

export const timeOffAnswer = (t: TimeOffRow) => ({
  _id: t.id,
  startDate: t.start_at,
  endDate: t.end_at,
  reason: t.reason,
});
