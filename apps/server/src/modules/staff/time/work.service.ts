import type {
  BreakKind,
  CheckoutBody,
  StartShiftWorkBody,
  StartWorkBody,
  WorkHistoryAnswer,
} from '@opsuite/shared/contracts/staff-time';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { namedSql } from '../../../db/fast/prepared.ts';
import { conflict, lookupMissing } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { managesStaff, ownContact, requireManager, subjectContact } from '../access.ts';
import { employeeShifts } from '../schedule/schedule.tables.ts';
import { breaksOf } from './sessions.ts';
import { type StoredBreak, workHistories } from './time.tables.ts';
import {
  lockedSession,
  requireOpen,
  selectWork,
  sessionWhere,
  type WorkRow,
  workAnswer,
  workColumnsText,
  workContact,
  workFields,
} from './work-rows.ts';

// The clock actions of one employee: start work (free or on a published shift), take a break
// (checkout: a break or a meal, with an optional note), end it (startwork again, or endbreak), end work. One open
// session per employee is the database's unique index; each action locks the session it changes.

export interface ClockResult {
  message: 'startwork' | 'resumed';
  data: WorkHistoryAnswer;
}

/** A session may be changed by its own employee or a manager. */
export function requireOwnOrManager(ctx: RequestContext, row: Pick<WorkRow, 'contactId'>, what?: string) {
  if (row.contactId !== ownContact(ctx)) requireManager(ctx, what);
}

const openWhere = (orgId: string, contactId: string) =>
  and(
    eq(workHistories.organizationId, orgId),
    eq(workHistories.contactId, contactId),
    isNull(workHistories.endAt),
  );

const openSessionOf = (tx: Tx, orgId: string, contactId: string) =>
  selectWork(tx, openWhere(orgId, contactId), { lock: true });

/** Closes a running break at `at` (the list is small: a session's breaks). */
function closeBreaks(breaks: StoredBreak[], at: string): StoredBreak[] {
  return breaks.map((b) => (b.end === null ? { ...b, end: at } : b));
}

async function saveBreaks(
  tx: Tx,
  orgId: string,
  id: string,
  breaks: StoredBreak[],
  extra: { endAt?: Date; restDescription?: string | null } = {},
) {
  const [row] = await tx
    .update(workHistories)
    .set({ breakTimes: breaks, updatedAt: sql`now()`, ...extra })
    .from(contacts)
    .where(and(sessionWhere(orgId, id), workContact))
    .returning(workFields);
  return row!;
}

/** A new open session, or undefined when the contact is gone or already has one open. */
async function insertSession(
  tx: Tx,
  orgId: string,
  contactId: string,
  userId: string | null,
  body: Pick<StartWorkBody, 'description' | 'captureStatus'>,
  shiftId: string | null,
  shiftName: string | null,
  now: string,
): Promise<WorkRow | undefined> {
  // A prepared statement past the builder (one plan per connection on the clock's hot path), and
  // the builder has no insert ... select ... on conflict ... returning inside a CTE.
  const [row] = await namedSql<WorkRow>(
    tx,
    sql`with w as (
          insert into work_histories (organization_id, id, contact_id, shift_id, shift_name, description,
            start_at, capture_status, created_by)
          select ${orgId}, ${newId()}, c.id, ${shiftId}, ${shiftName}, ${body.description}, ${now},
            ${body.captureStatus ?? 'off'}, ${userId}
          from contacts c where c.organization_id = ${orgId} and c.id = ${contactId} and c.deleted_at is null
          on conflict (organization_id, contact_id) where end_at is null do nothing
          returning *),
        -- Clocking in puts the employee on the schedule's roster.
        m as (insert into staff_members (organization_id, contact_id) select organization_id, contact_id from w
          on conflict (organization_id, contact_id) do nothing)
        select ${workColumnsText} from w join contacts c on c.organization_id = w.organization_id and c.id = w.contact_id`,
  );
  return row;
}

/**
 * startwork / startShiftWork. On a break, starting again ends the break (the earlier client's
 * way back from a rest); already working is a 409.
 */
export function startWork(tx: Tx, ctx: RequestContext, body: StartWorkBody | StartShiftWorkBody) {
  const contactId = subjectContact(ctx, body.contactId, 'start work for another employee');
  return clockIn(tx, ctx.organizationId, contactId, ctx.userId, body);
}

