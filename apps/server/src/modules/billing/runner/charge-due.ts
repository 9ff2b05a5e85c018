import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { recordActivities } from '../../contacts/index.ts';
import { organizations } from '../../organizations/organizations.tables.ts';
import { contactInvoices } from '../billing.tables.ts';
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
  const i = contactInvoices;
  const found = await tx
    .select({
      organizationId: i.organizationId,
      id: i.id,
      contactId: i.contactId,
      number: i.number,
      amountCents: i.amountCents,
      dueDate: i.dueDate,
      fullName: contacts.fullName,
      email: contacts.email,
      orgName: organizations.name,
      timeZone: organizations.timeZone,
    })
    .from(i)
    .innerJoin(contacts, tenantJoin(contacts, i, eq(contacts.id, i.contactId)))
    .innerJoin(organizations, eq(organizations.id, i.organizationId))
    // The batch's keys arrive as one JSON parameter (a batch is up to 500 invoices).
    .where(
      sql`(${i.organizationId}, ${i.id}) in (select x.o, x.i from jsonb_to_recordset(${json}::jsonb) x(o uuid, i uuid))`,
    );
  await queueMails(
    tx,
    found.map((r) =>
      noCardMail(
        {
          organizationId: r.organizationId,
          orgName: r.orgName,
          timeZone: r.timeZone,
          contactId: r.contactId,
          contactName: r.fullName,
          contactEmail: r.email,
          appUrl,
        },
        {
          invoiceId: r.id,
          invoiceNumber: invoiceNumber(r.number),
          amountCents: r.amountCents,
          dueDate: r.dueDate,
        },
      ),
    ),
  );
  await recordActivities(
    tx,
    found.map((r) => ({
      organizationId: r.organizationId,
      contactId: r.contactId,
      kind: 'payment.no_card',
      title: `Not charged: ${invoiceNumber(r.number)} (${formatMoney(r.amountCents)}), no card on file`,
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
