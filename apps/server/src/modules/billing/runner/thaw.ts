import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { rows } from '../../../lib/sql.ts';
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
    const due = await rows<{
      organization_id: string;
      contract_id: string;
      contact_id: string;
      end_day: string;
    }>(
      tx,
      sql`select f.organization_id, f.contract_id, k.contact_id, to_char(f.end_day, 'YYYY-MM-DD') as end_day
          from contract_freezes f
          join contact_contracts k on k.organization_id = f.organization_id and k.id = f.contract_id
          join organizations o on o.id = f.organization_id
          where f.thawed_on is null and f.end_day is not null and k.status = 'frozen'
            and f.end_day <= (${at}::timestamptz at time zone o.time_zone)::date
            ${scope.organizationId ? sql`and f.organization_id = ${scope.organizationId}` : sql``}
            ${scope.contractId ? sql`and f.contract_id = ${scope.contractId}` : sql``}
          order by f.end_day
          limit ${scope.batchSize}
          for update of k skip locked`,
    );
    for (const f of due) {
      const row = await lockSchedule(tx, f.organization_id, f.contact_id, f.contract_id);
      await thawContract(tx, f.organization_id, row, f.end_day, null);
    }
    await syncBillingStates(
      tx,
      due.map((f) => ({ organizationId: f.organization_id, contactId: f.contact_id })),
    );
    return { thawed: due.length, more: due.length === scope.batchSize };
  });
}
