import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { logActivity } from './activity.ts';
import { weekOf } from './shift-rows.ts';

// Approving time off over published shifts: the manager keeps them (flagged "Time off" on the
// grid), offers them in the shift pool for others to take, or takes them off the schedule (the
// draft is removed; the next publish takes it from what employees see). Only shifts that have not
// started are released: work already begun stays as it is.

export type TimeOffShiftAction = 'keep' | 'pool' | 'unassign';

interface Covered {
  id: string;
  name: string;
  start_at: string;
}

export async function releaseShifts(
  tx: Tx,
  ctx: RequestContext,
  request: { id: string; contact_id: string; full_name: string },
  action: Exclude<TimeOffShiftAction, 'keep'>,
): Promise<number> {
  const orgId = ctx.organizationId;
  const covered = await rows<Covered>(
    tx,
    sql`select s.id, s.pub_shift_name as name, ${isoText(sql`s.start_at`)} as start_at
        from employee_shifts s join staff_requests r on r.organization_id = s.organization_id and r.id = ${request.id}
        where s.organization_id = ${orgId} and s.pub_contact_id = ${request.contact_id} and s.removed_at is null
          and s.pub_start_at < r.end_at and s.pub_end_at > r.start_at and s.pub_start_at > now()
        order by s.pub_start_at
        for update of s`,
  );
  if (covered.length === 0) return 0;
  const ids = covered.map((c) => c.id);
  if (action === 'pool') {
    for (const c of covered) {
      await tx.execute(
        sql`insert into shift_pool (organization_id, id, shift_id, offered_by, note)
            values (${orgId}, ${newId()}, ${c.id}, ${request.contact_id}, ${'Time off'})
            on conflict (organization_id, shift_id) where status = 'offered' do nothing`,
      );
    }
  } else {
    await tx.execute(
      sql`update employee_shifts set removed_at = now(), updated_at = now()
          where organization_id = ${orgId} and id = any(${sql.param(ids)}::uuid[])`,
    );
  }
  const what = action === 'pool' ? 'offered in the shift pool' : 'taken off the schedule';
  for (const c of covered) {
    await logActivity(
      tx,
      ctx,
      action === 'pool' ? 'pool.offered' : 'shift.deleted',
      `${c.name} of ${request.full_name} ${what} (time off)`,
      weekOf(c.start_at, ctx.organization.timeZone),
      { shiftId: c.id },
    );
  }
  return covered.length;
}
