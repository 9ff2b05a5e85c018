import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, openTestDatabase } from '../../../../test/helpers.ts';
import type { DatabaseHandle } from '../../../db/client.ts';
import { seedOrganization } from '../../../seed/factories.ts';
import { assertNotExpired, brandOf, luhnValid } from './card-rules.ts';
import { PaymentError, type PaymentsProvider, PROVIDER_UNAVAILABLE } from './payments.adapter.ts';
import { type StripeStandIn, startStripeStandIn } from './payments.test-kit.ts';
import { SandboxPaymentsProvider } from './sandbox-provider.ts';
import { StripePaymentsProvider } from './stripe-provider.ts';

const year = new Date().getUTCFullYear() + 2;
const visa = { number: '4242 4242 4242 4242', expMonth: 12, expYear: year, cvc: '123', holderName: 'Ada L' };

async function refusal(work: Promise<unknown>): Promise<PaymentError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentError);
  return err as PaymentError;
}

describe('card rules', () => {
  it('checks the check digit, names the brand and refuses a past expiry', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(brandOf('5555555555554444')).toBe('Mastercard');
    expect(brandOf('378282246310005')).toBe('American Express');
    expect(brandOf('6011111111111117')).toBe('Discover');
    expect(() => assertNotExpired(1, 2020)).toThrow("Your card's expiration year is invalid.");
    const now = new Date(Date.UTC(2030, 5, 15));
    expect(() => assertNotExpired(5, 2030, now)).toThrow("Your card's expiration month is invalid.");
    expect(() => assertNotExpired(6, 2030, now)).not.toThrow();
  });
});

/** The same behaviour is asked of every provider. */
function providerContract(
  name: string,
  setup: () => Promise<{ provider: PaymentsProvider; organizationId: string }>,
) {
  describe(`${name} provider`, () => {
    let provider: PaymentsProvider;
    let scope: { organizationId: string };
    beforeAll(async () => {
      const s = await setup();
      provider = s.provider;
      scope = { organizationId: s.organizationId };
    });

    it('keeps cards of a customer with one default, updates and removes them', async () => {
      const customer = {
        contactId: '0190aaaa-0000-7000-8000-000000000001',
        name: 'Ada',
        email: 'ada@x.test',
        idempotencyKey: 'c1',
      };
      const { id: customerId } = await provider.createCustomer(scope, customer);
      expect((await provider.createCustomer(scope, customer)).id).toBe(customerId);
      const first = await provider.addCard(scope, customerId, visa, true);
      expect(first).toMatchObject({
        brand: 'Visa',
        last4: '4242',
        expMonth: 12,
        expYear: year,
        isDefault: true,
        holderName: 'Ada L',
      });
      expect(first.id).not.toContain('4242424242424242');
      const second = await provider.addCard(
        scope,
        customerId,
        { number: '5555555555554444', expMonth: 1, expYear: year },
        false,
      );
      expect(second).toMatchObject({ brand: 'Mastercard', last4: '4444', isDefault: false });
      const token = await provider.addCard(scope, customerId, { token: 'tok_visa' }, false);
      expect(token).toMatchObject({ brand: 'Visa', last4: '4242' });
      expect((await provider.listCards(scope, customerId)).map((c) => [c.last4, c.isDefault])).toEqual([
        ['4242', true],
        ['4444', false],
        ['4242', false],
      ]);
      const moved = await provider.updateCard(scope, customerId, second.id, {
        expMonth: 3,
        expYear: year + 1,
        makeDefault: true,
      });
      expect(moved).toMatchObject({ expMonth: 3, expYear: year + 1, isDefault: true });
      expect(
        (await provider.listCards(scope, customerId)).filter((c) => c.isDefault).map((c) => c.id),
      ).toEqual([second.id]);
      await provider.removeCard(scope, customerId, token.id);
      expect((await provider.listCards(scope, customerId)).map((c) => c.id)).toEqual([first.id, second.id]);
      expect((await refusal(provider.removeCard(scope, customerId, token.id))).kind).toBe('not_found');
    });

    it('refuses declined, mistyped and expired cards with the provider’s message', async () => {
      const { id } = await provider.createCustomer(scope, {
        contactId: '0190aaaa-0000-7000-8000-000000000002',
        name: 'Bob',
        email: null,
        idempotencyKey: 'c2',
      });
      const declined = await refusal(
        provider.addCard(scope, id, { ...visa, number: '4000000000000002' }, true),
      );
      expect(declined).toMatchObject({ kind: 'card', message: 'Your card was declined.' });
      const mistyped = await refusal(
        provider.addCard(scope, id, { ...visa, number: '4242424242424241' }, true),
      );
      expect(mistyped).toMatchObject({
        kind: 'card',
        message: 'Your card number is incorrect.',
        field: 'number',
      });
      expect(await provider.listCards(scope, id)).toEqual([]);
    });
  });
}

