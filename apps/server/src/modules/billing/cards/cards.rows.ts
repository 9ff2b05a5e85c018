import type { PaymentCardAnswer } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { ProviderCard } from '../payments/index.ts';

// The saved copies of a contact's payment cards as cards.service.ts reads them: one row
// shape, the contact with its provider customer and cards in one statement, and which copies a
// refresh from the provider leaves.

export interface CardRow {
  id: string;
  contact_id: string;
  provider: string;
  customer_ref: string;
  provider_card_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string | null;
  is_default: boolean;
  created_at: string;
}

export const toAnswer = (r: CardRow): PaymentCardAnswer => ({
  _id: r.id,
  contactId: r.contact_id,
  provider: r.provider,
  brand: r.brand,
  last4: r.last4,
  expMonth: Number(r.exp_month),
  expYear: Number(r.exp_year),
  holderName: r.holder_name,
  isDefault: r.is_default,
  createdAt: r.created_at,
});

export const cardsSql = (orgId: string, contactId: string, provider: string) => sql`
  select id, contact_id, provider, customer_ref, provider_card_id, brand, last4, exp_month, exp_year, holder_name,
         is_default, ${isoText(sql`created_at`)} as created_at
  from payment_cards where organization_id = ${orgId} and contact_id = ${contactId} and provider = ${provider}
  order by created_at, id`;

export interface Holder {
  fullName: string;
  email: string | null;
  /** The contact's own provider customer, which new cards are saved under. */
  customerRef: string | null;
  cards: CardRow[];
}

/** Every provider customer the contact's cards are held under, the contact's own first. */
export const customerRefsOf = (holder: Holder): string[] => [
  ...new Set([holder.customerRef, ...holder.cards.map((c) => c.customer_ref)].filter((r) => r !== null)),
];

/**
 * The saved copies a refresh leaves: each customer's cards as the provider lists them. Each
 * provider customer has its own default card but the contact has one: the current default stays
 * while its customer still reports it, otherwise the first reported (the contact's own customer's).
 */
export function refreshedCards(holder: Holder, fresh: { ref: string; cards: ProviderCard[] }[]) {
  const current = holder.cards.find((c) => c.is_default);
  const defaults = fresh.flatMap(({ ref, cards }) =>
    cards.filter((c) => c.isDefault).map((c) => ({ ref, id: c.id })),
  );
  const chosen =
    defaults.find((d) => d.ref === current?.customer_ref && d.id === current.provider_card_id) ?? defaults[0];
  return fresh.flatMap(({ ref, cards }) =>
    cards.map((card) => ({
      ref,
      card: { ...card, isDefault: ref === chosen?.ref && card.id === chosen.id },
    })),
  );
}

/** The live contact with its provider customer and saved cards, in one statement (404 if none). */
export async function holderOf(tx: Tx, orgId: string, contactId: string, provider: string): Promise<Holder> {
  const [row] = await rows<{
    full_name: string;
    email: string | null;
    customer_ref: string | null;
    cards: CardRow[] | string;
  }>(
    tx,
    sql`select c.full_name, c.email, pc.customer_ref,
          coalesce((select json_agg(k) from (${cardsSql(orgId, contactId, provider)}) k), '[]'::json) as cards
        from contacts c
        left join payment_customers pc on pc.organization_id = c.organization_id and pc.contact_id = c.id
          and pc.provider = ${provider}
        where c.organization_id = ${orgId} and c.id = ${contactId} and c.deleted_at is null`,
  );
  if (!row) throw notFound('Contact');
  const cards = typeof row.cards === 'string' ? (JSON.parse(row.cards) as CardRow[]) : row.cards;
  return { fullName: row.full_name, email: row.email, customerRef: row.customer_ref, cards };
}
