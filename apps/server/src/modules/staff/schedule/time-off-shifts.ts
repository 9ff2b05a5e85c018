import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { logActivity } from './activity.ts';
import { employeeShifts, shiftPool, staffRequests } from './schedule.tables.ts';
import { weekOf } from './shift-rows.ts';

// Approving time off over published shifts: the manager keeps them (flagged "Time off" on the
// grid), offers them in the shift pool for others to take, or takes them off the schedule (the
// draft is removed; the next publish takes it from what employees see). Only shifts that have not
// started are released: work already begun stays as it is.

export type TimeOffShiftAction = 'keep' | 'pool' | 'unassign';

export async function releaseShifts(
  tx: Tx,
  ctx: RequestContext,
  request: { id: string; contactId: string; fullName: string },
  action: Exclude<TimeOffShiftAction, 'keep'>,
): Promise<number> {
  const orgId = ctx.organizationId;
  const s = employeeShifts;
  const r = staffRequests;
  const covered = await tx
    .select({ id: s.id, name: s.pubShiftName, startAt: s.startAt })
    .from(s)
    .innerJoin(r, and(eq(r.organizationId, s.organizationId), eq(r.id, request.id)))
    .where(
      and(
        eq(s.organizationId, orgId),
        eq(s.pubContactId, request.contactId),
        isNull(s.removedAt),
        lt(s.pubStartAt, r.endAt),
        gt(s.pubEndAt, r.startAt),
        gt(s.pubStartAt, sql`now()`),
      ),
    )
    .orderBy(asc(s.pubStartAt))
    .for('update', { of: s });
  if (covered.length === 0) return 0;
  const ids = covered.map((c) => c.id);
  if (action === 'pool') {
    for (const c of covered) {
      await tx
        .insert(shiftPool)
        .values({
          organizationId: orgId,
          id: newId(),
          shiftId: c.id,
          offeredBy: request.contactId,
          note: 'Time off',
        })
        .onConflictDoNothing({
          target: [shiftPool.organizationId, shiftPool.shiftId],
          where: sql`${sql.identifier('status')} = 'offered'`,
        });
    }
  } else {
    await tx
      .update(s)
      .set({ removedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(s.organizationId, orgId), inArray(s.id, ids)));
  }
  const what = action === 'pool' ? 'offered in the shift pool' : 'taken off the schedule';
  for (const c of covered) {
    await logActivity(
      tx,
      ctx,
      action === 'pool' ? 'pool.offered' : 'shift.deleted',
      `${c.name} of ${request.fullName} ${what} (time off)`,
      weekOf(c.startAt.toISOString(), ctx.organization.timeZone),
      { shiftId: c.id },
    );
  }
  return covered.length;
}