describe(`payments providers (${DB_KIND})`, () => {
  let db: DatabaseHandle;
  let organizationId: string;
  let standIn: StripeStandIn;
  beforeAll(async () => {
    db = await openTestDatabase();
    organizationId = (await seedOrganization(db.db, { name: 'Payments' }, [])).id;
    standIn = await startStripeStandIn();
  });
  afterAll(async () => {
    await standIn.close();
    await db.close();
  });

  providerContract('sandbox', async () => ({ provider: new SandboxPaymentsProvider(db), organizationId }));
  providerContract('Stripe-style HTTP', async () => ({
    provider: new StripePaymentsProvider(standIn.url, standIn.key),
    organizationId,
  }));

  it('the sandbox refuses the other test cards and keeps no card number', async () => {
    const sandbox = new SandboxPaymentsProvider(db);
    const scope = { organizationId };
    const { id } = await sandbox.createCustomer(scope, {
      contactId: 'x',
      name: 'C',
      email: null,
      idempotencyKey: 'c3',
    });
    for (const [number, message] of [
      ['4000000000009995', 'Your card has insufficient funds.'],
      ['4000000000000069', 'Your card has expired.'],
      ['4000000000000127', "Your card's security code is incorrect."],
    ]) {
      expect((await refusal(sandbox.addCard(scope, id, { ...visa, number: number! }, false))).message).toBe(
        message,
      );
    }
    expect((await refusal(sandbox.addCard(scope, id, { ...visa, expYear: 2001 }, false))).field).toBe(
      'expYear',
    );
    expect((await refusal(sandbox.addCard(scope, 'cus_nobody', visa, false))).kind).toBe('not_found');
    const dump = await db.query<{ t: string }>(
      `select (select coalesce(string_agg(c::text, ' '), '') from sandbox_payment_cards c) as t`,
    );
    expect(dump[0]!.t).not.toMatch(/4242424242424242|5555555555554444/);
  });

  it('the sandbox charges saved cards as Stripe’s test cards do, once per key', async () => {
    const sandbox = new SandboxPaymentsProvider(db);
    const scope = { organizationId };
    const { id: customerId } = await sandbox.createCustomer(scope, {
      contactId: 'charges',
      name: 'Charged',
      email: null,
      idempotencyKey: 'c-charges',
    });
    const good = await sandbox.addCard(scope, customerId, visa, true);
    const declines = await sandbox.addCard(scope, customerId, { ...visa, number: '4000000000000341' }, false);
    const asks = await sandbox.addCard(scope, customerId, { ...visa, number: '4000002500003155' }, false);
    const charge = (cardId: string, key: string, offSession = true) =>
      sandbox.charge(scope, {
        customerId,
        cardId,
        amountCents: 5000,
        currency: 'usd',
        idempotencyKey: key,
        offSession,
        description: 'Dues',
        metadata: {},
      });
    const paid = await charge(good.id, 'k-1');
    expect(paid).toMatchObject({ status: 'succeeded', failureCode: null });
    expect(await charge(good.id, 'k-1')).toEqual(paid);
    expect(await sandbox.findCharge(scope, customerId, 'k-1')).toEqual(paid);
    expect(await sandbox.findCharge(scope, customerId, 'k-none')).toBeNull();
    expect(await charge(declines.id, 'k-2')).toMatchObject({
      status: 'failed',
      failureCode: 'card_declined',
    });
    expect(await charge(asks.id, 'k-3')).toMatchObject({
      status: 'failed',
      failureCode: 'authentication_required',
    });
    expect(await charge(asks.id, 'k-4', false)).toMatchObject({ status: 'succeeded' });
    const many = await sandbox.chargeMany(
      ['k-1', 'k-5', 'k-5'].map((key) => ({
        organizationId,
        customerId,
        cardId: good.id,
        amountCents: 5000,
        currency: 'usd',
        idempotencyKey: key,
        offSession: true,
        description: 'Dues',
        metadata: {},
      })),
    );
    expect(many[0]).toEqual(paid);
    expect(many[1]?.status).toBe('succeeded');
    const count = await db.query<{ n: number }>(
      `select count(*)::int as n from sandbox_payment_charges where organization_id = $1 and idempotency_key = 'k-5'`,
      [organizationId],
    );
    expect(count[0]!.n).toBe(1);
    const part = await sandbox.refund(scope, {
      chargeId: paid.id!,
      amountCents: 2000,
      idempotencyKey: 'r-1',
    });
    expect(part.status).toBe('succeeded');
    expect(
      await sandbox.refund(scope, { chargeId: paid.id!, amountCents: 2000, idempotencyKey: 'r-1' }),
    ).toEqual(part);
    expect(
      (await refusal(sandbox.refund(scope, { chargeId: paid.id!, amountCents: 3001, idempotencyKey: 'r-2' })))
        .kind,
    ).toBe('invalid');
  });

  it('speaks the documented HTTP API: form-encoded, bearer key, idempotent customers', async () => {
    const calls = standIn.requests;
    const customerCall = calls.find((r) => r.method === 'POST' && r.path === '/v1/customers')!;
    expect(customerCall.headers.authorization).toBe(`Bearer ${standIn.key}`);
    expect(customerCall.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(customerCall.headers['idempotency-key']).toBe(`customer-${organizationId}-c1`);
    expect(customerCall.form).toMatchObject({ name: 'Ada', 'metadata[organization_id]': organizationId });
    const cardCall = calls.find((r) => r.path === '/v1/payment_methods' && r.method === 'POST')!;
    expect(cardCall.form).toMatchObject({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
    });
    expect(standIn.customers.size).toBe(2);
  });

  it('a wrong key or an unreachable provider is "unavailable", never a crash', async () => {
    const wrongKey = new StripePaymentsProvider(standIn.url, 'sk_test_wrong');
    const err = await refusal(wrongKey.listCards({ organizationId }, 'cus_x'));
    expect(err).toMatchObject({ kind: 'unavailable', message: PROVIDER_UNAVAILABLE });
    const down = new StripePaymentsProvider('http://127.0.0.1:9', standIn.key);
    expect((await refusal(down.listCards({ organizationId }, 'cus_x'))).kind).toBe('unavailable');
  });
});
