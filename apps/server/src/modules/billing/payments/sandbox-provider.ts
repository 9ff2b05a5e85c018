import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Tx } from '../../../db/client.ts';
import { withTenant } from '../../../db/tenant.ts';
import { assertNotExpired, brandOf, digitsOf, luhnValid } from './card-rules.ts';
import {
  type CardInput,
  type ChargeRequest,
  type ChargeResult,
  PaymentError,
  type PaymentScope,
  type PaymentsProvider,
  type ProviderCard,
  type RefundRequest,
  type RefundResult,
} from './payments.adapter.ts';

/*
 * The built-in sandbox card provider: works offline and keeps its records in its own tables, so
 * saved cards and charges survive restarts. It behaves like Stripe in test mode, with Stripe's
 * own test numbers:
 *   4242 4242 4242 4242 (and any other number with a valid check digit) is accepted and charged;
 *   4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds,
 *   4000 0000 0000 0069 is expired, 4000 0000 0000 0127 has a wrong security code,
 *   4000 0000 0000 0119 fails with a processing error: refused when saved, as the bank's check
 *   of a card being attached refuses them;
 *   4000 0000 0000 0341 is saved, and every charge on it is declined (card_declined);
 *   4000 0025 0000 3155 is saved, and asks for authentication when charged without the member
 *   present (authentication_required); the member paying it themselves succeeds.
 * Tokens tok_visa, tok_mastercard, tok_amex, tok_chargeDeclined and tok_chargeCustomerFail stand
 * for those cards. Charges are kept per idempotency key for as long as the records live.
 */

const REFUSALS: Record<string, [code: string, message: string, field: string]> = {
  '4000000000000002': ['card_declined', 'Your card was declined.', 'number'],
  '4000000000009995': ['insufficient_funds', 'Your card has insufficient funds.', 'number'],
  '4000000000000069': ['expired_card', 'Your card has expired.', 'expYear'],
  '4000000000000127': ['incorrect_cvc', "Your card's security code is incorrect.", 'cvc'],
  '4000000000000119': [
    'processing_error',
    'An error occurred while processing your card. Try again in a little bit.',
    'number',
  ],
};

const TOKENS: Record<string, string> = {
  tok_visa: '4242424242424242',
  tok_mastercard: '5555555555554444',
  tok_amex: '378282246310005',
  tok_chargeDeclined: '4000000000000002',
  tok_chargeCustomerFail: '4000000000000341',
};

/** Saved cards whose charges do not simply succeed. */
const CHARGE_OUTCOMES: Record<string, 'decline' | 'authenticate'> = {
  '4000000000000341': 'decline',
  '4000002500003155': 'authenticate',
};

interface CardRow {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string | null;
  is_default: boolean;
}

const toCard = (r: CardRow): ProviderCard => ({
  id: r.id,
  brand: r.brand,
  last4: r.last4,
  expMonth: Number(r.exp_month),
  expYear: Number(r.exp_year),
  holderName: r.holder_name,
  isDefault: r.is_default,
});

interface ChargeRow {
  id: string;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
}

const toCharge = (r: ChargeRow): ChargeResult => ({
  id: r.id,
  status: r.status,
  failureCode: r.failure_code,
  failureMessage: r.failure_message,
});

const notFound = (what: string) => new PaymentError('not_found', `No such ${what}`, 'resource_missing');

