import type { PaymentCardAnswer } from '@opsuite/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { notFound } from '../../../lib/errors.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import type { ProviderCard } from '../payments/index.ts';
import { paymentCards, paymentCustomers } from './cards.tables.ts';

// The saved copies of a contact's payment cards as cards.service.ts reads them: one row
// shape, the contact with its provider customer and cards, and which copies a refresh from the
// provider leaves.

/** The columns a saved card is read with. */
export const CARD = {
  id: paymentCards.id,
  contactId: paymentCards.contactId,
  provider: paymentCards.provider,
  customerRef: paymentCards.customerRef,
  providerCardId: paymentCards.providerCardId,
  brand: paymentCards.brand,
  last4: paymentCards.last4,
  expMonth: paymentCards.expMonth,
  expYear: paymentCards.expYear,
  holderName: paymentCards.holderName,
  isDefault: paymentCards.isDefault,
  createdAt: paymentCards.createdAt,
};

export type CardRow = Pick<typeof paymentCards.$inferSelect, keyof typeof CARD>;

export const toAnswer = (r: CardRow): PaymentCardAnswer => ({
  _id: r.id,
  contactId: r.contactId,
  provider: r.provider,
  brand: r.brand,
  last4: r.last4,
  expMonth: r.expMonth,
  expYear: r.expYear,
  holderName: r.holderName,
  isDefault: r.isDefault,
  createdAt: r.createdAt.toISOString(),
});

/** The contact's saved cards of one provider (a condition). */
export const cardsOfProvider = (orgId: string, contactId: string, provider: string) =>
  and(
    eq(paymentCards.organizationId, orgId),
    eq(paymentCards.contactId, contactId),
    eq(paymentCards.provider, provider),
  );

/** The contact's saved cards of one provider, oldest first. */
export const cardsOf = (tx: Queryable, orgId: string, contactId: string, provider: string) =>
  tx
    .select(CARD)
    .from(paymentCards)
    .where(cardsOfProvider(orgId, contactId, provider))
    .orderBy(asc(paymentCards.createdAt), asc(paymentCards.id));

/** Serialises card writes per contact (one default card at a time); 404 if the contact went away. */
export async function lockHolder(tx: Tx, orgId: string, contactId: string): Promise<void> {
  const found = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.organizationId, orgId), eq(contacts.id, contactId), isNull(contacts.deletedAt)))
    .for('update');
  if (found.length === 0) throw notFound('Contact');
}

export interface Holder {
  fullName: string;
  email: string | null;
  /** The contact's own provider customer, which new cards are saved under. */
  customerRef: string | null;
  cards: CardRow[];
}

/** Every provider customer the contact's cards are held under, the contact's own first. */
export const customerRefsOf = (holder: Holder): string[] => [
  ...new Set([holder.customerRef, ...holder.cards.map((c) => c.customerRef)].filter((r) => r !== null)),
];

/**
 * The saved copies a refresh leaves: each customer's cards as the provider lists them. Each
 * provider customer has its own default card but the contact has one: the current default stays
 * while its customer still reports it, otherwise the first reported (the contact's own customer's).
 */
export function refreshedCards(holder: Holder, fresh: { ref: string; cards: ProviderCard[] }[]) {
  const current = holder.cards.find((c) => c.isDefault);
  const defaults = fresh.flatMap(({ ref, cards }) =>
    cards.filter((c) => c.isDefault).map((c) => ({ ref, id: c.id })),
  );
  const chosen =
    defaults.find((d) => d.ref === current?.customerRef && d.id === current.providerCardId) ?? defaults[0];
  return fresh.flatMap(({ ref, cards }) =>
    cards.map((card) => ({
      ref,
      card: { ...card, isDefault: ref === chosen?.ref && card.id === chosen.id },
    })),
  );
}

/** The live contact with its provider customer and saved cards (404 if none). */
export async function holderOf(
  tx: Queryable,
  orgId: string,
  contactId: string,
  provider: string,
): Promise<Holder> {
  const [row] = await tx
    .select({ fullName: contacts.fullName, email: contacts.email, customerRef: paymentCustomers.customerRef })
    .from(contacts)
    .leftJoin(
      paymentCustomers,
      tenantJoin(
        paymentCustomers,
        contacts,
        eq(paymentCustomers.contactId, contacts.id),
        eq(paymentCustomers.provider, provider),
      ),
    )
    .where(and(eq(contacts.organizationId, orgId), eq(contacts.id, contactId), isNull(contacts.deletedAt)));
  if (!row) throw notFound('Contact');
  return { ...row, cards: await cardsOf(tx, orgId, contactId, provider) };
}
