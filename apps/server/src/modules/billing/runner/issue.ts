import { upcomingInvoices } from '@opsuite/shared';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { newId } from '../../../lib/ids.ts';
import { organizations } from '../../organizations/organizations.tables.ts';
import { contactContracts, contactInvoices } from '../billing.tables.ts';
import { syncBillingStates } from '../billing-state.ts';
import { formatMoney, periodLabel } from '../billing-text.ts';
import { insertInvoices, moveNextBillDays } from '../fast/batch-writes.ts';
import { nextNumbers } from '../invoices.service.ts';
import { type RunScope, SLICE, yieldToRequests } from './run-scope.ts';

// Issuing the invoices whose day has come: every active contract whose next bill day is today or
// earlier on its organisation's calendar gets the invoice of each period due (a runner that was
// down catches up), marked to be charged at once, and its next bill day moves on. A batch is one
// short transaction; contracts are locked with SKIP LOCKED so two runners share the work, and the
// unique key on (contract, period) makes issuing a period twice impossible whoever tries.

/** A new invoice as the batch insert below writes it. */
type NewInvoice = Required<
  Pick<
    typeof contactInvoices.$inferInsert,
    | 'organizationId'
    | 'id'
    | 'contactId'
    | 'contractId'
    | 'number'
    | 'description'
    | 'amountCents'
    | 'dueDate'
    | 'periodStart'
    | 'periodEnd'
  >
> & { contractId: string; periodStart: string };

/** Active contracts whose next bill day has come, locked (SKIP LOCKED) for this batch. */
function dueContracts(tx: Tx, scope: RunScope, at: string) {
  const k = contactContracts;
  const today = sql`(${at}::timestamptz at time zone ${organizations.timeZone})::date`;
  // One index probe a contract: as an EXISTS, the planner (counting every contract due, not the
  // batch) hashed all the invoices of every organisation for each batch.
  const b = tx
    .select({ contractId: contactInvoices.contractId })
    .from(contactInvoices)
    .where(
      tenantJoin(
        contactInvoices,
        k,
        eq(contactInvoices.contractId, k.id),
        isNotNull(contactInvoices.periodStart),
      ),
    )
    .limit(1)
    .as('b');
  return tx
    .select({
      organizationId: k.organizationId,
      id: k.id,
      contactId: k.contactId,
      title: k.title,
      amountCents: k.amountCents,
      billingInterval: k.billingInterval,
      signUpFeeCents: k.signUpFeeCents,
      startDate: k.startDate,
      anchorDay: k.anchorDay,
      endDate: k.endDate,
      nextBillDay: k.nextBillDay,
      today: sql<string>`to_char(${today}, 'YYYY-MM-DD')`,
      billedBefore: sql<boolean>`${b.contractId} is not null`,
    })
    .from(k)
    .innerJoin(organizations, eq(organizations.id, k.organizationId))
    .leftJoinLateral(b, sql`true`)
    .where(
      and(
        eq(k.status, 'active'),
        isNotNull(k.nextBillDay),
        lte(k.nextBillDay, today),
        scope.organizationId ? eq(k.organizationId, scope.organizationId) : undefined,
        scope.contractId ? eq(k.id, scope.contractId) : undefined,
      ),
    )
    .orderBy(asc(k.nextBillDay))
    .limit(scope.batchSize)
    .for('update', { of: k, skipLocked: true });
}

type DueContract = Awaited<ReturnType<typeof dueContracts>>[number];

function describe(c: DueContract, i: ReturnType<typeof upcomingInvoices>[number]): string {
  const parts = [`${c.title}: ${periodLabel(i.periodStart, i.periodEnd)}`];
  if (i.prorated) parts.push('(prorated)');
  if (i.signUpFeeCents > 0) parts.push(`+ sign-up fee ${formatMoney(i.signUpFeeCents)}`);
  return parts.join(' ');
}

/** Issues one batch; answers how many invoices it issued and whether contracts were left. */
export async function issueDueInvoices(
  db: Database,
  scope: RunScope,
): Promise<{ issued: number; more: boolean }> {
  const at = scope.now.toISOString();
  return db.transaction(async (tx) => {
    const due = await dueContracts(tx, scope, at);
    if (due.length === 0) return { issued: 0, more: false };
    const invoices: Omit<NewInvoice, 'number'>[] = [];
    const moves: { o: string; k: string; next: string | null }[] = [];
    for (const [n, c] of due.entries()) {
      if (n > 0 && n % SLICE === 0) await yieldToRequests();
      const periods = upcomingInvoices(
        {
          cycle: c.billingInterval,
          startDay: c.startDate,
          anchorDay: c.anchorDay,
          endDay: c.endDate,
          priceCents: c.amountCents,
          signUpFeeCents: c.signUpFeeCents,
          // The rows asked for have a next bill day.
          nextBillDay: c.nextBillDay!,
          billedBefore: c.billedBefore,
        },
        400,
        { through: c.today },
      );
      const last = periods.at(-1);
      const next = c.billingInterval === 'one_time' || !last ? null : last.periodEnd;
      moves.push({
        o: c.organizationId,
        k: c.id,
        next: next && (!c.endDate || next <= c.endDate) ? next : null,
      });
      for (const p of periods) {
        if (p.amountCents <= 0) continue;
        invoices.push({
          organizationId: c.organizationId,
          id: newId(),
          contactId: c.contactId,
          contractId: c.id,
          description: describe(c, p).slice(0, 300),
          amountCents: p.amountCents,
          dueDate: p.periodStart,
          periodStart: p.periodStart,
          periodEnd: p.periodEnd,
        });
      }
    }
    const numbered = await number(tx, invoices);
    const issued = await insertInvoices(tx, numbered, at);
    await moveNextBillDays(tx, moves);
    const today = new Map(due.map((c) => [c.id, c.today]));
    // No timeline entry of its own: the charge that follows at once writes one (paid, failed or
    // not charged for want of a card), naming the invoice.
    // Periods caught up after the runner was down are already past due.
    await syncBillingStates(
      tx,
      issued
        .filter((i) => i.dueDate < (today.get(i.contractId) ?? i.dueDate))
        .map((i) => ({ organizationId: i.organizationId, contactId: i.contactId })),
    );
    return { issued: issued.length, more: due.length === scope.batchSize };
  });
}

/** Numbers each organisation's new invoices from one reservation of its counter. */
async function number(tx: Tx, invoices: Omit<NewInvoice, 'number'>[]): Promise<NewInvoice[]> {
  const byOrg = new Map<string, Omit<NewInvoice, 'number'>[]>();
  for (const i of invoices) {
    const list = byOrg.get(i.organizationId);
    if (list) list.push(i);
    else byOrg.set(i.organizationId, [i]);
  }
  const out: NewInvoice[] = [];
  for (const [orgId, list] of byOrg) {
    const first = await nextNumbers(tx, orgId, list.length);
    for (const [n, i] of list.entries()) out.push({ ...i, number: first + n });
  }
  return out;
}
