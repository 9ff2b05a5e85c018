import type { AddCardBody, PaymentCardAnswer, UpdateCardBody } from '@opsuite/shared';
import { and, eq, inArray, not, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { recordActivity } from '../../contacts/index.ts';
import { contactContracts } from '../billing.tables.ts';
import { PaymentError, type PaymentsProvider, type ProviderCard } from '../payments/index.ts';
import {
  CARD,
  cardsOf,
  cardsOfProvider,
  customerRefsOf,
  type Holder,
  holderOf,
  lockHolder,
  refreshedCards,
  toAnswer,
} from './cards.rows.ts';
import { paymentCards, paymentCustomers } from './cards.tables.ts';

// A contact's payment cards through the payments adapter. Provider calls are
// made between short tenant transactions, never inside one, so a slow provider holds no
// database connection; the saved copy (brand, last four, expiry, the provider's token) answers
// the list without calling the provider. A card is attached at the provider to the customer it
// was saved under (customer_ref), which after a merge need not be the contact's own customer:
// every provider call about a card goes to the card's customer_ref.

/** Runs one tenant transaction for the request (req.tenant). */
export type TenantRun = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** Provider refusals as the API's errors: a refused card is a 400 naming the field. */
async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof PaymentError)) throw err;
    if (err.kind === 'not_found') throw notFound('Card');
    if (err.kind === 'unavailable') throw new AppError('INTERNAL', err.message);
    const field = err.field ?? 'number';
    throw new AppError('BAD_REQUEST', err.message, [{ field, message: err.message, code: err.code }]);
  }
}

export class PaymentCards {
  constructor(private readonly provider: PaymentsProvider) {}

  private scope(ctx: RequestContext) {
    return { organizationId: ctx.organizationId };
  }

  async list(run: TenantRun, ctx: RequestContext, contactId: string, refresh: boolean) {
    const holder = await run((tx) => holderOf(tx, ctx.organizationId, contactId, this.provider.name));
    const refs = customerRefsOf(holder);
    if (!refresh || refs.length === 0) return { list: holder.cards.map(toAnswer) };
    const scope = this.scope(ctx);
    const fresh = await Promise.all(
      refs.map(async (ref) => ({ ref, cards: await viaProvider(() => this.provider.listCards(scope, ref)) })),
    );
    const held = refreshedCards(holder, fresh);
    return run(async (tx) => {
      await lockHolder(tx, ctx.organizationId, contactId);
      const theirs = cardsOfProvider(ctx.organizationId, contactId, this.provider.name);
      // The copies of cards the provider no longer lists under their customer go.
      const kept = or(
        ...held.map((h) =>
          and(eq(paymentCards.customerRef, h.ref), eq(paymentCards.providerCardId, h.card.id)),
        ),
      );
      await tx.delete(paymentCards).where(and(theirs, kept ? not(kept) : undefined));
      await tx.update(paymentCards).set({ isDefault: false }).where(theirs);
      for (const { ref, card } of held) await this.save(tx, ctx, contactId, ref, card);
      return {
        list: (await cardsOf(tx, ctx.organizationId, contactId, this.provider.name)).map(toAnswer),
      };
    });
  }

  async add(
    run: TenantRun,
    ctx: RequestContext,
    contactId: string,
    body: AddCardBody,
  ): Promise<PaymentCardAnswer> {
    const holder = await run((tx) => holderOf(tx, ctx.organizationId, contactId, this.provider.name));
    const customerRef = holder.customerRef ?? (await this.createCustomer(run, ctx, contactId, holder));
    const makeDefault = body.makeDefault === true || holder.cards.length === 0;
    const input = body.token
      ? { token: body.token, holderName: body.holderName }
      : {
          number: body.number!,
          expMonth: body.expMonth!,
          expYear: body.expYear!,
          cvc: body.cvc,
          holderName: body.holderName,
        };
    const card = await viaProvider(() =>
      this.provider.addCard(this.scope(ctx), customerRef, input, makeDefault),
    );
    return run(async (tx) => {
      await lockHolder(tx, ctx.organizationId, contactId);
      const saved = await this.save(tx, ctx, contactId, customerRef, card);
      await this.activity(
        tx,
        ctx,
        contactId,
        'payment.card_added',
        `Card added (${card.brand} •••• ${card.last4})`,
      );
      return saved;
    });
  }

  async update(
    run: TenantRun,
    ctx: RequestContext,
    contactId: string,
    body: UpdateCardBody,
  ): Promise<PaymentCardAnswer> {
    const { card } = await this.cardOf(run, ctx, contactId, body.cardId);
    const change = { expMonth: body.expMonth, expYear: body.expYear, makeDefault: body.isDefault === true };
    const updated = await viaProvider(() =>
      this.provider.updateCard(this.scope(ctx), card.customerRef, card.providerCardId, change),
    );
    return run(async (tx) => {
      await lockHolder(tx, ctx.organizationId, contactId);
      // The provider's flag is its customer's default, and a merge can leave the contact's cards
      // under several customers: the contact's default moves only when asked to.
      const isDefault = change.makeDefault || card.isDefault;
      const saved = await this.save(tx, ctx, contactId, card.customerRef, { ...updated, isDefault });
      await this.activity(
        tx,
        ctx,
        contactId,
        'payment.card_updated',
        `Card updated (${saved.brand} •••• ${saved.last4})`,
      );
      return saved;
    });
  }

