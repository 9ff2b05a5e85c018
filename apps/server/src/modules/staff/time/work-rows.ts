import { workedMs } from '@opsuite/shared';
import type { WorkHistoryAnswer } from '@opsuite/shared/contracts/staff-time';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { isoText } from '../../../lib/sql.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { breaksOf, sessionOf } from './sessions.ts';
import { workHistories } from './time.tables.ts';

// Reading work sessions and answering them: one select shape, one answer shape.

/** An instant as ISO-8601 UTC text, alike on both drivers (answers send it as it comes). */
const isoOf = (column: AnyColumn) => sql<string>`${isoText(sql`${column}`)}`;

/** The columns of a work session as answered, with its employee's name. */
export const workFields = {
  id: workHistories.id,
  contactId: workHistories.contactId,
  fullName: contacts.fullName,
  shiftId: workHistories.shiftId,
  shiftName: workHistories.shiftName,
  description: workHistories.description,
  startAt: isoOf(workHistories.startAt),
  endAt: sql<string | null>`${isoText(sql`${workHistories.endAt}`)}`,
  breakTimes: workHistories.breakTimes,
  restDescription: workHistories.restDescription,
  manual: workHistories.manual,
  autoEnded: workHistories.autoEnded,
  confirmed: sql<boolean>`${workHistories.confirmedAt} is not null`,
  screenshotId: workHistories.screenshotId,
  captureStatus: workHistories.captureStatus,
};

/** The join of a session to its employee. */
export const workContact = tenantJoin(contacts, workHistories, eq(contacts.id, workHistories.contactId));

export interface WorkQuery {
  orderBy?: SQL[];
  limit?: number;
  offset?: number;
  /** Locks the sessions read (not their contacts) for the change that follows. */
  lock?: boolean;
}

/** Sessions matching `where`, in `orderBy`'s order (start order unless given). */
export function selectWork(tx: Tx, where: SQL | undefined, q: WorkQuery = {}) {
  const query = tx
    .select(workFields)
    .from(workHistories)
    .innerJoin(contacts, workContact)
    .where(where)
    .orderBy(...(q.orderBy ?? [workHistories.startAt]))
    .$dynamic();
  if (q.limit !== undefined) query.limit(q.limit);
  if (q.offset) query.offset(q.offset);
  if (q.lock) query.for('update', { of: workHistories });
  return query;
}

export type WorkRow = Awaited<ReturnType<typeof selectWork>>[number];

/** One session of the organisation by id. */
export const sessionWhere = (orgId: string, historyId: string) =>
  and(eq(workHistories.organizationId, orgId), eq(workHistories.id, historyId));

export const screenshotPath = (id: string, small = false) =>
  `/api/contact/workhistory/screenshot/${id}/image${small ? '?size=small' : ''}`;

export function workAnswer(row: WorkRow, now = Date.now()): WorkHistoryAnswer {
  const breaks = breaksOf(row.breakTimes);
  const worked = workedMs(sessionOf({ start: row.startAt, end: row.endAt, breakTimes: breaks }, now));
  return {
    _id: row.id,
    historyId: row.id,
    contactId: row.contactId,
    contactName: row.fullName,
    shiftId: row.shiftId,
    shiftName: row.shiftName,
    description: row.description,
    startTime: row.startAt,
    endTime: row.endAt,
    manual: row.manual,
    autoEnded: row.autoEnded,
    needsConfirmation: row.autoEnded && !row.confirmed,
    restDescription: row.restDescription,
    screenshot: row.screenshotId ? screenshotPath(row.screenshotId) : null,
    screenshot_sm: row.screenshotId ? screenshotPath(row.screenshotId, true) : null,
    captureStatus: row.captureStatus,
    breakTimes: breaks.map((b) => ({
      _id: b._id,
      kind: b.kind ?? 'break',
      startTime: b.start,
      endTime: b.end,
      description: b.description,
    })),
    onBreak: !row.endAt && breaks.some((b) => b.end === null),
    workedMs: worked,
  };
}

/** One session by id, locked for the change that follows; 404 when it is not this organisation's. */
export async function lockedSession(tx: Tx, orgId: string, historyId: string): Promise<WorkRow> {
  const [row] = await selectWork(tx, sessionWhere(orgId, historyId), { lock: true });
  if (!row) throw notFound('Work history');
  return row;
}

/** One session by id as answered now (after a change); 404 when it is not this organisation's. */
export async function sessionRow(tx: Tx, orgId: string, historyId: string): Promise<WorkRow> {
  const [row] = await selectWork(tx, sessionWhere(orgId, historyId));
  if (!row) throw notFound('Work history');
  return row;
}

/**
 * The raw column list of workFields, for the two statements of the clock's hot path that run as
 * prepared statements past the query builder (db/fast/prepared.ts): on alias w joined to c.
 */
export const workColumnsText = sql`w.id, w.contact_id as "contactId", c.full_name as "fullName",
  w.shift_id as "shiftId", w.shift_name as "shiftName", w.description,
  ${isoText(sql`w.start_at`)} as "startAt", ${isoText(sql`w.end_at`)} as "endAt", w.break_times as "breakTimes",
  w.rest_description as "restDescription", w.manual, w.auto_ended as "autoEnded",
  w.confirmed_at is not null as confirmed, w.screenshot_id as "screenshotId", w.capture_status as "captureStatus"`;

/** The session must still be open for a clock action. */
export function requireOpen(row: Pick<WorkRow, 'endAt'>): void {
  if (row.endAt) throw conflict('This work session has already ended', 'historyId');
}
