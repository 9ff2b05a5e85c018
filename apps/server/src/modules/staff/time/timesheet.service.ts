import { addDaysToIsoDate, workEntryProblem, workedMs, workTimeAt, zonedDayStart } from '@opsuite/shared';
import type { ManualWorkBody, UpdateTimeBody, WorkListQuery } from '@opsuite/shared/contracts/staff-time';
import { and, asc, desc, eq, gt, gte, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client.ts';
import { conflict, invalid, notFound } from '../../../lib/errors.ts';
import { NO_ID, newId } from '../../../lib/ids.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { managesStaff, ownContact, requireManager, staffContact } from '../access.ts';
import { lockEmployees } from '../schedule/shift-rows.ts';
import { changesBetween, listEdits, recordEdit, timesOf } from './edits.ts';
import { breaksOf, sessionOf } from './sessions.ts';
import { type StoredBreak, workHistories, workHistoryEdits, workScreenshots } from './time.tables.ts';
import { requireOwnOrManager } from './work.service.ts';
import { assertWorkOpen, type WorkLock } from './work-locks.ts';
import {
  lockedSession,
  selectWork,
  sessionRow,
  sessionWhere,
  workAnswer,
  workContact,
  workFields,
} from './work-rows.ts';

// The time sheet: entries listed and totalled, manual entries, edits of times on the
// organisation's clock (each kept in the audit trail with who and why), deleting breaks and
// entries, confirming auto-ended sessions.

const tz = (ctx: RequestContext) => ctx.organization.timeZone;

/** Sessions of a date range (organisation days), the caller's own unless a manager asks. */
export async function listWork(tx: Tx, ctx: RequestContext, q: WorkListQuery) {
  const orgId = ctx.organizationId;
  const conds: (SQL | undefined)[] = [eq(workHistories.organizationId, orgId)];
  const own = ownContact(ctx);
  if (!managesStaff(ctx)) {
    if (q.contactId && q.contactId !== own) requireManager(ctx, 'see another employee’s time');
    conds.push(eq(workHistories.contactId, own ?? NO_ID));
  } else if (q.contactId) conds.push(eq(workHistories.contactId, q.contactId));
  if (q.startDate) conds.push(gte(workHistories.startAt, new Date(zonedDayStart(q.startDate, tz(ctx)))));
  if (q.endDate) {
    const end = zonedDayStart(addDaysToIsoDate(q.endDate, 1), tz(ctx));
    conds.push(lt(workHistories.startAt, new Date(end)));
  }
  if (q.needsConfirmation === 'true')
    conds.push(eq(workHistories.autoEnded, true), isNull(workHistories.confirmedAt));
  const where = and(...conds);
  const page = await selectWork(tx, where, {
    orderBy: [desc(workHistories.startAt), asc(workHistories.id)],
    limit: q.pageSize + 1,
    offset: (q.page - 1) * q.pageSize,
  });
  const all = await tx
    .select({
      startAt: workHistories.startAt,
      endAt: workHistories.endAt,
      breakTimes: workHistories.breakTimes,
    })
    .from(workHistories)
    .where(where);
  const now = Date.now();
  const total = all.reduce(
    (sum, r) => sum + workedMs(sessionOf({ start: r.startAt, end: r.endAt, breakTimes: r.breakTimes }, now)),
    0,
  );
  return {
    list: page.slice(0, q.pageSize).map((r) => workAnswer(r, now)),
    totalWorkedMs: total,
    pagination: { page: q.page, pageSize: q.pageSize, hasMore: page.length > q.pageSize },
  };
}

interface WallPoint {
  date: string;
  time: string;
}

function instantOf(ctx: RequestContext, p: WallPoint): string {
  return new Date(workTimeAt(p.date, p.time, tz(ctx))).toISOString();
}

function checkEntry(start: string, end: string, breaks: StoredBreak[]) {
  const problem = workEntryProblem(sessionOf({ start, end, breakTimes: breaks }));
  if (problem)
    throw invalid(
      problem.startsWith('A break') || problem.startsWith('Breaks') ? 'breakTimes' : 'endTime',
      problem,
    );
  if (Date.parse(end) > Date.now() + 60_000) throw invalid('endTime', 'An entry cannot end in the future');
}

/** Another session of the employee that overlaps [start, end), other than `exceptId`. */
async function assertNoOverlap(
  tx: Tx,
  orgId: string,
  contactId: string,
  start: string,
  end: string,
  exceptId?: string,
) {
  const [clash] = await tx
    .select({ id: workHistories.id })
    .from(workHistories)
    .where(
      and(
        eq(workHistories.organizationId, orgId),
        eq(workHistories.contactId, contactId),
        exceptId ? ne(workHistories.id, exceptId) : undefined,
        lt(workHistories.startAt, new Date(end)),
        gt(sql`coalesce(${workHistories.endAt}, now())`, start),
      ),
    )
    .limit(1);
  if (clash) throw conflict('This entry overlaps another entry of the same employee', 'startTime');
}

/** create-manual-workHistory: a past session entered by a manager, on the organisation's clock. */
export async function createManual(
  tx: Tx,
  ctx: RequestContext,
  body: ManualWorkBody,
  locks: readonly WorkLock[],
) {
  requireManager(ctx, 'add time for an employee');
  const orgId = ctx.organizationId;
  await staffContact(tx, orgId, body.contactId);
  // One writer at a time per employee (their staff record, locked): overlap checks below see
  // every committed entry.
  await lockEmployees(tx, orgId, [body.contactId]);
  const start = instantOf(ctx, { date: body.startDate, time: body.startTime });
  const end = instantOf(ctx, { date: body.endDate, time: body.endTime });
  const breaks: StoredBreak[] = body.breakTimes.map((b) => ({
    _id: newId(),
    kind: b.kind ?? 'break',
    start: instantOf(ctx, { date: b.startDate, time: b.startTime }),
    end: instantOf(ctx, { date: b.endDate, time: b.endTime }),
    description: b.description ?? null,
  }));
  checkEntry(start, end, breaks);
  await assertWorkOpen(tx, orgId, tz(ctx), [start], locks);
  await assertNoOverlap(tx, orgId, body.contactId, start, end);
  const id = newId();
  await tx.insert(workHistories).values({
    organizationId: orgId,
    id,
    contactId: body.contactId,
    description: body.description,
    startAt: new Date(start),
    endAt: new Date(end),
    breakTimes: breaks,
    manual: true,
    createdBy: ctx.userId,
  });
  const row = await sessionRow(tx, orgId, id);
  await recordEdit(tx, ctx, {
    historyId: id,
    contactId: body.contactId,
    action: 'create',
    reason: body.reason,
    changes: changesBetween(null, timesOf(row)),
  });
  return workAnswer(row);
}

/** update-time-work-history: new start and/or end on the organisation's clock, kept in the trail. */
export async function updateTime(
  tx: Tx,
  ctx: RequestContext,
  body: UpdateTimeBody,
  locks: readonly WorkLock[],
) {
  requireManager(ctx, 'edit time');
  const orgId = ctx.organizationId;
  const row = await lockedSession(tx, orgId, body.historyId);
  const start =
    body.startDate && body.startTime
      ? instantOf(ctx, { date: body.startDate, time: body.startTime })
      : row.startAt;
  const end =
    body.endDate && body.endTime ? instantOf(ctx, { date: body.endDate, time: body.endTime }) : row.endAt;
  const breaks = breaksOf(row.breakTimes);
  await assertWorkOpen(tx, orgId, tz(ctx), [row.startAt, start], locks);
  if (end) checkEntry(start, end, breaks);
  else if (Date.parse(start) > Date.now()) throw invalid('startTime', 'An entry cannot start in the future');
  await assertNoOverlap(tx, orgId, row.contactId, start, end ?? new Date().toISOString(), row.id);
  const description = body.description ?? row.description;
  // A manager's edit of an auto-ended session confirms it (the row is locked: its state is known).
  const confirms = row.autoEnded && !row.confirmed;
  const [saved] = await tx
    .update(workHistories)
    .set({
      startAt: new Date(start),
      endAt: end ? new Date(end) : null,
      description,
      ...(confirms ? { confirmedAt: sql`now()`, confirmedBy: ctx.userId } : {}),
      updatedAt: sql`now()`,
    })
    .from(contacts)
    .where(and(sessionWhere(orgId, row.id), workContact))
    .returning(workFields);
  await recordEdit(tx, ctx, {
    historyId: row.id,
    contactId: row.contactId,
    action: 'update',
    reason: body.reason,
    changes: changesBetween(timesOf(row), timesOf(saved!)),
  });
  return workAnswer(saved!);
}

/** delete-breaktime: one break goes; the trail keeps it. */
export async function deleteBreak(
  tx: Tx,
  ctx: RequestContext,
  body: { historyId: string; breakId: string; reason?: string },
  locks: readonly WorkLock[],
) {
  requireManager(ctx, 'delete a break');
  const row = await lockedSession(tx, ctx.organizationId, body.historyId);
  await assertWorkOpen(tx, ctx.organizationId, tz(ctx), [row.startAt], locks);
  const breaks = breaksOf(row.breakTimes);
  const kept = breaks.filter((b) => b._id !== body.breakId);
  if (kept.length === breaks.length) throw notFound('Break');
  const [saved] = await tx
    .update(workHistories)
    .set({ breakTimes: kept, updatedAt: sql`now()` })
    .from(contacts)
    .where(and(sessionWhere(ctx.organizationId, row.id), workContact))
    .returning(workFields);
  await recordEdit(tx, ctx, {
    historyId: row.id,
    contactId: row.contactId,
    action: 'delete-break',
    reason: body.reason ?? null,
    changes: changesBetween(timesOf(row), timesOf(saved!)),
  });
  return workAnswer(saved!);
}

/** Deletes an entry (its screenshots go with it); answers the screenshot files to remove. */
export async function deleteWork(
  tx: Tx,
  ctx: RequestContext,
  historyId: string,
  reason: string | undefined,
  locks: readonly WorkLock[],
) {
  requireManager(ctx, 'delete work history');
  const row = await lockedSession(tx, ctx.organizationId, historyId);
  await assertWorkOpen(tx, ctx.organizationId, tz(ctx), [row.startAt], locks);
  const files = await tx
    .delete(workScreenshots)
    .where(
      and(eq(workScreenshots.organizationId, ctx.organizationId), eq(workScreenshots.historyId, historyId)),
    )
    .returning({ fileKey: workScreenshots.fileKey, smallKey: workScreenshots.smallKey });
  await tx.delete(workHistories).where(sessionWhere(ctx.organizationId, historyId));
  await recordEdit(tx, ctx, {
    historyId,
    contactId: row.contactId,
    action: 'delete',
    reason: reason ?? null,
    changes: changesBetween(timesOf(row), null),
  });
  return files.flatMap((f) => [f.fileKey, f.smallKey]);
}

/** An auto-ended session confirmed by its employee or a manager. */
export async function confirmWork(tx: Tx, ctx: RequestContext, historyId: string) {
  const row = await lockedSession(tx, ctx.organizationId, historyId);
  requireOwnOrManager(ctx, row, 'confirm another employee’s time');
  if (!row.autoEnded || row.confirmed) throw conflict('This entry does not need confirming', 'historyId');
  await tx
    .update(workHistories)
    .set({ confirmedAt: sql`now()`, confirmedBy: ctx.userId, updatedAt: sql`now()` })
    .where(sessionWhere(ctx.organizationId, historyId));
  await recordEdit(tx, ctx, { historyId, contactId: row.contactId, action: 'confirm', changes: [] });
  return workAnswer(await sessionRow(tx, ctx.organizationId, historyId));
}

/** The audit trail of one entry: its employee and managers may read it. */
export async function entryEdits(tx: Tx, ctx: RequestContext, historyId: string) {
  const [row] = await unionAll(
    tx
      .select({ contactId: workHistoryEdits.contactId })
      .from(workHistoryEdits)
      .where(
        and(
          eq(workHistoryEdits.organizationId, ctx.organizationId),
          eq(workHistoryEdits.historyId, historyId),
        ),
      ),
    tx
      .select({ contactId: workHistories.contactId })
      .from(workHistories)
      .where(sessionWhere(ctx.organizationId, historyId)),
  ).limit(1);
  if (!row) throw notFound('Work history');
  requireOwnOrManager(ctx, row, 'see another employee’s time');
  return listEdits(tx, ctx.organizationId, historyId);
}
