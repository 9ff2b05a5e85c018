import { workedMs } from '@opsuite/shared';
import type { WorkHistoryAnswer } from '@opsuite/shared/contracts/staff-time';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import { breaksOf, sessionOf } from './sessions.ts';
import type { StoredBreak } from './time.tables.ts';

// Reading work sessions and answering them: one select shape, one answer shape.

export interface WorkRow {
  id: string;
  contact_id: string;
  full_name: string;
  shift_id: string | null;
  shift_name: string | null;
  description: string;
  start_at: string;
  end_at: string | null;
  break_times: StoredBreak[] | string;
  rest_description: string | null;
  manual: boolean;
  auto_ended: boolean;
  confirmed: boolean;
  screenshot_id: string | null;
  capture_status: WorkHistoryAnswer['captureStatus'];
}

export const workColumns = sql`w.id, w.contact_id, c.full_name, w.shift_id, w.shift_name, w.description,
  ${isoText(sql`w.start_at`)} as start_at, ${isoText(sql`w.end_at`)} as end_at, w.break_times,
  w.rest_description, w.manual, w.auto_ended, w.confirmed_at is not null as confirmed, w.screenshot_id,
  w.capture_status`;

export const workFrom = sql`work_histories w
  join contacts c on c.organization_id = w.organization_id and c.id = w.contact_id`;

/** Sessions matching `where` (on alias w), in start order. */
export function selectWork(tx: Tx, where: SQL, tail: SQL = sql``): Promise<WorkRow[]> {
  return rows<WorkRow>(tx, sql`select ${workColumns} from ${workFrom} where ${where} ${tail}`);
}

export const screenshotPath = (id: string, small = false) =>
  `/api/contact/workhistory/screenshot/${id}/image${small ? '?size=small' : ''}`;

export function workAnswer(row: WorkRow, now = Date.now()): WorkHistoryAnswer {
  const breaks = breaksOf(row.break_times);
  const worked = workedMs(sessionOf({ start: row.start_at, end: row.end_at, breakTimes: breaks }, now));
  return {
    _id: row.id,
    historyId: row.id,
    contactId: row.contact_id,
    contactName: row.full_name,
    shiftId: row.shift_id,
    shiftName: row.shift_name,
    description: row.description,
    startTime: row.start_at,
    endTime: row.end_at,
    manual: row.manual,
    autoEnded: row.auto_ended,
    needsConfirmation: row.auto_ended && !row.confirmed,
    restDescription: row.rest_description,
    screenshot: row.screenshot_id ? screenshotPath(row.screenshot_id) : null,
    screenshot_sm: row.screenshot_id ? screenshotPath(row.screenshot_id, true) : null,
    captureStatus: row.capture_status,
    breakTimes: breaks.map((b) => ({
      _id: b._id,
      kind: b.kind ?? 'break',
      startTime: b.start,
      endTime: b.end,
      description: b.description,
    })),
    onBreak: !row.end_at && breaks.some((b) => b.end === null),
    workedMs: worked,
  };
}

/** One session by id, locked for the change that follows; 404 when it is not this organisation's. */
export async function lockedSession(tx: Tx, orgId: string, historyId: string): Promise<WorkRow> {
  const [row] = await selectWork(
    tx,
    sql`w.organization_id = ${orgId} and w.id = ${historyId}`,
    sql`for update of w`,
  );
  if (!row) throw notFound('Work history');
  return row;
}

/** The session must still be open for a clock action. */
export function requireOpen(row: WorkRow): void {
  if (row.end_at) throw conflict('This work session has already ended', 'historyId');
}
