import { shiftDisplayDay, zonedWeek } from '@opsuite/shared';
import type { EmployeeShiftAnswer, MyShift } from '@opsuite/shared/contracts/staff-schedule';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import { json } from '../access.ts';

// Reading shifts: one select shape (draft and published columns, whether it is on offer) and the
// answers built from it.

export interface ShiftRow {
  id: string;
  contact_id: string;
  shift_name: string;
  position_ids: string[] | string;
  start_at: string;
  end_at: string;
  note: string | null;
  removed: boolean;
  pub_contact_id: string | null;
  pub_shift_name: string | null;
  pub_position_ids: string[] | string | null;
  pub_start_at: string | null;
  pub_end_at: string | null;
  on_offer: boolean;
}

export const shiftColumns = sql`s.id, s.contact_id, s.shift_name, s.position_ids, ${isoText(sql`s.start_at`)} as start_at,
  ${isoText(sql`s.end_at`)} as end_at, s.note, s.removed_at is not null as removed, s.pub_contact_id, s.pub_shift_name,
  s.pub_position_ids, ${isoText(sql`s.pub_start_at`)} as pub_start_at, ${isoText(sql`s.pub_end_at`)} as pub_end_at,
  exists (select 1 from shift_pool p where p.organization_id = s.organization_id and p.shift_id = s.id
          and p.status = 'offered') as on_offer`;

/**
 * shiftColumns as a JSON array (json_build_array: no key written 14 times per shift), its
 * instants in PostgreSQL's own JSON form (ISO 8601 with the session's offset: cheaper to write
 * than isoText's); read back by shiftFromJson.
 */
/** Whether a shift (alias s) is offered in the shift pool. */
export const onOffer = sql`exists (select 1 from shift_pool p where p.organization_id = s.organization_id
  and p.shift_id = s.id and p.status = 'offered')`;

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
  contact_id: a[1],
  shift_name: a[2],
  position_ids: a[3],
  start_at: new Date(a[4]).toISOString(),
  end_at: new Date(a[5]).toISOString(),
  note: a[6],
  removed: a[7],
  pub_contact_id: a[8],
  pub_shift_name: a[9],
  pub_position_ids: a[10],
  pub_start_at: isoOrNull(a[11]),
  pub_end_at: isoOrNull(a[12]),
  on_offer: a[13],
});

export function selectShifts(tx: Tx, where: SQL, tail: SQL = sql``) {
  return rows<ShiftRow>(tx, sql`select ${shiftColumns} from employee_shifts s where ${where} ${tail}`);
}

/** A shift of this organisation, locked; 404 otherwise (removed drafts included, for publishing). */
export async function lockedShift(tx: Tx, orgId: string, id: string, live = true): Promise<ShiftRow> {
  const [row] = await selectShifts(
    tx,
    sql`s.organization_id = ${orgId} and s.id = ${id} ${live ? sql`and s.removed_at is null` : sql``}`,
    sql`for update of s`,
  );
  if (!row) throw notFound('Shift');
  return row;
}

const samePositions = (a: string[], b: string[] | null) =>
  !!b && a.length === b.length && a.every((p, i) => p === b[i]);

export function stateOf(r: ShiftRow): EmployeeShiftAnswer['state'] {
  if (!r.pub_contact_id) return 'draft';
  const same =
    !r.removed &&
    r.pub_contact_id === r.contact_id &&
    r.pub_shift_name === r.shift_name &&
    r.pub_start_at === r.start_at &&
    r.pub_end_at === r.end_at &&
    samePositions(json(r.position_ids), r.pub_position_ids ? json(r.pub_position_ids) : null);
  return same ? 'published' : 'changed';
}

export function shiftAnswer(r: ShiftRow, timeZone: string, overTimeOff = false): EmployeeShiftAnswer {
  return {
    _id: r.id,
    contactId: r.contact_id,
    shiftName: r.shift_name,
    positionIds: json(r.position_ids),
    startDate: r.start_at,
    endDate: r.end_at,
    note: r.note,
    state: stateOf(r),
    day: shiftDisplayDay({ start: Date.parse(r.start_at) }, timeZone),
    overTimeOff,
    onOffer: r.on_offer,
  };
}

/** The published version, as employees see it. */
export function publishedAnswer(r: ShiftRow, timeZone: string): MyShift {
  return {
    _id: r.id,
    shiftName: r.pub_shift_name ?? r.shift_name,
    positionIds: json(r.pub_position_ids ?? r.position_ids),
    startDate: r.pub_start_at ?? r.start_at,
    endDate: r.pub_end_at ?? r.end_at,
    day: shiftDisplayDay({ start: Date.parse(r.pub_start_at ?? r.start_at) }, timeZone),
    onOffer: r.on_offer,
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
    await tx.execute(
      sql`insert into staff_members (organization_id, contact_id) values (${orgId}, ${id})
          on conflict (organization_id, contact_id) do update set updated_at = staff_members.updated_at`,
    );
  }
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
  const [clash] = await rows<{ shift_name: string }>(
    tx,
    sql`select shift_name from employee_shifts
        where organization_id = ${orgId} and contact_id = ${contactId} and removed_at is null
          ${exceptId ? sql`and id <> ${exceptId}` : sql``}
          and start_at < ${end} and end_at > ${start}
        limit 1`,
  );
  if (clash) throw conflict(`This shift overlaps ${clash.shift_name} of the same employee`, field);
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
