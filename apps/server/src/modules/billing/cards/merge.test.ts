import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit } from '../../contacts/contacts.test-kit.ts';
import { createStripeKit } from '../billing.test-kit.ts';
import type { StripeStandIn } from '../payments/payments.test-kit.ts';

// A merge moves a duplicate's cards onto the kept contact but keeps the kept contact's provider
// customer: each moved card stays attached, at the provider, to the duplicate's customer. Every
// call about a card must go to the customer the card itself was saved under (payment_cards.customer_ref).

const year = new Date().getUTCFullYear() + 3;
const visa = { number: '4242424242424242', expMonth: 4, expYear: year, cvc: '123' };
const mastercard = { number: '5555555555554444', expMonth: 5, expYear: year, cvc: '321' };
const cards = (contactId: string) => `/api/payment/cards/${contactId}`;

interface Merged {
  primary: string;
  dup: string;
  kept: { _id: string };
  moved: { _id: string };
  keptRef: string;
  dupRef: string;
}

/** Two contacts with a card each (each has its own provider customer), the second merged into the first. */
async function mergedPair(k: Kit, name: string): Promise<Merged> {
  const add = async (fullName: string) =>
    (await k.admin.call('POST', '/api/contact/add', { fullName })).body.data._id as string;
  const primary = await add(`${name} Keep`);
  const dup = await add(`${name} Dup`);
  const kept = (await k.admin.call('POST', cards(primary), visa)).body.data;
  const moved = (await k.admin.call('POST', cards(dup), mastercard)).body.data;
  const [keptRef, dupRef] = [await customerOf(k, primary), await customerOf(k, dup)];
  expect(keptRef).not.toBe(dupRef);
  const res = await k.admin.call('POST', '/api/contact/merge', { primaryId: primary, duplicateIds: [dup] });
  expect(res.status).toBe(200);
  return { primary, dup, kept, moved, keptRef: keptRef!, dupRef: dupRef! };
}

const customerOf = async (k: Kit, contactId: string) =>
  (
    await k.t.database.query<{ customer_ref: string }>(
      'select customer_ref from payment_customers where contact_id = $1',
      [contactId],
    )
  )[0]?.customer_ref;

const cardRow = async (k: Kit, id: string) =>
  (
    await k.t.database.query<{ contact_id: string; customer_ref: string; provider_card_id: string }>(
      'select contact_id, customer_ref, provider_card_id from payment_cards where id = $1',
      [id],
    )
  )[0];

