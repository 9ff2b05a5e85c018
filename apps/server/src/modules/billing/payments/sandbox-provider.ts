import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Tx } from '../../../db/client.ts';
import { withTenant } from '../../../db/tenant.ts';
import { assertNotExpired, brandOf, digitsOf, luhnValid } from './card-rules.ts';
import {
  type CardInput,
  PaymentError,
  type PaymentScope,
  type PaymentsProvider,
  type ProviderCard,
} from './payments.adapter.ts';

/*
 * The built-in sandbox card provider: works offline and keeps its records in its own tables, so
 * saved cards survive restarts. It behaves like a provider in test mode:
 *   4242 4242 4242 4242 (and any other number with a valid check digit) is accepted;
 *   4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds,
 *   4000 0000 0000 0069 is expired, 4000 0000 0000 0127 has a wrong security code,
 *   4000 0000 0000 0119 fails with a processing error.
 * Tokens tok_visa, tok_mastercard, tok_amex and tok_chargeDeclined stand for those cards.
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
        (organization_id, id, customer_id, brand, last4, exp_month, exp_year, holder_name)
        values (${scope.organizationId}, ${id}, ${customerId}, ${brandOf(number)}, ${number.slice(-4)},
                ${expMonth}, ${expYear}, ${input.holderName ?? null})`);
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
