import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { json } from '../access.ts';
import { breaksOf } from './sessions.ts';
import type { EditChange, StoredBreak } from './time.tables.ts';
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
  start: row.start_at,
  end: row.end_at,
  breaks: breaksOf(row.break_times),
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
  await tx.execute(
    sql`insert into work_history_edits (organization_id, id, history_id, contact_id, action, reason, changes, actor_user_id)
        values (${ctx.organizationId}, ${newId()}, ${e.historyId}, ${e.contactId}, ${e.action}, ${e.reason ?? null},
          ${JSON.stringify(e.changes)}::jsonb, ${ctx.userId})`,
  );
}

export async function listEdits(tx: Tx, orgId: string, historyId: string) {
  const found = await rows<{
    id: string;
    action: string;
    reason: string | null;
    actor_name: string | null;
    at: string;
    changes: EditChange[] | string;
  }>(
    tx,
    sql`select e.id, e.action, e.reason, u.full_name as actor_name, ${isoText(sql`e.created_at`)} as at, e.changes
        from work_history_edits e left join users u on u.id = e.actor_user_id
        where e.organization_id = ${orgId} and e.history_id = ${historyId}
        order by e.created_at desc, e.id desc`,
  );
  return {
    list: found.map((r) => ({
      _id: r.id,
      action: r.action,
      reason: r.reason,
      actorName: r.actor_name,
      at: r.at,
      changes: json(r.changes),
    })),
  };
}
