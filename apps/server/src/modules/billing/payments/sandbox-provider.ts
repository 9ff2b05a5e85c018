import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { DatabaseHandle, Tx } from '../../../db/client.ts';
import { tenantJoin, withTenant } from '../../../db/tenant.ts';
import { assertNotExpired, brandOf, digitsOf, luhnValid } from './card-rules.ts';
import { type ChargeRow, chargeByKey, insertCharge, insertCharges } from './fast/sandbox-charges.ts';
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
import {
  sandboxPaymentCards,
  sandboxPaymentCharges,
  sandboxPaymentCustomers,
  sandboxPaymentRefunds,
} from './sandbox.tables.ts';

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

const toCharge = (r: ChargeRow): ChargeResult => ({
  id: r.id,
  status: r.status,
  failureCode: r.failureCode,
  failureMessage: r.failureMessage,
});

const customerKey = (scope: PaymentScope, id: string) =>
  and(eq(sandboxPaymentCustomers.organizationId, scope.organizationId), eq(sandboxPaymentCustomers.id, id));

const cardKey = (scope: PaymentScope, id: string) =>
  and(eq(sandboxPaymentCards.organizationId, scope.organizationId), eq(sandboxPaymentCards.id, id));

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
      tx
        .insert(sandboxPaymentCustomers)
        .values({ organizationId: scope.organizationId, id, name: c.name, email: c.email })
        .onConflictDoNothing(),
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
      await tx.insert(sandboxPaymentCards).values({
        organizationId: scope.organizationId,
        id,
        customerId,
        brand: brandOf(number),
        last4: number.slice(-4),
        expMonth,
        expYear,
        holderName: input.holderName ?? null,
        chargeOutcome: CHARGE_OUTCOMES[number] ?? 'succeed',
      });
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
        await tx
          .update(sandboxPaymentCards)
          .set({ expMonth: change.expMonth, expYear: change.expYear })
          .where(cardKey(scope, cardId));
      }
      if (change.makeDefault) await this.setDefault(tx, scope, customerId, cardId);
      return (await this.cards(tx, scope, customerId, cardId))[0]!;
    });
  }

  removeCard(scope: PaymentScope, customerId: string, cardId: string) {
    return this.run(scope, async (tx) => {
      const [card] = await this.cards(tx, scope, customerId, cardId);
      if (!card) throw notFound('card');
      await tx
        .update(sandboxPaymentCustomers)
        .set({ defaultCardId: null })
        .where(and(customerKey(scope, customerId), eq(sandboxPaymentCustomers.defaultCardId, cardId)));
      await tx.delete(sandboxPaymentCards).where(cardKey(scope, cardId));
    });
  }

  /**
   * One statement (no tenant transaction: its filters name the organisation) so the runner can
   * charge thousands of cards a minute; a repeated key answers the charge made with it.
   */
  async charge(scope: PaymentScope, req: ChargeRequest): Promise<ChargeResult> {
    if (!(req.amountCents > 0))
      throw new PaymentError('invalid', 'The amount must be more than 0', 'amount_too_small');
    const made = await insertCharge(this.database, scope, req);
    if (made) return toCharge(made);
    const earlier = await this.findCharge(scope, req.customerId, req.idempotencyKey);
    if (!earlier) throw notFound('card');
    return earlier;
  }

  /** The runner's batch in one statement; a charge whose card is gone answers null (sent alone). */
  async chargeMany(requests: readonly (ChargeRequest & PaymentScope)[]): Promise<(ChargeResult | null)[]> {
    if (requests.length === 0) return [];
    const found = await insertCharges(requests, this.database);
    const out: (ChargeResult | null)[] = requests.map(() => null);
    for (const row of found) if (row.id) out[Number(row.ord)] = toCharge(row);
    return out;
  }

  async findCharge(scope: PaymentScope, _customerId: string, idempotencyKey: string) {
    const row = await chargeByKey(this.database, scope.organizationId, idempotencyKey);
    return row ? toCharge(row) : null;
  }

  refund(scope: PaymentScope, req: RefundRequest): Promise<RefundResult> {
    const id = `re_sbx_${randomBytes(12).toString('hex')}`;
    return this.run(scope, async (tx) => {
      const orgId = scope.organizationId;
      // Every column in the table's order: the builder inserts a select's columns as they come.
      const charge = tx
        .select({
          organizationId: sql`${orgId}`.as('organization_id'),
          id: sql`${id}`.as('id'),
          idempotencyKey: sql`${req.idempotencyKey}`.as('idempotency_key'),
          chargeId: sandboxPaymentCharges.id,
          amountCents: sql`${req.amountCents}`.as('amount_cents'),
          createdAt: sql`now()`.as('created_at'),
        })
        .from(sandboxPaymentCharges)
        .where(
          and(eq(sandboxPaymentCharges.organizationId, orgId), eq(sandboxPaymentCharges.id, req.chargeId)),
        );
      const made = await tx
        .insert(sandboxPaymentRefunds)
        .select(charge)
        .onConflictDoNothing({
          target: [sandboxPaymentRefunds.organizationId, sandboxPaymentRefunds.idempotencyKey],
        })
        .returning({ id: sandboxPaymentRefunds.id });
      if (made.length === 0) {
        const [found] = await tx
          .select({ id: sandboxPaymentRefunds.id })
          .from(sandboxPaymentRefunds)
          .where(
            and(
              eq(sandboxPaymentRefunds.organizationId, orgId),
              eq(sandboxPaymentRefunds.idempotencyKey, req.idempotencyKey),
            ),
          );
        if (!found) throw notFound('charge');
        return { id: found.id, status: 'succeeded' as const, failureMessage: null };
      }
      const taken = await tx
        .update(sandboxPaymentCharges)
        .set({ refundedCents: sql`${sandboxPaymentCharges.refundedCents} + ${req.amountCents}` })
        .where(
          and(
            eq(sandboxPaymentCharges.organizationId, orgId),
            eq(sandboxPaymentCharges.id, req.chargeId),
            eq(sandboxPaymentCharges.status, 'succeeded'),
            lte(
              sql`${sandboxPaymentCharges.refundedCents} + ${req.amountCents}`,
              sandboxPaymentCharges.amountCents,
            ),
          ),
        )
        .returning({ id: sandboxPaymentCharges.id });
      if (taken.length === 0) {
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
    const found = await tx
      .select({ id: sandboxPaymentCustomers.id })
      .from(sandboxPaymentCustomers)
      .where(customerKey(scope, customerId));
    if (found.length === 0) throw notFound('customer');
  }

  private async setDefault(tx: Tx, scope: PaymentScope, customerId: string, cardId: string) {
    await tx
      .update(sandboxPaymentCustomers)
      .set({ defaultCardId: cardId })
      .where(customerKey(scope, customerId));
  }

  private async cards(
    tx: Tx,
    scope: PaymentScope,
    customerId: string,
    cardId?: string,
  ): Promise<ProviderCard[]> {
    const k = sandboxPaymentCards;
    const c = sandboxPaymentCustomers;
    const found = await tx
      .select({
        id: k.id,
        brand: k.brand,
        last4: k.last4,
        expMonth: k.expMonth,
        expYear: k.expYear,
        holderName: k.holderName,
        isDefault: sql<boolean | null>`${k.id} = ${c.defaultCardId}`,
      })
      .from(k)
      .innerJoin(c, tenantJoin(c, k, eq(c.id, k.customerId)))
      .where(
        and(
          eq(k.organizationId, scope.organizationId),
          eq(k.customerId, customerId),
          cardId ? eq(k.id, cardId) : undefined,
        ),
      )
      .orderBy(asc(k.createdAt), asc(k.id));
    return found.map((row) => ({ ...row, isDefault: row.isDefault === true }));
  }
}