export class SandboxPaymentsProvider implements PaymentsProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly database: DatabaseHandle) {}

  private run<T>(scope: PaymentScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return withTenant(this.database.db, scope.organizationId, fn);
  }

  async createCustomer(scope: PaymentScope, c: Parameters<PaymentsProvider['createCustomer']>[1]) {
    const key = createHash('sha256').update(`${scope.organizationId}:${c.idempotencyKey}`).digest('hex');
    const id = `cus_sbx_${key.slice(0, 24)}`;
    await this.run(scope, (tx) =>
      tx.execute(sql`insert into sandbox_payment_customers (organization_id, id, name, email)
        values (${scope.organizationId}, ${id}, ${c.name}, ${c.email}) on conflict do nothing`),
    );
    return { id };
  }

  async addCard(scope: PaymentScope, customerId: string, input: CardInput, makeDefault: boolean) {
    let number: string;
    let expMonth: number;
    let expYear: number;
    if ('token' in input) {
      const known = TOKENS[input.token];
      if (!known)
        throw new PaymentError('invalid', `No such token: '${input.token}'`, 'resource_missing', 'token');
      number = known;
      expMonth = 12;
      expYear = new Date().getUTCFullYear() + 3;
    } else {
      number = digitsOf(input.number);
      expMonth = input.expMonth;
      expYear = input.expYear;
      if (!luhnValid(number)) {
        throw new PaymentError('card', 'Your card number is incorrect.', 'incorrect_number', 'number');
      }
      assertNotExpired(expMonth, expYear);
    }
    const refusal = REFUSALS[number];
    if (refusal) throw new PaymentError('card', refusal[1], refusal[0], refusal[2]);
    const id = `card_sbx_${randomBytes(12).toString('hex')}`;
    return this.run(scope, async (tx) => {
      await this.customer(tx, scope, customerId);
      await tx.execute(sql`insert into sandbox_payment_cards
        (organization_id, id, customer_id, brand, last4, exp_month, exp_year, holder_name, charge_outcome)
        values (${scope.organizationId}, ${id}, ${customerId}, ${brandOf(number)}, ${number.slice(-4)},
                ${expMonth}, ${expYear}, ${input.holderName ?? null}, ${CHARGE_OUTCOMES[number] ?? 'succeed'})`);
      if (makeDefault) await this.setDefault(tx, scope, customerId, id);
      return (await this.cards(tx, scope, customerId, id))[0]!;
    });
  }

  listCards(scope: PaymentScope, customerId: string) {
    return this.run(scope, async (tx) => {
      await this.customer(tx, scope, customerId);
      return this.cards(tx, scope, customerId);
    });
  }

  updateCard(
    scope: PaymentScope,
    customerId: string,
    cardId: string,
    change: { expMonth?: number; expYear?: number; makeDefault?: boolean },
  ) {
    return this.run(scope, async (tx) => {
      const [card] = await this.cards(tx, scope, customerId, cardId);
      if (!card) throw notFound('card');
      if (change.expMonth !== undefined && change.expYear !== undefined) {
        assertNotExpired(change.expMonth, change.expYear);
        await tx.execute(sql`update sandbox_payment_cards set exp_month = ${change.expMonth}, exp_year = ${change.expYear}
          where organization_id = ${scope.organizationId} and id = ${cardId}`);
      }
      if (change.makeDefault) await this.setDefault(tx, scope, customerId, cardId);
      return (await this.cards(tx, scope, customerId, cardId))[0]!;
    });
  }

  removeCard(scope: PaymentScope, customerId: string, cardId: string) {
    return this.run(scope, async (tx) => {
      const [card] = await this.cards(tx, scope, customerId, cardId);
      if (!card) throw notFound('card');
      await tx.execute(sql`update sandbox_payment_customers set default_card_id = null
        where organization_id = ${scope.organizationId} and id = ${customerId} and default_card_id = ${cardId}`);
      await tx.execute(sql`delete from sandbox_payment_cards
        where organization_id = ${scope.organizationId} and id = ${cardId}`);
    });
  }

  /**
   * One statement (no tenant transaction: its filters name the organisation) so the runner can
   * charge thousands of cards a minute; a repeated key answers the charge made with it.
   */
  async charge(scope: PaymentScope, req: ChargeRequest): Promise<ChargeResult> {
    if (!(req.amountCents > 0))
      throw new PaymentError('invalid', 'The amount must be more than 0', 'amount_too_small');
    const [made] = await this.database.query<ChargeRow>(
      `with card as (
         select k.charge_outcome as outcome from sandbox_payment_cards k
         where k.organization_id = $1 and k.id = $5 and k.customer_id = $4)
       insert into sandbox_payment_charges as x (organization_id, id, idempotency_key, customer_id, card_id,
         amount_cents, currency, status, failure_code, failure_message)
       select $1, $2, $3, $4, $5, $6, $7,
         case when outcome = 'succeed' or (outcome = 'authenticate' and not $8) then 'succeeded' else 'failed' end,
         case when outcome = 'decline' then 'card_declined'
              when outcome = 'authenticate' and $8 then 'authentication_required' end,
         case when outcome = 'decline' then 'Your card was declined.'
              when outcome = 'authenticate' and $8 then 'This card needs the cardholder to authenticate the payment.' end
       from card
       on conflict (organization_id, idempotency_key) do nothing
       returning x.id, x.status, x.failure_code, x.failure_message`,
      [
        scope.organizationId,
        `ch_sbx_${randomBytes(12).toString('hex')}`,
        req.idempotencyKey,
        req.customerId,
        req.cardId,
        req.amountCents,
        req.currency,
        req.offSession,
      ],
    );
    if (made) return toCharge(made);
    const earlier = await this.findCharge(scope, req.customerId, req.idempotencyKey);
    if (!earlier) throw notFound('card');
    return earlier;
  }

  /** The runner's batch in one statement; a charge whose card is gone answers null (sent alone). */
  async chargeMany(requests: readonly (ChargeRequest & PaymentScope)[]): Promise<(ChargeResult | null)[]> {
    if (requests.length === 0) return [];
    const json = JSON.stringify(
      requests.map((r, ord) => ({
        ord,
        o: r.organizationId,
        id: `ch_sbx_${randomBytes(12).toString('hex')}`,
        key: r.idempotencyKey,
        customer: r.customerId,
        card: r.cardId,
        amount: r.amountCents,
        currency: r.currency,
        off: r.offSession,
      })),
    );
    const found = await this.database.query<ChargeRow & { ord: number }>(
      `with x as (
         select * from jsonb_to_recordset($1::jsonb) as x(ord int, o uuid, id text, key text, customer text,
           card text, amount int, currency text, off boolean)),
       ins as (
         insert into sandbox_payment_charges as c (organization_id, id, idempotency_key, customer_id, card_id,
           amount_cents, currency, status, failure_code, failure_message)
         select x.o, x.id, x.key, x.customer, x.card, x.amount, x.currency,
           case when k.charge_outcome = 'succeed' or (k.charge_outcome = 'authenticate' and not x.off)
             then 'succeeded' else 'failed' end,
           case when k.charge_outcome = 'decline' then 'card_declined'
                when k.charge_outcome = 'authenticate' and x.off then 'authentication_required' end,
           case when k.charge_outcome = 'decline' then 'Your card was declined.'
                when k.charge_outcome = 'authenticate' and x.off
                  then 'This card needs the cardholder to authenticate the payment.' end
         from x join sandbox_payment_cards k on k.organization_id = x.o and k.id = x.card and k.customer_id = x.customer
         where x.amount > 0
         on conflict (organization_id, idempotency_key) do nothing
         returning c.organization_id, c.idempotency_key, c.id, c.status, c.failure_code, c.failure_message)
       select x.ord, coalesce(ins.id, c.id) as id, coalesce(ins.status, c.status) as status,
         coalesce(ins.failure_code, c.failure_code) as failure_code,
         coalesce(ins.failure_message, c.failure_message) as failure_message
       from x
       left join ins on ins.organization_id = x.o and ins.idempotency_key = x.key
       -- A lookup by key for each repeated charge: joined plainly, the planner (which cannot count
       -- the rows of x or ins) read the whole key index once a batch, a second at 100,000 charges.
       left join lateral (select c.id, c.status, c.failure_code, c.failure_message from sandbox_payment_charges c
         where ins.id is null and c.organization_id = x.o and c.idempotency_key = x.key offset 0) c on true`,
      [json],
    );
    const out: (ChargeResult | null)[] = requests.map(() => null);
    for (const row of found) if (row.id) out[Number(row.ord)] = toCharge(row);
    return out;
  }

  async findCharge(scope: PaymentScope, _customerId: string, idempotencyKey: string) {
    const [row] = await this.database.query<ChargeRow>(
      `select id, status, failure_code, failure_message from sandbox_payment_charges
       where organization_id = $1 and idempotency_key = $2`,
      [scope.organizationId, idempotencyKey],
    );
    return row ? toCharge(row) : null;
  }

  refund(scope: PaymentScope, req: RefundRequest): Promise<RefundResult> {
    const id = `re_sbx_${randomBytes(12).toString('hex')}`;
    return this.run(scope, async (tx) => {
      const made = await tx.execute(sql`insert into sandbox_payment_refunds
          (organization_id, id, idempotency_key, charge_id, amount_cents)
        select ${scope.organizationId}, ${id}, ${req.idempotencyKey}, c.id, ${req.amountCents}
        from sandbox_payment_charges c where c.organization_id = ${scope.organizationId} and c.id = ${req.chargeId}
        on conflict (organization_id, idempotency_key) do nothing returning id`);
      if (made.rows.length === 0) {
        const earlier = await tx.execute(sql`select id from sandbox_payment_refunds
          where organization_id = ${scope.organizationId} and idempotency_key = ${req.idempotencyKey}`);
        const found = earlier.rows[0] as { id: string } | undefined;
        if (!found) throw notFound('charge');
        return { id: found.id, status: 'succeeded' as const, failureMessage: null };
      }
      const taken = await tx.execute(sql`update sandbox_payment_charges
        set refunded_cents = refunded_cents + ${req.amountCents}
        where organization_id = ${scope.organizationId} and id = ${req.chargeId} and status = 'succeeded'
          and refunded_cents + ${req.amountCents} <= amount_cents
        returning id`);
      if (taken.rows.length === 0) {
        throw new PaymentError(
          'invalid',
          'The refund is more than what is left of the charge',
          'amount_too_large',
        );
      }
      return { id, status: 'succeeded' as const, failureMessage: null };
    });
  }

  private async customer(tx: Tx, scope: PaymentScope, customerId: string): Promise<void> {
    const r = await tx.execute(sql`select 1 from sandbox_payment_customers
      where organization_id = ${scope.organizationId} and id = ${customerId}`);
    if (r.rows.length === 0) throw notFound('customer');
  }

  private async setDefault(tx: Tx, scope: PaymentScope, customerId: string, cardId: string) {
    await tx.execute(sql`update sandbox_payment_customers set default_card_id = ${cardId}
      where organization_id = ${scope.organizationId} and id = ${customerId}`);
  }

  private async cards(
    tx: Tx,
    scope: PaymentScope,
    customerId: string,
    cardId?: string,
  ): Promise<ProviderCard[]> {
    const r = await tx.execute(sql`
      select k.id, k.brand, k.last4, k.exp_month, k.exp_year, k.holder_name, (k.id = c.default_card_id) as is_default
      from sandbox_payment_cards k
      join sandbox_payment_customers c on c.organization_id = k.organization_id and c.id = k.customer_id
      where k.organization_id = ${scope.organizationId} and k.customer_id = ${customerId}
        ${cardId ? sql`and k.id = ${cardId}` : sql``}
      order by k.created_at, k.id`);
    return (r.rows as unknown as CardRow[]).map((row) =>
      toCard({ ...row, is_default: row.is_default === true }),
    );
  }
}