describe(`a card moved by a merge stays usable, sandbox provider (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  /** The sandbox's own record: which customer the provider holds the card under. */
  const sandboxOwner = async (cardId: string) =>
    (
      await k.t.database.query<{ customer_id: string }>(
        `select s.customer_id from payment_cards c join sandbox_payment_cards s
           on s.organization_id = c.organization_id and s.id = c.provider_card_id where c.id = $1`,
        [cardId],
      )
    )[0]?.customer_id;

  it('keeps the kept contact’s customer and each card’s own customer ref, as the provider holds it', async () => {
    const m = await mergedPair(k, 'Refs');
    expect(await customerOf(k, m.primary)).toBe(m.keptRef);
    expect(await customerOf(k, m.dup)).toBeUndefined();
    expect(await cardRow(k, m.kept._id)).toMatchObject({ contact_id: m.primary, customer_ref: m.keptRef });
    expect(await cardRow(k, m.moved._id)).toMatchObject({ contact_id: m.primary, customer_ref: m.dupRef });
    expect(await sandboxOwner(m.kept._id)).toBe(m.keptRef);
    expect(await sandboxOwner(m.moved._id)).toBe(m.dupRef);
  });

  it('updates, makes default, refreshes and removes the moved card at the duplicate’s customer', async () => {
    const m = await mergedPair(k, 'Use');
    const url = cards(m.primary);
    const expiry = await k.admin.call('PUT', url, { cardId: m.moved._id, expMonth: 9, expYear: year + 1 });
    expect(expiry.status).toBe(200);
    expect(expiry.body.data).toMatchObject({ _id: m.moved._id, expMonth: 9, isDefault: false });
    const def = await k.admin.call('PUT', url, { cardId: m.moved._id, isDefault: true });
    expect(def.body.data).toMatchObject({ _id: m.moved._id, isDefault: true });
    const { provider_card_id: movedToken } = (await cardRow(k, m.moved._id))!;
    const [owner] = await k.t.database.query<{ default_card_id: string }>(
      'select default_card_id from sandbox_payment_customers where id = $1',
      [m.dupRef],
    );
    expect(owner?.default_card_id).toBe(movedToken);

    // A refresh asks the provider about every customer the contact's cards are held under: the
    // moved card stays, and stays the default.
    const refreshed = await k.admin.get(url, { refresh: 'true' });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.list.map((c: { _id: string; isDefault: boolean }) => [c._id, c.isDefault])).toEqual(
      [
        [m.kept._id, false],
        [m.moved._id, true],
      ],
    );
    expect((await cardRow(k, m.moved._id))?.customer_ref).toBe(m.dupRef);

    // Removing the moved (default) card detaches it from the duplicate's customer; the kept card
    // takes over as the default at its own customer.
    expect((await k.admin.call('DELETE', `${url}/${m.moved._id}`)).status).toBe(200);
    expect(await sandboxOwner(m.moved._id)).toBeUndefined();
    expect(
      await k.scalar('select count(*)::int as n from sandbox_payment_cards where id = $1', [movedToken]),
    ).toBe(0);
    expect((await k.admin.call('GET', url)).body.list).toMatchObject([{ _id: m.kept._id, isDefault: true }]);
  });

  it('a card added after the merge is saved under the kept contact’s own customer', async () => {
    const m = await mergedPair(k, 'Later');
    const added = await k.admin.call('POST', cards(m.primary), { token: 'tok_amex' });
    expect(added.body.data).toMatchObject({ last4: '0005', isDefault: false });
    expect(await cardRow(k, added.body.data._id)).toMatchObject({ customer_ref: m.keptRef });
    expect(await sandboxOwner(added.body.data._id)).toBe(m.keptRef);
  });

  it('other organisations and roles still cannot reach the moved card', async () => {
    const m = await mergedPair(k, 'Guard');
    const url = cards(m.primary);
    expect((await k.client.call('PUT', url, { cardId: m.moved._id, isDefault: true })).status).toBe(403);
    expect((await k.employee.call('DELETE', `${url}/${m.moved._id}`)).status).toBe(403);
    expect((await k.intruder.call('GET', url)).status).toBe(404);
    expect((await k.intruder.get(url, { refresh: 'true' })).status).toBe(404);
    expect((await k.intruder.call('PUT', url, { cardId: m.moved._id, isDefault: true })).status).toBe(404);
    expect((await k.intruder.call('DELETE', `${url}/${m.moved._id}`)).status).toBe(404);
    // Under the (now deleted) duplicate the card is gone too.
    expect((await k.admin.call('DELETE', `${cards(m.dup)}/${m.moved._id}`)).status).toBe(404);
    expect(await cardRow(k, m.moved._id)).toMatchObject({ contact_id: m.primary, customer_ref: m.dupRef });
    expect((await k.admin.call('GET', url)).body.list).toHaveLength(2);
  });
});

describe(`a card moved by a merge stays usable, Stripe-style HTTP provider (${DB_KIND})`, () => {
  let k: Kit;
  let standIn: StripeStandIn;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ k, standIn, close } = await createStripeKit());
  });
  afterAll(() => close());

  it('updates, makes default, refreshes and removes the moved card at its own customer', async () => {
    const m = await mergedPair(k, 'Remote');
    const url = cards(m.primary);
    const { provider_card_id: pm } = (await cardRow(k, m.moved._id))!;
    const expiry = await k.admin.call('PUT', url, { cardId: m.moved._id, expMonth: 8, expYear: year });
    expect(expiry.body.data).toMatchObject({ expMonth: 8 });
    expect((await k.admin.call('PUT', url, { cardId: m.moved._id, isDefault: true })).status).toBe(200);
    expect(standIn.customers.get(m.dupRef)?.invoice_settings.default_payment_method).toBe(pm);
    expect(standIn.customers.get(m.keptRef)?.invoice_settings.default_payment_method).not.toBe(pm);
    const refreshed = await k.admin.get(url, { refresh: 'true' });
    expect(refreshed.body.list).toMatchObject([
      { _id: m.kept._id, isDefault: false },
      { _id: m.moved._id, expMonth: 8, isDefault: true },
    ]);
    expect((await k.admin.call('DELETE', `${url}/${m.moved._id}`)).status).toBe(200);
    const detached = standIn.requests.filter((r) => r.path === `/v1/payment_methods/${pm}/detach`);
    expect(detached).toHaveLength(1);
    expect((await k.admin.get(url, { refresh: 'true' })).body.list).toMatchObject([
      { _id: m.kept._id, isDefault: true },
    ]);
  });
});
