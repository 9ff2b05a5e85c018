import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { PeriodicJob } from '../../../lib/periodic-job.ts';
import { isoText, rows } from '../../../lib/sql.ts';

// Sessions left open past the organisation's limit (staff_settings.auto_end_hours, 12 by default)
// are ended at start + limit, with a break still running closed there too, and wait for the
// employee's or an admin's confirmation. Runs over every organisation outside tenant context, a
// batch per statement (skipping rows a clock action holds), until none is due.

const BATCH = 500;

export async function endOverdueSessions(db: Database, batch = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    // One set-based statement per batch: the due rows locked SKIP LOCKED, each ended at its own
    // limit and its running break closed inside the jsonb list, which the builder cannot express.
    const ended = await db.transaction(async (tx) =>
      rows<{ id: string }>(
        tx,
        sql`with due as (
              select w.organization_id, w.id, w.start_at + make_interval(hours => coalesce(s.auto_end_hours, 12)) as end_at
              from work_histories w
              left join staff_settings s on s.organization_id = w.organization_id
              where w.end_at is null
                and w.start_at < now() - make_interval(hours => coalesce(s.auto_end_hours, 12))
              order by w.start_at
              limit ${batch}
              for update of w skip locked)
            update work_histories w set end_at = due.end_at, auto_ended = true, updated_at = now(),
              break_times = (
                select coalesce(jsonb_agg(case
                  when b.value->>'end' is null then jsonb_set(b.value, '{end}',
                    to_jsonb(${isoText(sql`greatest(due.end_at, (b.value->>'start')::timestamptz)`)}))
                  else b.value end order by b.ord), '[]'::jsonb)
                from jsonb_array_elements(w.break_times) with ordinality b(value, ord))
            from due
            where w.organization_id = due.organization_id and w.id = due.id
            returning w.id`,
      ),
    );
    total += ended.length;
    if (ended.length < batch) return total;
  }
}

export class AutoEndJob extends PeriodicJob {
  constructor(db: Database, log: { error(obj: unknown, msg: string): void }, everyMs = 5 * 60_000) {
    super('staff auto-end', () => endOverdueSessions(db), log, everyMs);
  }
}