/** Starts (or resumes from a break) the contact's session; the time clock calls it too. */
export async function clockIn(
  tx: Tx,
  orgId: string,
  contactId: string,
  userId: string | null,
  body: Omit<StartWorkBody, 'contactId'> & { shiftId?: string; shiftName?: string },
): Promise<ClockResult> {
  // Not clocked in is the usual case: the insert alone answers it, one statement instead of a
  // locked read and an insert. Anything else (on a break, already working, a contact gone, a
  // shift to look up) takes the full path below.
  if (!body.shiftId) {
    const row = await insertSession(tx, orgId, contactId, userId, body, null, null, new Date().toISOString());
    if (row) return { message: 'startwork', data: workAnswer(row) };
  }
  const [open] = await openSessionOf(tx, orgId, contactId);
  const now = new Date().toISOString();
  if (open) {
    const breaks = breaksOf(open.breakTimes);
    if (!breaks.some((b) => b.end === null)) throw conflict('You are already clocked in', 'contactId');
    const row = await saveBreaks(tx, orgId, open.id, closeBreaks(breaks, now));
    return { message: 'resumed', data: workAnswer(row) };
  }
  let shiftId: string | null = null;
  let shiftName: string | null = null;
  if (body.shiftId) {
    const [shift] = await tx
      .select({ id: employeeShifts.id, name: employeeShifts.pubShiftName })
      .from(employeeShifts)
      .where(
        and(
          eq(employeeShifts.organizationId, orgId),
          eq(employeeShifts.id, body.shiftId),
          eq(employeeShifts.pubContactId, contactId),
        ),
      );
    if (!shift) throw lookupMissing('shiftId');
    shiftId = shift.id;
    shiftName = body.shiftName || shift.name;
  }
  const row = await insertSession(tx, orgId, contactId, userId, body, shiftId, shiftName, now);
  // Nothing inserted: the contact is gone, or a second clock-in won the race.
  if (!row) {
    const [exists] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.organizationId, orgId), eq(contacts.id, contactId), isNull(contacts.deletedAt)));
    if (!exists) throw lookupMissing('contactId');
    throw conflict('You are already clocked in', 'contactId');
  }
  return { message: 'startwork', data: workAnswer(row) };
}

export interface BreakInput {
  kind: BreakKind;
  note: string | null;
}

/**
 * A break's kind and note from a call: the kind given (break unless said) and its note; the
 * earlier client's rest description alone is a break with that text as its note.
 */
export function breakOf(body: { kind?: BreakKind; note?: string; restDescription?: string }): BreakInput {
  return { kind: body.kind ?? 'break', note: body.note || body.restDescription || null };
}

/** checkout: a break (or a meal) starts now on the employee's open session, with an optional note. */
export function checkout(tx: Tx, ctx: RequestContext, body: CheckoutBody) {
  const contactId = subjectContact(ctx, body.contactId, 'start a break for another employee');
  return takeBreak(tx, ctx.organizationId, contactId, breakOf(body));
}

export async function takeBreak(tx: Tx, orgId: string, contactId: string, input: BreakInput) {
  const [open] = await openSessionOf(tx, orgId, contactId);
  if (!open) throw conflict('You are not clocked in', 'contactId');
  const breaks = breaksOf(open.breakTimes);
  if (breaks.some((b) => b.end === null)) throw conflict('You are already on a break', 'contactId');
  const started: StoredBreak = {
    _id: newId(),
    kind: input.kind,
    start: new Date().toISOString(),
    end: null,
    description: input.note,
  };
  const row = await saveBreaks(tx, orgId, open.id, [...breaks, started], { restDescription: input.note });
  return workAnswer(row);
}

/** endbreak: the running break of a session ends now. */
export async function endBreak(tx: Tx, ctx: RequestContext, historyId: string) {
  const row = await lockedSession(tx, ctx.organizationId, historyId);
  requireOwnOrManager(ctx, row, 'end another employee’s break');
  return closeBreak(tx, ctx.organizationId, row);
}

export async function closeBreak(tx: Tx, orgId: string, row: WorkRow) {
  requireOpen(row);
  const breaks = breaksOf(row.breakTimes);
  if (!breaks.some((b) => b.end === null)) throw conflict('You are not on a break', 'historyId');
  return workAnswer(await saveBreaks(tx, orgId, row.id, closeBreaks(breaks, new Date().toISOString())));
}

/** endwork: the session (and a break still running) ends now. */
export async function endWork(tx: Tx, ctx: RequestContext, historyId: string) {
  // The usual case, an open session with no break running, of the caller's own or ended by a
  // manager, is one update; anything else (a break to close, an error to name) takes the locked
  // read below, as the time clock does.
  const own = managesStaff(ctx) ? sql`` : sql`and w.contact_id = ${ownContact(ctx)}`;
  // A prepared statement past the builder (one plan per connection on the clock's hot path); the
  // jsonb containment test has no builder form either.
  const [ended] = await namedSql<WorkRow>(
    tx,
    sql`update work_histories w set end_at = ${new Date().toISOString()}, updated_at = now()
        from contacts c
        where w.organization_id = ${ctx.organizationId} and w.id = ${historyId} and w.end_at is null
          and not w.break_times @> '[{"end": null}]'::jsonb ${own}
          and c.organization_id = w.organization_id and c.id = w.contact_id
        returning ${workColumnsText}`,
  );
  if (ended) return workAnswer(ended);
  const row = await lockedSession(tx, ctx.organizationId, historyId);
  requireOwnOrManager(ctx, row, 'end another employee’s work');
  return clockOut(tx, ctx.organizationId, row);
}

export async function clockOut(tx: Tx, orgId: string, row: WorkRow) {
  requireOpen(row);
  const now = new Date().toISOString();
  const saved = await saveBreaks(tx, orgId, row.id, closeBreaks(breaksOf(row.breakTimes), now), {
    endAt: new Date(now),
  });
  return workAnswer(saved);
}

/** The contact's open session, locked; null when they are not clocked in. */
export async function lockedOpenSession(tx: Tx, orgId: string, contactId: string): Promise<WorkRow | null> {
  const [row] = await openSessionOf(tx, orgId, contactId);
  return row ?? null;
}

/** The caller's open session, if any. */
export async function openSession(tx: Tx, orgId: string, contactId: string): Promise<WorkRow | null> {
  const [row] = await selectWork(tx, openWhere(orgId, contactId));
  return row ?? null;
}
