import { PAYROLL_TEXT } from '@opsuite/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { recordAudit } from '../organizations/index.ts';
import { lockPaidDays } from './open-from.ts';
import { payrollRuns } from './payroll.tables.ts';
import { reportRun } from './runs.service.ts';
import { tipSharePaid } from './tips/tips.tables.ts';

// Undoing a run: an admin voids a completed run that has not been exported or paid out, with a
// reason (audited). The run stays as a record; a regular run's period is open again (its time can
// be edited and it can be run anew), which is why only the latest paid period may be voided.
// Marking a run paid out records that the money left; from then on it cannot be voided.

async function lockedRun(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.organizationId, orgId), eq(payrollRuns.id, id)))
    .for('update');
  if (!row) throw notFound('Payroll run');
  return row;
}

export async function voidRun(tx: Tx, ctx: RequestContext, id: string, reason: string) {
  const orgId = ctx.organizationId;
  // Edits of paid days and runs wait for the void, and see its outcome.
  await lockPaidDays(tx, orgId);
  const run = await lockedRun(tx, orgId, id);
  if (run.status !== 'completed') throw conflict(PAYROLL_TEXT.voidOnlyCompleted);
  if (run.paidOutAt) throw conflict(PAYROLL_TEXT.voidPaidOut);
  if (run.exportedAt) throw conflict(PAYROLL_TEXT.voidExported);
  if (run.type === 'regular') {
    const later = await tx
      .select({ id: payrollRuns.id })
      .from(payrollRuns)
      .where(
        and(
          eq(payrollRuns.organizationId, orgId),
          eq(payrollRuns.type, 'regular'),
          eq(payrollRuns.status, 'completed'),
          gt(payrollRuns.periodStart, run.periodStart),
        ),
      )
      .limit(1);
    if (later.length > 0) throw conflict(PAYROLL_TEXT.voidLaterFirst);
    // The tip share paid with the run is no longer paid: the open period shows it live again.
    await tx
      .delete(tipSharePaid)
      .where(and(eq(tipSharePaid.organizationId, orgId), eq(tipSharePaid.runId, id)));
  }
  await tx
    .update(payrollRuns)
    .set({ status: 'voided', voidedAt: new Date(), voidReason: reason, updatedAt: sql`now()` })
    .where(and(eq(payrollRuns.organizationId, orgId), eq(payrollRuns.id, id)));
  await recordAudit(tx, {
    organizationId: orgId,
    actorUserId: ctx.userId,
    action: 'payroll.run.voided',
    entity: 'payroll_run',
    entityId: id,
    data: { reason, type: run.type, periodStart: run.periodStart, netCents: run.netCents },
  });
  return reportRun(tx, orgId, id);
}

export async function markPaidOut(tx: Tx, ctx: RequestContext, id: string) {
  const orgId = ctx.organizationId;
  const run = await lockedRun(tx, orgId, id);
  if (run.status !== 'completed') throw conflict('Only a completed run can be paid out');
  if (!run.paidOutAt) {
    await tx
      .update(payrollRuns)
      .set({ paidOutAt: new Date(), updatedAt: sql`now()` })
      .where(and(eq(payrollRuns.organizationId, orgId), eq(payrollRuns.id, id)));
    await recordAudit(tx, {
      organizationId: orgId,
      actorUserId: ctx.userId,
      action: 'payroll.run.paid_out',
      entity: 'payroll_run',
      entityId: id,
      data: { netCents: run.netCents },
    });
  }
  return reportRun(tx, orgId, id);
}

/** Records the first CSV export of a completed run. */
export async function markExported(tx: Tx, orgId: string, id: string) {
  await tx
    .update(payrollRuns)
    .set({ exportedAt: sql`coalesce(${payrollRuns.exportedAt}, now())` })
    .where(
      and(eq(payrollRuns.organizationId, orgId), eq(payrollRuns.id, id), eq(payrollRuns.status, 'completed')),
    );
}
