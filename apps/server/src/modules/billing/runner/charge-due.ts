import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { rows } from '../../../lib/sql.ts';
import { recordActivities } from '../../contacts/index.ts';
import { formatMoney, invoiceNumber } from '../billing-text.ts';
import { claimDueCharges, type NoCardInvoice } from '../charges/claim.ts';
import { sendCharges } from '../charges/send.ts';
import { settleCharges } from '../charges/settle.ts';
import { noCardMail, queueMails } from '../emails/emails.ts';
import type { RunDeps, RunScope } from './run-scope.ts';

// Charging the invoices whose try has come (new ones at once, failed ones on their dunning day):
// a batch is claimed in one short transaction, sent to the provider a few at a time with no
// transaction open, and settled in another short one.

export interface ChargeBatch {
  charged: number;
  succeeded: number;
  failed: number;
  more: boolean;
}

/** The member is told when an invoice could not be charged for want of a card. */
async function tellNoCard(tx: Tx, list: NoCardInvoice[], appUrl: string) {
  if (list.length === 0) return;
  const json = JSON.stringify(list.map((n) => ({ o: n.organizationId, i: n.invoiceId })));
  const found = await rows<{
    organization_id: string;
    id: string;
    contact_id: string;
    number: number;
    amount_cents: number;
    due_date: string;
    full_name: string;
    email: string | null;
    org_name: string;
    time_zone: string;
  }>(
    tx,
    sql`select i.organization_id, i.id, i.contact_id, i.number, i.amount_cents,
          to_char(i.due_date, 'YYYY-MM-DD') as due_date, c.full_name, c.email, o.name as org_name, o.time_zone
        from jsonb_to_recordset(${json}::jsonb) x(o uuid, i uuid)
        join contact_invoices i on i.organization_id = x.o and i.id = x.i
        join contacts c on c.organization_id = i.organization_id and c.id = i.contact_id
        join organizations o on o.id = i.organization_id`,
  );
  await queueMails(
    tx,
    found.map((r) =>
      noCardMail(
        {
          organizationId: r.organization_id,
          orgName: r.org_name,
          timeZone: r.time_zone,
          contactId: r.contact_id,
          contactName: r.full_name,
          contactEmail: r.email,
          appUrl,
        },
        {
          invoiceId: r.id,
          invoiceNumber: invoiceNumber(Number(r.number)),
          amountCents: Number(r.amount_cents),
          dueDate: r.due_date,
        },
      ),
    ),
  );
  await recordActivities(
    tx,
    found.map((r) => ({
      organizationId: r.organization_id,
      contactId: r.contact_id,
      kind: 'payment.no_card',
      title: `Not charged: ${invoiceNumber(Number(r.number))} (${formatMoney(Number(r.amount_cents))}), no card on file`,
      data: { invoiceId: r.id },
    })),
  );
}

export async function chargeDueInvoices(db: Database, deps: RunDeps, scope: RunScope): Promise<ChargeBatch> {
  const { claims, noCard } = await db.transaction(async (tx) => {
    const claimed = await claimDueCharges(tx, {
      now: scope.now,
      provider: deps.provider.name,
      limit: scope.batchSize,
      organizationId: scope.organizationId,
      contractId: scope.contractId,
    });
    await tellNoCard(tx, claimed.noCard, deps.appUrl);
    return claimed;
  });
  const outcomes = await sendCharges(deps.provider, claims, deps.concurrency);
  const settled = await db.transaction((tx) => settleCharges(tx, outcomes, scope.now, deps.appUrl));
  return {
    charged: claims.length,
    succeeded: settled.filter((s) => s.status === 'succeeded').length,
    failed: settled.filter((s) => s.status === 'failed').length,
    more: claims.length + noCard.length === scope.batchSize,
  };
}
