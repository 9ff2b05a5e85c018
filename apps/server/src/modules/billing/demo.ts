import { addDaysToIsoDate, type ContractCreateBody } from '@opsuite/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { resolveContext } from '../../plugins/context.ts';
import { findOrCreateLead, updateContact } from '../contacts/index.ts';
import { contactContracts, contactInvoices } from './billing.tables.ts';
import { PaymentCards, type TenantRun } from './cards/cards.service.ts';
import { refundInvoice } from './charges/refund.service.ts';
import { orgToday } from './contract-schedule.ts';
import { contractAction, createContract } from './contracts.service.ts';
import { createInvoice } from './invoices.service.ts';
import { SandboxPaymentsProvider } from './payments/index.ts';
import { chargeDueInvoices } from './runner/charge-due.ts';
import { issueDueInvoices } from './runner/issue.ts';
import type { RunDeps } from './runner/run-scope.ts';

// Billing for the demo organisation, made the way it would have happened: members with saved
// sandbox cards and membership contracts that started weeks ago, and the job runner played day
// by day over those weeks (a fake clock), so invoices are issued on their days and charged, a
// declining card fails and is retried on the dunning days, and the next tries lie ahead. Then,
// today: a partial refund, a freeze, a cancellation at period end and an open invoice due soon.
// The demo member's own open invoice and card come from the portal demo, not from here. Days are
// the organisation's own (its time zone, as set when it was seeded).

export interface BillingDemoOptions {
  organizationId: string;
  adminUserId: string;
  clientTypeId: string;
  /** For the links in the queued e-mails (the app's APP_URL). */
  appUrl?: string;
}

const year = new Date().getUTCFullYear() + 4;
const CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  /** Saves, then every charge is declined: the card to see dunning with. */
  declines: '4000000000000341',
};

interface DemoMember {
  name: string;
  email: string;
  card: string | null;
  contract: Omit<ContractCreateBody, 'startDate'> & { startedDaysAgo: number };
}

export const BILLING_DEMO_MEMBERS: DemoMember[] = [
  {
    name: 'Riley Chen',
    email: 'riley.chen@demo.test',
    card: CARDS.visa,
    contract: {
      title: 'Unlimited Monthly',
      amountCents: 12900,
      billingInterval: 'monthly',
      startedDaysAgo: 70,
    },
  },
  {
    name: 'Jordan Blake',
    email: 'jordan.blake@demo.test',
    card: CARDS.mastercard,
    contract: {
      title: 'Annual Membership',
      amountCents: 129000,
      billingInterval: 'yearly',
      signUpFeeCents: 4900,
      startedDaysAgo: 30,
    },
  },
  {
    name: 'Casey Morgan',
    email: 'casey.morgan@demo.test',
    card: CARDS.declines,
    contract: { title: 'Basic Monthly', amountCents: 9900, billingInterval: 'monthly', startedDaysAgo: 4 },
  },
  {
    name: 'Avery Quinn',
    email: 'avery.quinn@demo.test',
    card: CARDS.visa,
    contract: {
      title: 'Unlimited Monthly',
      amountCents: 12900,
      billingInterval: 'monthly',
      startedDaysAgo: 50,
    },
  },
  {
    name: 'Drew Patel',
    email: 'drew.patel@demo.test',
    card: CARDS.visa,
    contract: {
      title: 'Class Pass Weekly',
      amountCents: 3500,
      billingInterval: 'weekly',
      startedDaysAgo: 20,
    },
  },
];

/** Seeds the demo organisation's billing; answers the contact ids by name. */
export async function seedBillingDemo(
  database: DatabaseHandle,
  o: BillingDemoOptions,
): Promise<Record<string, string>> {
  const orgId = o.organizationId;
  const provider = new SandboxPaymentsProvider(database);
  const deps: RunDeps = { provider, appUrl: o.appUrl ?? 'http://localhost:3000', concurrency: 4 };
  const admin = await resolveContext(database, o.adminUserId, { organization: orgId });
  const run: TenantRun = (fn) => withTenant(database.db, orgId, fn);
  const cards = new PaymentCards(provider);
  const today = await run((tx) => orgToday(tx, orgId));

  const ids: Record<string, string> = {};
  const contracts: Record<string, string> = {};
  for (const m of BILLING_DEMO_MEMBERS) {
    const contactId = await run(async (tx) => {
      const id = await findOrCreateLead(tx, orgId, { name: m.name, email: m.email });
      // A lead made a moment ago has no rows in other modules: no lifecycle hook has work to do.
      await updateContact(tx, admin, id, { contactTypeId: o.clientTypeId }, []);
      return id;
    });
    ids[m.name] = contactId;
    if (m.card) {
      await cards.add(run, admin, contactId, {
        number: m.card,
        expMonth: 12,
        expYear: year,
        cvc: '123',
        holderName: m.name,
      });
    }
    const { startedDaysAgo, ...body } = m.contract;
    const startDate = addDaysToIsoDate(today, -startedDaysAgo);
    contracts[m.name] = await run(async (tx) => {
      const made = await createContract(tx, admin, contactId, { ...body, startDate });
      // Added on its start day: billing runs from then, as the clock below replays.
      await tx
        .update(contactContracts)
        .set({
          nextBillDay: sql`${contactContracts.startDate}`,
          createdAt: new Date(`${startDate}T12:00:00Z`),
        })
        .where(and(eq(contactContracts.organizationId, orgId), eq(contactContracts.id, made.data._id)));
      return made.data._id;
    });
  }

  // The runner on each day since the oldest start, at this time of day.
  const oldest = Math.max(...BILLING_DEMO_MEMBERS.map((m) => m.contract.startedDaysAgo));
  for (let daysAgo = oldest; daysAgo >= 0; daysAgo--) {
    const scope = { now: new Date(Date.now() - daysAgo * 86_400_000), organizationId: orgId, batchSize: 100 };
    while ((await issueDueInvoices(database.db, scope)).more);
    while ((await chargeDueInvoices(database.db, deps, scope)).more);
  }

  // Today at the desk: part of Riley's first month back (the club closed a week for repairs),
  // Avery away for three weeks, Drew stopping at the end of the week paid, and a personal
  // training pack for Jordan, due in ten days.
  const [first] = await run((tx) =>
    tx
      .select({ id: contactInvoices.id })
      .from(contactInvoices)
      .where(
        and(
          eq(contactInvoices.organizationId, orgId),
          eq(contactInvoices.contactId, ids['Riley Chen']!),
          eq(contactInvoices.status, 'paid'),
        ),
      )
      .orderBy(asc(contactInvoices.periodStart))
      .limit(1),
  );
  if (first) {
    await refundInvoice(deps, run, admin, ids['Riley Chen']!, first.id, {
      amountCents: 3000,
      reason: 'Club closed a week for repairs',
    });
  }
  await run((tx) =>
    contractAction(tx, admin, ids['Avery Quinn']!, contracts['Avery Quinn']!, {
      kind: 'freeze',
      until: addDaysToIsoDate(today, 21),
    }),
  );
  await run((tx) =>
    contractAction(tx, admin, ids['Drew Patel']!, contracts['Drew Patel']!, { kind: 'cancel' }),
  );
  await run((tx) =>
    createInvoice(tx, admin, ids['Jordan Blake']!, {
      description: 'Personal training, 5 sessions',
      amountCents: 37500,
      dueDate: addDaysToIsoDate(today, 10),
    }),
  );
  return ids;
}
