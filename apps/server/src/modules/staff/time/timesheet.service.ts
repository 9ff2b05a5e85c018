import { addDaysToIsoDate, workEntryProblem, workedMs, workTimeAt, zonedDayStart } from '@opsuite/shared';
import type { ManualWorkBody, UpdateTimeBody, WorkListQuery } from '@opsuite/shared/contracts/staff-time';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict, invalid, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { managesStaff, ownContact, requireManager, staffContact } from '../access.ts';
import { lockEmployees } from '../schedule/shift-rows.ts';
import { changesBetween, listEdits, recordEdit, timesOf } from './edits.ts';
import { breaksOf, sessionOf } from './sessions.ts';
import type { StoredBreak } from './time.tables.ts';
import { requireOwnOrManager } from './work.service.ts';
import { assertWorkOpen } from './work-locks.ts';
import { lockedSession, selectWork, type WorkRow, workAnswer, workColumns } from './work-rows.ts';

// The time sheet: entries listed and totalled, manual entries, edits of times on the
// organisation's clock (each kept in the audit trail with who and why), deleting breaks and
// entries, confirming auto-ended sessions.

const tz = (ctx: RequestContext) => ctx.organization.timeZone;

/** Sessions of a date range (organisation days), the caller's own unless a manager asks. */
export async function listWork(tx: Tx, ctx: RequestContext, q: WorkListQuery) {
  const orgId = ctx.organizationId;
  const conds: SQL[] = [sql`w.organization_id = ${orgId}`];
  const own = ownContact(ctx);
  if (!managesStaff(ctx)) {
    if (q.contactId && q.contactId !== own) requireManager(ctx, 'see another employee’s time');
    conds.push(sql`w.contact_id = ${own}`);
  } else if (q.contactId) conds.push(sql`w.contact_id = ${q.contactId}`);
  if (q.startDate)
    conds.push(sql`w.start_at >= ${new Date(zonedDayStart(q.startDate, tz(ctx))).toISOString()}`);
  if (q.endDate) {
    const end = zonedDayStart(addDaysToIsoDate(q.endDate, 1), tz(ctx));
    conds.push(sql`w.start_at < ${new Date(end).toISOString()}`);
  }
  if (q.needsConfirmation === 'true') conds.push(sql`w.auto_ended and w.confirmed_at is null`);
  const where = sql.join(conds, sql` and `);
  const page = await selectWork(
    tx,
    where,
    sql`order by w.start_at desc, w.id limit ${q.pageSize + 1} offset ${(q.page - 1) * q.pageSize}`,
  );
  const all = await rows<Pick<WorkRow, 'start_at' | 'end_at' | 'break_times'>>(
    tx,
    sql`select ${isoText(sql`w.start_at`)} as start_at, ${isoText(sql`w.end_at`)} as end_at, w.break_times
        from work_histories w where ${where}`,
  );
  const now = Date.now();
  const total = all.reduce((sum, r) => {
    return sum + workedMs(sessionOf({ start: r.start_at, end: r.end_at, breakTimes: r.break_times }, now));
  }, 0);
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
  const [clash] = await rows<{ id: string }>(
    tx,
    sql`select id from work_histories
        where organization_id = ${orgId} and contact_id = ${contactId}
          ${exceptId ? sql`and id <> ${exceptId}` : sql``}
          and start_at < ${end} and coalesce(end_at, now()) > ${start}
        limit 1`,
  );
  if (clash) throw conflict('This entry overlaps another entry of the same employee', 'startTime');
}

/** create-manual-workHistory: a past session entered by a manager, on the organisation's clock. */
export async function createManual(tx: Tx, ctx: RequestContext, body: ManualWorkBody) {
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
  await assertWorkOpen(tx, orgId, tz(ctx), [start]);
  await assertNoOverlap(tx, orgId, body.contactId, start, end);
  const id = newId();
  const [row] = await rows<WorkRow>(
    tx,
    sql`with w as (
          insert into work_histories (organization_id, id, contact_id, description, start_at, end_at, break_times,
            manual, created_by)
          values (${orgId}, ${id}, ${body.contactId}, ${body.description}, ${start}, ${end},
            ${JSON.stringify(breaks)}::jsonb, true, ${ctx.userId})
          returning *)
        select ${workColumns} from w join contacts c on c.organization_id = w.organization_id and c.id = w.contact_id`,
  );
  await recordEdit(tx, ctx, {
    historyId: id,
    contactId: body.contactId,
    action: 'create',
    reason: body.reason,
    changes: changesBetween(null, timesOf(row!)),
  });
  return workAnswer(row!);
}

