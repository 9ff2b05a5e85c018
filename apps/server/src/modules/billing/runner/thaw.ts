import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { organizations } from '../../organizations/organizations.tables.ts';
import { contactContracts, contractFreezes } from '../billing.tables.ts';
import { syncBillingStates } from '../billing-state.ts';
import { lockSchedule, thawContract } from '../contract-schedule.ts';
import type { RunScope } from './run-scope.ts';

// Freezes whose end day has come on the organisation's calendar thaw by themselves: the contract
// runs again from that day, its next bill pushed out by the paid days the freeze covered.

export async function thawDueFreezes(
  db: Database,
  scope: RunScope,
): Promise<{ thawed: number; more: boolean }> {
  const at = scope.now.toISOString();
  return db.transaction(async (tx) => {
    const f = contractFreezes;
    const k = contactContracts;
    const due = await tx
      .select({
        organizationId: f.organizationId,
        contractId: f.contractId,
        contactId: k.contactId,
        endDay: f.endDay,
      })
      .from(f)
      .innerJoin(k, tenantJoin(k, f, eq(k.id, f.contractId)))
      .innerJoin(organizations, eq(organizations.id, f.organizationId))
      .where(
        and(
          isNull(f.thawedOn),
          isNotNull(f.endDay),
          eq(k.status, 'frozen'),
          lte(f.endDay, sql`(${at}::timestamptz at time zone ${organizations.timeZone})::date`),
          scope.organizationId ? eq(f.organizationId, scope.organizationId) : undefined,
          scope.contractId ? eq(f.contractId, scope.contractId) : undefined,
        ),
      )
      .orderBy(asc(f.endDay))
      .limit(scope.batchSize)
      .for('update', { of: k, skipLocked: true });
    for (const d of due) {
      const row = await lockSchedule(tx, d.organizationId, d.contactId, d.contractId);
      // The rows asked for have an end day.
      await thawContract(tx, d.organizationId, row, d.endDay!, null);
    }
    await syncBillingStates(
      tx,
      due.map((d) => ({ organizationId: d.organizationId, contactId: d.contactId })),
    );
    return { thawed: due.length, more: due.length === scope.batchSize };
  });
}
