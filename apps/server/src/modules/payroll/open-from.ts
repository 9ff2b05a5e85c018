import { and, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { payrollRuns } from './payroll.tables.ts';

/**
 * The first organisation day whose work history may still change: the day after the last paid
 * regular period (null before any run). Staff's edits of days before it should be refused.
 */
export async function payrollOpenFrom(tx: Queryable, orgId: string): Promise<string | null> {
  const [row] = await tx
    .select({ end: sql<string | null>`max(${payrollRuns.periodEnd})::text` })
    .from(payrollRuns)
    .where(
      and(
        eq(payrollRuns.organizationId, orgId),
        eq(payrollRuns.type, 'regular'),
        eq(payrollRuns.status, 'completed'),
      ),
    );
  return row?.end ?? null;
}

const paidDaysKey = (orgId: string) => `payroll.paid-days:${orgId}`;

/**
 * Writes that must not land in a period a run is paying (daily tips) take this shared lock before
 * they check payrollOpenFrom; a run takes it exclusively. So a run waits for such writes in flight
 * and computes with them, and a write that waited for a run sees the period paid.
 */
export async function lockPaidDaysShared(tx: Tx, orgId: string) {
  await lockForTransaction(tx, paidDaysKey(orgId), 'shared');
}
export async function lockPaidDays(tx: Tx, orgId: string) {
  await lockForTransaction(tx, paidDaysKey(orgId));
}