  /**
   * Removes a saved card. With `lastCardRefusal` (the member portal), the contact's last card is
   * refused with 409 and that message while a contract of theirs is active or frozen (it bills).
   */
  async remove(
    run: TenantRun,
    ctx: RequestContext,
    contactId: string,
    cardId: string,
    lastCardRefusal?: string,
  ): Promise<void> {
    const { holder, card } = await this.cardOf(run, ctx, contactId, cardId);
    if (lastCardRefusal && holder.cards.length === 1) {
      const bills = await run((tx) =>
        tx.$count(
          contactContracts,
          and(
            eq(contactContracts.organizationId, ctx.organizationId),
            eq(contactContracts.contactId, contactId),
            inArray(contactContracts.status, ['active', 'frozen']),
          ),
        ),
      );
      if (bills > 0) throw conflict(lastCardRefusal);
    }
    const scope = this.scope(ctx);
    await viaProvider(() => this.provider.removeCard(scope, card.customerRef, card.providerCardId));
    // The newest remaining card takes over as the default (at its own provider customer).
    const next = card.isDefault ? holder.cards.filter((c) => c.id !== card.id).at(-1) : undefined;
    const promoted = next
      ? {
          ref: next.customerRef,
          card: await viaProvider(() =>
            this.provider.updateCard(scope, next.customerRef, next.providerCardId, { makeDefault: true }),
          ),
        }
      : null;
    await run(async (tx) => {
      await lockHolder(tx, ctx.organizationId, contactId);
      await tx
        .delete(paymentCards)
        .where(and(eq(paymentCards.organizationId, ctx.organizationId), eq(paymentCards.id, card.id)));
      if (promoted) await this.save(tx, ctx, contactId, promoted.ref, promoted.card);
      await this.activity(
        tx,
        ctx,
        contactId,
        'payment.card_removed',
        `Card removed (${card.brand} •••• ${card.last4})`,
      );
    });
  }

  /** A client secret for the provider's card element (Stripe), the contact's customer made first. */
  async setup(run: TenantRun, ctx: RequestContext, contactId: string): Promise<{ clientSecret: string }> {
    const setupCard = this.provider.setupCard?.bind(this.provider);
    if (!setupCard) throw conflict('This payment provider collects cards on the form itself', 'provider');
    const holder = await run((tx) => holderOf(tx, ctx.organizationId, contactId, this.provider.name));
    const customerRef = holder.customerRef ?? (await this.createCustomer(run, ctx, contactId, holder));
    return viaProvider(() => setupCard(this.scope(ctx), customerRef));
  }

  private async cardOf(run: TenantRun, ctx: RequestContext, contactId: string, cardId: string) {
    const holder = await run((tx) => holderOf(tx, ctx.organizationId, contactId, this.provider.name));
    const card = holder.cards.find((c) => c.id === cardId);
    if (!card) throw notFound('Card');
    return { holder, card };
  }

  /** The provider's customer for the contact; two racing requests end with the same one. */
  private async createCustomer(run: TenantRun, ctx: RequestContext, contactId: string, holder: Holder) {
    const made = await viaProvider(() =>
      this.provider.createCustomer(this.scope(ctx), {
        contactId,
        name: holder.fullName,
        email: holder.email,
        idempotencyKey: `contact-${contactId}`,
      }),
    );
    const key = { organizationId: ctx.organizationId, contactId, provider: this.provider.name };
    return run(async (tx) => {
      await tx
        .insert(paymentCustomers)
        .values({ ...key, customerRef: made.id })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ customerRef: paymentCustomers.customerRef })
        .from(paymentCustomers)
        .where(
          and(
            eq(paymentCustomers.organizationId, key.organizationId),
            eq(paymentCustomers.contactId, key.contactId),
            eq(paymentCustomers.provider, key.provider),
          ),
        );
      return row!.customerRef;
    });
  }

  /**
   * Upserts the saved copy of a provider card held under provider customer `customerRef`; a
   * default card takes the flag from the contact's other cards, of any provider.
   */
  private async save(
    tx: Tx,
    ctx: RequestContext,
    contactId: string,
    customerRef: string,
    card: ProviderCard,
  ): Promise<PaymentCardAnswer> {
    const orgId = ctx.organizationId;
    if (card.isDefault) {
      // One default card per contact, whichever provider saved the others (the sandbox's demo
      // cards, or cards from before a switch of provider).
      await tx
        .update(paymentCards)
        .set({ isDefault: false })
        .where(
          and(
            eq(paymentCards.organizationId, orgId),
            eq(paymentCards.contactId, contactId),
            sql`${paymentCards.isDefault}`,
            not(
              and(eq(paymentCards.provider, this.provider.name), eq(paymentCards.providerCardId, card.id))!,
            ),
          ),
        );
    }
    const copy = {
      customerRef,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      holderName: card.holderName,
      isDefault: card.isDefault,
    };
    const [row] = await tx
      .insert(paymentCards)
      .values({
        organizationId: orgId,
        id: newId(),
        contactId,
        provider: this.provider.name,
        providerCardId: card.id,
        ...copy,
      })
      .onConflictDoUpdate({
        target: [paymentCards.organizationId, paymentCards.provider, paymentCards.providerCardId],
        set: { ...copy, updatedAt: sql`now()` },
      })
      .returning(CARD);
    return toAnswer(row!);
  }

  private async activity(tx: Tx, ctx: RequestContext, contactId: string, kind: string, title: string) {
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      contactId,
      kind,
      title,
      actorUserId: ctx.userId,
    });
  }
}
