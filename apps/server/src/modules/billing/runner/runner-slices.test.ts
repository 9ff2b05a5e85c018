import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import type { Kit } from '../../contacts/contacts.test-kit.ts';
import { billingKit, cards, dayFrom, memberWithCard } from '../billing.test-kit.ts';
import { billingServices } from '../billing-services.ts';
import { SLICE } from './run-scope.ts';

// A run bigger than one slice (the runner works a batch 100 rows at a time, giving the event loop
// to requests in between): every contract due is issued once, charged once, numbered without a
// gap, with one receipt and one timeline entry each.

describe(`billing runner, a batch of several slices (${DB_KIND})`, () => {
  let k: Kit;
  const members = SLICE + 10;

  beforeAll(async () => {
    k = await billingKit();
  });
  afterAll(() => k.t.close());

  it('issues, charges and tells every member of a batch once', async () => {
    const ids: string[] = [];
    for (let n = 0; n < members; n++) {
      const { contactId } = await memberWithCard(k, `Slice Member ${n}`, cards.visa);
      const made = await k.admin.call('POST', `/api/contact-contract/${contactId}`, {
        title: 'Club',
        amountCents: 4900,
        billingInterval: 'monthly',
        startDate: dayFrom(1),
      });
      expect(made.status).toBe(200);
      ids.push(contactId);
    }
    // Billed tomorrow (adding a contract bills what it owes today at once).
    const tomorrow = new Date(`${dayFrom(1)}T12:00:00Z`);
    const counts = await billingServices(k.t.app).runner.run({ now: tomorrow, organizationId: k.org.id });
    expect(counts).toMatchObject({ issued: members, charged: members, succeeded: members, failed: 0 });
    const invoices = await k.t.database.query<{ contact_id: string; number: number; status: string }>(
      'select contact_id, number, status from contact_invoices where organization_id = $1 order by number',
      [k.org.id],
    );
    expect(invoices).toHaveLength(members);
    expect(new Set(invoices.map((i) => i.contact_id))).toEqual(new Set(ids));
    expect(invoices.every((i) => i.status === 'paid')).toBe(true);
    const numbers = invoices.map((i) => Number(i.number));
    expect(numbers.at(-1)! - numbers[0]!).toBe(members - 1);
    const told = await k.t.database.query<{ kind: string; n: number; contacts: number }>(
      `select 'mail:' || kind as kind, count(*)::int as n, count(distinct contact_id)::int as contacts
         from billing_emails where organization_id = $1 group by kind
       union all
       select 'activity:' || kind, count(*)::int, count(distinct contact_id)::int
         from contact_activities where organization_id = $1 and kind like 'invoice.%' group by kind
       order by kind`,
      [k.org.id],
    );
    expect(told).toEqual([
      { kind: 'activity:invoice.paid', n: members, contacts: members },
      { kind: 'mail:receipt', n: members, contacts: members },
    ]);
  }, 120_000);
});
