import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { users } from '../../auth/auth.tables.ts';
import { json } from '../access.ts';
import { breaksOf } from './sessions.ts';
import { type EditChange, type StoredBreak, workHistoryEdits } from './time.tables.ts';
import type { WorkRow } from './work-rows.ts';

// The audit trail of time-sheet edits: every manual entry, time change, break or entry deletion
// and confirmation, with who did it and why, and each changed field before and after.

export interface EntryTimes {
  start: string | null;
  end: string | null;
  breaks: StoredBreak[];
  description?: string;
}

export const timesOf = (row: WorkRow): EntryTimes => ({
  start: row.startAt,
  end: row.endAt,
  breaks: breaksOf(row.breakTimes),
  description: row.description,
});

const breaksText = (breaks: StoredBreak[]) =>
  breaks.length === 0 ? null : breaks.map((b) => `${b.start}–${b.end ?? '…'}`).join(', ');

/** The fields that differ between two versions of an entry. */
export function changesBetween(before: EntryTimes | null, after: EntryTimes | null): EditChange[] {
  const fields: [string, (t: EntryTimes) => string | null][] = [
    ['start', (t) => t.start],
    ['end', (t) => t.end],
    ['breaks', (t) => breaksText(t.breaks)],
    ['description', (t) => t.description || null],
  ];
  const out: EditChange[] = [];
  for (const [field, read] of fields) {
    const from = before ? read(before) : null;
    const to = after ? read(after) : null;
    if (from !== to) out.push({ field, from, to });
  }
  return out;
}

export async function recordEdit(
  tx: Tx,
  ctx: RequestContext,
  e: { historyId: string; contactId: string; action: string; reason?: string | null; changes: EditChange[] },
) {
  await tx.insert(workHistoryEdits).values({
    organizationId: ctx.organizationId,
    id: newId(),
    historyId: e.historyId,
    contactId: e.contactId,
    action: e.action,
    reason: e.reason ?? null,
    changes: e.changes,
    actorUserId: ctx.userId,
  });
}

export async function listEdits(tx: Tx, orgId: string, historyId: string) {
  const e = workHistoryEdits;
  const found = await tx
    .select({
      id: e.id,
      action: e.action,
      reason: e.reason,
      actorName: users.fullName,
      at: sql<string>`${isoText(sql`${e.createdAt}`)}`,
      changes: e.changes,
    })
    .from(e)
    .leftJoin(users, eq(users.id, e.actorUserId))
    .where(and(eq(e.organizationId, orgId), eq(e.historyId, historyId)))
    .orderBy(desc(e.createdAt), desc(e.id));
  return {
    list: found.map((r) => ({
      _id: r.id,
      action: r.action,
      reason: r.reason,
      actorName: r.actorName,
      at: r.at,
      changes: json(r.changes),
    })),
  };
}