/** update-time-work-history: new start and/or end on the organisation's clock, kept in the trail. */
export async function updateTime(tx: Tx, ctx: RequestContext, body: UpdateTimeBody) {
  requireManager(ctx, 'edit time');
  const orgId = ctx.organizationId;
  const row = await lockedSession(tx, orgId, body.historyId);
  const start =
    body.startDate && body.startTime
      ? instantOf(ctx, { date: body.startDate, time: body.startTime })
      : row.start_at;
  const end =
    body.endDate && body.endTime ? instantOf(ctx, { date: body.endDate, time: body.endTime }) : row.end_at;
  const breaks = breaksOf(row.break_times);
  await assertWorkOpen(tx, orgId, tz(ctx), [row.start_at, start]);
  if (end) checkEntry(start, end, breaks);
  else if (Date.parse(start) > Date.now()) throw invalid('startTime', 'An entry cannot start in the future');
  await assertNoOverlap(tx, orgId, row.contact_id, start, end ?? new Date().toISOString(), row.id);
  const description = body.description ?? row.description;
  const [saved] = await rows<WorkRow>(
    tx,
    sql`update work_histories w set start_at = ${start}, end_at = ${end}, description = ${description},
          confirmed_at = case when w.auto_ended and w.confirmed_at is null then now() else w.confirmed_at end,
          confirmed_by = case when w.auto_ended and w.confirmed_at is null then ${ctx.userId}::uuid else w.confirmed_by end,
          updated_at = now()
        from contacts c
        where w.organization_id = ${orgId} and w.id = ${row.id} and c.organization_id = w.organization_id and c.id = w.contact_id
        returning ${workColumns}`,
  );
  await recordEdit(tx, ctx, {
    historyId: row.id,
    contactId: row.contact_id,
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
) {
  requireManager(ctx, 'delete a break');
  const row = await lockedSession(tx, ctx.organizationId, body.historyId);
  await assertWorkOpen(tx, ctx.organizationId, tz(ctx), [row.start_at]);
  const breaks = breaksOf(row.break_times);
  const kept = breaks.filter((b) => b._id !== body.breakId);
  if (kept.length === breaks.length) throw notFound('Break');
  const [saved] = await rows<WorkRow>(
    tx,
    sql`update work_histories w set break_times = ${JSON.stringify(kept)}::jsonb, updated_at = now()
        from contacts c
        where w.organization_id = ${ctx.organizationId} and w.id = ${row.id}
          and c.organization_id = w.organization_id and c.id = w.contact_id
        returning ${workColumns}`,
  );
  await recordEdit(tx, ctx, {
    historyId: row.id,
    contactId: row.contact_id,
    action: 'delete-break',
    reason: body.reason ?? null,
    changes: changesBetween(timesOf(row), timesOf(saved!)),
  });
  return workAnswer(saved!);
}

/** Deletes an entry (its screenshots go with it); answers the screenshot files to remove. */
export async function deleteWork(tx: Tx, ctx: RequestContext, historyId: string, reason: string | undefined) {
  requireManager(ctx, 'delete work history');
  const row = await lockedSession(tx, ctx.organizationId, historyId);
  await assertWorkOpen(tx, ctx.organizationId, tz(ctx), [row.start_at]);
  const files = await rows<{ file_key: string | null; small_key: string | null }>(
    tx,
    sql`delete from work_screenshots where organization_id = ${ctx.organizationId} and history_id = ${historyId}
        returning file_key, small_key`,
  );
  await tx.execute(
    sql`delete from work_histories where organization_id = ${ctx.organizationId} and id = ${historyId}`,
  );
  await recordEdit(tx, ctx, {
    historyId,
    contactId: row.contact_id,
    action: 'delete',
    reason: reason ?? null,
    changes: changesBetween(timesOf(row), null),
  });
  return files.flatMap((f) => [f.file_key, f.small_key]);
}

/** An auto-ended session confirmed by its employee or a manager. */
export async function confirmWork(tx: Tx, ctx: RequestContext, historyId: string) {
  const row = await lockedSession(tx, ctx.organizationId, historyId);
  requireOwnOrManager(ctx, row, 'confirm another employee’s time');
  if (!row.auto_ended || row.confirmed) throw conflict('This entry does not need confirming', 'historyId');
  await tx.execute(
    sql`update work_histories set confirmed_at = now(), confirmed_by = ${ctx.userId}, updated_at = now()
        where organization_id = ${ctx.organizationId} and id = ${historyId}`,
  );
  await recordEdit(tx, ctx, { historyId, contactId: row.contact_id, action: 'confirm', changes: [] });
  const [saved] = await selectWork(
    tx,
    sql`w.organization_id = ${ctx.organizationId} and w.id = ${historyId}`,
  );
  return workAnswer(saved!);
}

/** The audit trail of one entry: its employee and managers may read it. */
export async function entryEdits(tx: Tx, ctx: RequestContext, historyId: string) {
  const [row] = await rows<{ contact_id: string }>(
    tx,
    sql`select contact_id from work_history_edits where organization_id = ${ctx.organizationId} and history_id = ${historyId}
        union all select contact_id from work_histories where organization_id = ${ctx.organizationId} and id = ${historyId}
        limit 1`,
  );
  if (!row) throw notFound('Work history');
  requireOwnOrManager(ctx, row, 'see another employee’s time');
  return listEdits(tx, ctx.organizationId, historyId);
}
