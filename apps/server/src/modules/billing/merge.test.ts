import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import {
  addContact,
  countsAgree,
  createKit,
  type Kit,
  mergeContacts,
} from '../contacts/contacts.test-kit.ts';

// Billing's part of a contact merge (merge.ts): cards, provider customers, contracts and invoices
// move onto the kept contact, and its plan and payment status follow.

const cardYear = new Date().getUTCFullYear() + 3;
const card = (number: string) => ({ number, expMonth: 4, expYear: cardYear, cvc: '123' });

describe(`merging contacts with cards, contracts and invoices (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  const add = (body: Record<string, unknown>) => addContact(k, body);
  const merge = (primaryId: string, duplicateIds: string[]) => mergeContacts(k, primaryId, duplicateIds);
  const rows = <T>(text: string, params?: unknown[]) => k.t.database.query<T>(text, params);

  it('keeps the kept contact’s default card and provider customer and moves the other cards', async () => {
    const primary = await add({ fullName: 'Card Keep' });
    const dup = await add({ fullName: 'Card Dup' });
    const cards = (id: string) => `/api/payment/cards/${id}`;
    const kept = await k.admin.call('POST', cards(primary), card('4242424242424242'));
    const other = await k.admin.call('POST', cards(dup), card('5555555555554444'));
    expect([kept.body.data.isDefault, other.body.data.isDefault]).toEqual([true, true]);
    const [customer] = await rows<{ customer_ref: string }>(
      'select customer_ref from payment_customers where contact_id = $1',
      [primary],
    );
    const [dupCustomer] = await rows<{ customer_ref: string }>(
      'select customer_ref from payment_customers where contact_id = $1',
      [dup],
    );

    const res = await merge(primary, [dup]);
    expect(res.status).toBe(200);
    const list = (await k.admin.call('GET', cards(primary))).body.list;
    expect(list.map((c: { _id: string; isDefault: boolean }) => [c._id, c.isDefault])).toEqual([
      [kept.body.data._id, true],
      [other.body.data._id, false],
    ]);
    expect(
      await rows('select contact_id, customer_ref from payment_customers where contact_id = any($1)', [
        [primary, dup],
      ]),
    ).toEqual([{ contact_id: primary, customer_ref: customer!.customer_ref }]);
    // The moved card stays attached to the duplicate's provider customer (billing/cards/merge.test.ts).
    expect(
      await rows('select id, customer_ref from payment_cards where contact_id = $1 order by created_at', [
        primary,
      ]),
    ).toEqual([
      { id: kept.body.data._id, customer_ref: customer!.customer_ref },
      { id: other.body.data._id, customer_ref: dupCustomer!.customer_ref },
    ]);
  });

  it('a duplicate’s default card and customer move over when the kept contact has none', async () => {
    const primary = await add({ fullName: 'No Card Keep' });
    const dup = await add({ fullName: 'No Card Dup' });
    const made = await k.admin.call('POST', `/api/payment/cards/${dup}`, card('4242424242424242'));
    expect((await merge(primary, [dup])).status).toBe(200);
    const list = (await k.admin.call('GET', `/api/payment/cards/${primary}`)).body.list;
    expect(list).toMatchObject([{ _id: made.body.data._id, contactId: primary, isDefault: true }]);
    expect(
      await k.scalar('select count(*)::int as n from payment_customers where contact_id = $1', [primary]),
    ).toBe(1);
  });

  it('the kept contact takes the duplicate’s contract and past-due invoice, and its plan and status follow', async () => {
    const primary = await add({ fullName: 'Billing Keep' });
    const dup = await add({ fullName: 'Billing Dup' });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await k.admin.call('POST', `/api/contact-contract/${dup}`, {
      title: 'Gold',
      startDate: day(-40),
      amountCents: 9900,
      billingInterval: 'monthly',
    });
    await k.admin.call('POST', `/api/contact-invoice/${dup}`, {
      description: 'Last month',
      amountCents: 9900,
      dueDate: day(-5),
    });
    expect((await merge(primary, [dup])).status).toBe(200);
    const kept = (await k.admin.call('GET', `/api/contact/getById/${primary}`)).body;
    expect(kept).toMatchObject({ plan: 'Gold', paymentStatus: 'past_due' });
    const { kept: counts, counted } = await countsAgree(k, k.org.id);
    expect(counts).toEqual(counted);
  });
});
