import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit } from '../../contacts/contacts.test-kit.ts';
import { createStripeKit } from '../billing.test-kit.ts';
import type { StripeStandIn } from '../payments/payments.test-kit.ts';

const year = new Date().getUTCFullYear() + 3;
const visa = { number: '4242 4242 4242 4242', expMonth: 4, expYear: year, cvc: '123' };
const mastercard = { number: '5555-5555-5555-4444', expMonth: 5, expYear: year % 100, cvc: '321' };

/** Every text column of the card tables, to show no full number was kept. */
const storedText = (k: Kit) =>
  k.t.database
    .query<{ t: string }>(
      `select concat((select string_agg(c::text, ' ') from payment_cards c),
                     (select string_agg(s::text, ' ') from sandbox_payment_cards s)) as t`,
    )
    .then((r) => r[0]?.t ?? '');

describe(`payment cards of a contact, sandbox provider (${DB_KIND})`, () => {
  let k: Kit;
  let contact: string;
  const url = () => `/api/payment/cards/${contact}`;
  beforeAll(async () => {
    k = await createKit();
    contact = (
      await k.admin.call('POST', '/api/contact/add', { fullName: 'Card Holder', email: 'holder@cards.test' })
    ).body.data._id;
  });
  afterAll(() => k.t.close());

  it('adds cards (the first is the default) and lists them without the number', async () => {
    expect((await k.admin.call('GET', url())).body).toEqual({ list: [] });
    const first = await k.admin.call('POST', url(), { ...visa, holderName: 'Card Holder' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      message: 'Card added',
      data: {
        _id: expect.any(String),
        contactId: contact,
        provider: 'sandbox',
        brand: 'Visa',
        last4: '4242',
        expMonth: 4,
        expYear: year,
        holderName: 'Card Holder',
        isDefault: true,
        createdAt: expect.any(String),
      },
    });
    const second = await k.admin.call('POST', url(), mastercard);
    expect(second.body.data).toMatchObject({
      brand: 'Mastercard',
      last4: '4444',
      expYear: year,
      isDefault: false,
    });
    const list = (await k.admin.call('GET', url())).body.list;
    expect(list.map((c: { last4: string; isDefault: boolean }) => [c.last4, c.isDefault])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    expect(await storedText(k)).not.toMatch(/4242424242424242|5555555555554444|\b123\b/);
    const timeline = await k.admin.call('GET', `/api/contact-activity/${contact}`);
    expect(timeline.body.list[0]).toMatchObject({
      kind: 'payment.card_added',
      title: 'Card added (Mastercard •••• 4444)',
    });
  });

  it('refuses a declined or mistyped card with a clear message and saves nothing', async () => {
    const before = (await k.admin.call('GET', url())).body.list.length;
    const declined = await k.admin.call('POST', url(), { ...visa, number: '4000000000000002' });
    expect(declined.status).toBe(400);
    expect(declined.body.error).toEqual({
      code: 'BAD_REQUEST',
      message: 'Your card was declined.',
      details: [{ field: 'number', message: 'Your card was declined.', code: 'card_declined' }],
    });
    const mistyped = await k.admin.call('POST', url(), { ...visa, number: '4242424242424241' });
    expect(mistyped.body.error.message).toBe('Your card number is incorrect.');
    const noExpiry = await k.admin.call('POST', url(), { number: '4242424242424242' });
    expect(noExpiry.status).toBe(400);
    expect(noExpiry.body.error.message).toBe('expMonth: Expiry month and year are required');
    const both = await k.admin.call('POST', url(), { ...visa, token: 'tok_visa' });
    expect(both.body.error.message).toBe('number: Give the card number or a provider token');
    expect((await k.admin.call('GET', url())).body.list).toHaveLength(before);
  });

  it('updates the expiry, moves the default and removes a card', async () => {
    const [visaCard, mcCard] = (await k.admin.call('GET', url())).body.list;
    const expiry = await k.admin.call('PUT', url(), { cardId: mcCard._id, expMonth: 9, expYear: year + 1 });
    expect(expiry.body).toMatchObject({
      message: 'Card updated',
      data: { expMonth: 9, expYear: year + 1, isDefault: false },
    });
    const def = await k.admin.call('PUT', url(), { cardId: mcCard._id, isDefault: true });
    expect(def.body.data.isDefault).toBe(true);
    expect(
      (await k.admin.call('GET', url())).body.list.map((c: { isDefault: boolean }) => c.isDefault),
    ).toEqual([false, true]);
    expect((await k.admin.call('PUT', url(), { cardId: mcCard._id })).body.error.message).toBe(
      'cardId: Nothing to update',
    );
    const past = await k.admin.call('PUT', url(), { cardId: mcCard._id, expMonth: 1, expYear: 2020 });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe("Your card's expiration year is invalid.");
    // Removing the default card makes the newest remaining one the default.
    const removed = await k.admin.call('DELETE', `${url()}/${mcCard._id}`);
    expect(removed.body).toEqual({ success: true, message: 'Card removed' });
    expect((await k.admin.call('GET', url())).body.list).toMatchObject([
      { _id: visaCard._id, isDefault: true },
    ]);
    expect((await k.admin.call('DELETE', `${url()}/${mcCard._id}`)).status).toBe(404);
    const refreshed = await k.admin.get(url(), { refresh: 'true' });
    expect(refreshed.body.list).toMatchObject([{ _id: visaCard._id, last4: '4242', isDefault: true }]);
  });

  it('a token from the provider’s browser library works as well', async () => {
    const other = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Token Holder' })).body.data
      ._id;
    const res = await k.admin.call('POST', `/api/payment/cards/${other}`, { token: 'tok_mastercard' });
    expect(res.body.data).toMatchObject({ brand: 'Mastercard', last4: '4444', isDefault: true });
  });

  it('permissions and other organisations', async () => {
    expect((await k.client.call('GET', url())).status).toBe(403);
    expect((await k.client.call('POST', url(), visa)).status).toBe(403);
    const own = (await k.admin.call('GET', url())).body.list[0];
    expect((await k.employee.call('DELETE', `${url()}/${own._id}`)).status).toBe(403);
    expect((await k.intruder.call('GET', url())).status).toBe(404);
    expect((await k.intruder.call('POST', url(), visa)).status).toBe(404);
    const card = (await k.admin.call('GET', url())).body.list[0];
    expect((await k.intruder.call('PUT', url(), { cardId: card._id, isDefault: true })).status).toBe(404);
    expect((await k.intruder.call('DELETE', `${url()}/${card._id}`)).status).toBe(404);
    // Another contact's card id under this contact is not found either.
    const elsewhere = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Someone Else' })).body.data
      ._id;
    expect((await k.admin.call('DELETE', `/api/payment/cards/${elsewhere}/${card._id}`)).status).toBe(404);
    expect((await k.admin.call('GET', url())).body.list).toHaveLength(1);
  });

  it('two cards added at once for a new holder share one provider customer and one default', async () => {
    const fresh = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Racing Holder' })).body.data
      ._id;
    const adds = await Promise.all([
      k.admin.call('POST', `/api/payment/cards/${fresh}`, visa),
      k.admin.call('POST', `/api/payment/cards/${fresh}`, mastercard),
    ]);
    expect(adds.map((a) => a.status)).toEqual([200, 200]);
    expect(
      await k.scalar('select count(*)::int as n from payment_customers where contact_id = $1', [fresh]),
    ).toBe(1);
    const cards = (await k.admin.call('GET', `/api/payment/cards/${fresh}`)).body.list;
    expect(cards).toHaveLength(2);
    expect(cards.filter((c: { isDefault: boolean }) => c.isDefault).length).toBeLessThanOrEqual(1);
  });
});

describe(`payment cards through the Stripe-style HTTP provider (${DB_KIND})`, () => {
  let k: Kit;
  let standIn: StripeStandIn;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ k, standIn, close } = await createStripeKit());
  });
  afterAll(() => close());

  it('adds, lists, updates and removes cards at the provider', async () => {
    const contact = (
      await k.admin.call('POST', '/api/contact/add', { fullName: 'Remote Holder', email: 'r@cards.test' })
    ).body.data._id;
    const url = `/api/payment/cards/${contact}`;
    const added = await k.admin.call('POST', url, visa);
    expect(added.body.data).toMatchObject({
      provider: 'stripe',
      brand: 'Visa',
      last4: '4242',
      isDefault: true,
    });
    const [customer] = [...standIn.customers.values()];
    expect(customer).toMatchObject({
      name: 'Remote Holder',
      email: 'r@cards.test',
      metadata: { contact_id: contact },
    });
    expect(customer!.invoice_settings.default_payment_method).toMatch(/^pm_/);
    const declined = await k.admin.call('POST', url, { ...visa, number: '4000000000000002' });
    expect(declined.body.error.message).toBe('Your card was declined.');
    const second = await k.admin.call('POST', url, { ...mastercard, makeDefault: true });
    expect(second.body.data.isDefault).toBe(true);
    const updated = await k.admin.call('PUT', url, {
      cardId: added.body.data._id,
      expMonth: 7,
      expYear: year,
    });
    expect(updated.body.data).toMatchObject({ expMonth: 7, isDefault: false });
    expect((await k.admin.call('DELETE', `${url}/${second.body.data._id}`)).status).toBe(200);
    const list = await k.admin.get(url, { refresh: 'true' });
    expect(list.body.list).toMatchObject([{ last4: '4242', expMonth: 7, isDefault: true }]);
    const sent = standIn.requests.filter((r) => r.path === '/v1/payment_methods' && r.method === 'POST');
    expect(sent.every((r) => r.headers.authorization === `Bearer ${standIn.key}`)).toBe(true);
    expect(await storedText(k)).not.toMatch(/4242424242424242/);
  });

  it('adds a card for a contact whose default card was saved by another provider', async () => {
    const contact = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Switched Holder' })).body
      .data._id as string;
    await k.t.database.query(
      `insert into payment_cards (organization_id, id, contact_id, provider, customer_ref, provider_card_id,
         brand, last4, exp_month, exp_year, holder_name, is_default)
       values ($1, gen_random_uuid(), $2, 'sandbox', 'cus_old', 'card_old', 'Visa', '1111', 1, $3, null, true)`,
      [k.org.id, contact, year],
    );
    const added = await k.admin.call('POST', `/api/payment/cards/${contact}`, visa);
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ provider: 'stripe', last4: '4242', isDefault: true });
    const defaults = await k.scalar(
      'select count(*)::int as n from payment_cards where contact_id = $1 and is_default',
      [contact],
    );
    expect(defaults).toBe(1);
  });
});
