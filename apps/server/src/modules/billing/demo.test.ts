import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import type { Kit } from '../contacts/contacts.test-kit.ts';
import { billingKit } from './billing.test-kit.ts';
import { seedBillingDemo } from './demo.ts';

// The demo's billing, seeded on a test organisation and read back as the billing page reads it:
// weeks of invoices issued and charged day by day, a card declining into dunning, a partial
// refund, a freeze, a cancellation at period end and an open invoice.

describe(`billing demo data (${DB_KIND})`, () => {
  let k: Kit;
  let ids: Record<string, string>;
  beforeAll(async () => {
    k = await billingKit();
    const [type] = await k.t.database.query<{ id: string }>(
      `select id from contact_types where organization_id = $1 and type = 'client' order by sort_order limit 1`,
      [k.org.id],
    );
    ids = await seedBillingDemo(k.t.database, {
      organizationId: k.org.id,
      adminUserId: k.admin.session.userId,
      clientTypeId: type!.id,
    });
  }, 120_000);
  afterAll(() => k.t.close());

  it('shows what was collected, what is past due and what is coming', async () => {
    const finance = (await k.admin.get('/api/payment/statistics')).body;
    // Riley 3 x $129 less a $30 refund, Jordan $1,290 + $49 fee, Avery 2 x $129, Drew 3 x $35.
    const collected = 3 * 12900 - 3000 + 129000 + 4900 + 2 * 12900 + 3 * 3500;
    expect(finance).toMatchObject({
      totalCollected: collected,
      ongoing: collected,
      oneTime: 0,
      pastDue: 9900,
      upcoming: 37500,
    });
    expect(finance.thisMonth + finance.lastMonth).toBeLessThanOrEqual(collected);
    const months = finance.months as { collectedCents: number; refundedCents: number }[];
    expect(months.reduce((sum, m) => sum + m.collectedCents - m.refundedCents, 0)).toBe(collected);
    expect(months.filter((m) => m.collectedCents > 0).length).toBeGreaterThanOrEqual(3);

    const invoices = (await k.admin.get('/api/contact-invoice/statistics')).body;
    expect(invoices).toMatchObject({ total: 11, paid: 9, partialPayment: 0, due: 1, sent: 1 });
    expect(invoices.paidPercent + invoices.scheduledPercent + invoices.duePercent).toBe(100);
  });

  it('has a member in dunning, retried on the schedule with the next try ahead', async () => {
    const late = (await k.admin.get('/api/contact-invoice/past-due')).body;
    expect(late.list).toHaveLength(1);
    const [row] = late.list;
    expect(row).toMatchObject({ contactId: ids['Casey Morgan'], amountCents: 9900, failedAttempts: 3 });
    expect(Date.parse(row.nextAttemptAt)).toBeGreaterThan(Date.now());
    const contracts = (await k.admin.get(`/api/contact-contract/${ids['Casey Morgan']}`)).body;
    expect(contracts.billing).toEqual({ plan: 'Basic Monthly', paymentStatus: 'past_due' });
  });

  it('has a frozen contract, one ending at its paid period, saved cards and e-mails to send', async () => {
    const avery = (await k.admin.get(`/api/contact-contract/${ids['Avery Quinn']}`)).body.list[0];
    expect(avery).toMatchObject({ status: 'frozen', freeze: { end: expect.any(String) } });
    const drew = (await k.admin.get(`/api/contact-contract/${ids['Drew Patel']}`)).body.list[0];
    expect(drew.cancelsOn).toEqual(expect.any(String));
    const cards = (await k.admin.get(`/api/payment/cards/${ids['Jordan Blake']}`)).body.list;
    expect(cards).toMatchObject([{ brand: 'Mastercard', last4: '4444', isDefault: true }]);
    const queued = await k.scalar(
      `select count(*)::int as n from billing_emails where organization_id = $1`,
      [k.org.id],
    );
    // A receipt for each of the 9 payments and for the refund, and a notice per failed charge.
    expect(queued).toBe(9 + 1 + 3);
  });
});
