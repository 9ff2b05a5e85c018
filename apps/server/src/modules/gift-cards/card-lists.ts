import { type GiftCardListQuery, type GiftCardStatus, giftCardListQuery } from '@opsuite/shared';
import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { escapeLike } from '../../lib/sql.ts';
import { cardAnswer } from './cards.service.ts';
import { giftCardEntries, giftCards, giftCardTemplates } from './gift-cards.tables.ts';

// The gift card list (search, status, pages) and the liability: the sums a stats answer gives.

const card = giftCards;
const cardCols = { row: card, templateName: giftCardTemplates.name };

const notExpired = or(isNull(card.expiresAt), gt(card.expiresAt, sql`now()`));
const statusWhere: Record<GiftCardStatus, SQL | undefined> = {
  active: and(eq(card.activated, true), notExpired, gt(card.balanceCents, 0)),
  deactivated: eq(card.activated, false),
  expired: and(eq(card.activated, true), isNotNull(card.expiresAt), lte(card.expiresAt, sql`now()`)),
  used: and(eq(card.activated, true), notExpired, eq(card.balanceCents, 0)),
};

export async function listCards(tx: Tx, orgId: string, query: GiftCardListQuery) {
  const q = giftCardListQuery.parse(query);
  const needle = q.search?.trim() ?? '';
  const codeNeedle = needle.toUpperCase().replace(/[\s-]+/g, '');
  const search = needle
    ? or(
        ilike(card.recipientName, `%${escapeLike(needle)}%`),
        ilike(card.recipientEmail, `%${escapeLike(needle)}%`),
        codeNeedle ? ilike(card.code, `%${escapeLike(codeNeedle)}%`) : undefined,
      )
    : undefined;
  const where = and(eq(card.organizationId, orgId), search, q.status ? statusWhere[q.status] : undefined);
  const [total] = await tx.select({ n: count() }).from(card).where(where);
  const list = await tx
    .select(cardCols)
    .from(card)
    .leftJoin(
      giftCardTemplates,
      and(
        eq(giftCardTemplates.organizationId, card.organizationId),
        eq(giftCardTemplates.id, card.templateId),
      ),
    )
    .where(where)
    .orderBy(desc(card.createdAt), desc(card.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    list: list.map((r) => cardAnswer(r.row, r.templateName)),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function cardStats(tx: Tx, orgId: string) {
  const [sums] = await tx
    .select({
      liability: sql<number>`coalesce(sum(${card.balanceCents}) filter (where ${notExpired}), 0)::int`,
      active: sql<number>`(count(*) filter (where ${statusWhere.active}))::int`,
      issued: sql<number>`coalesce(sum(${card.initialCents}), 0)::int`,
    })
    .from(card)
    .where(eq(card.organizationId, orgId));
  const [spent] = await tx
    .select({ redeemed: sql<number>`coalesce(-sum(${giftCardEntries.amountCents}), 0)::int` })
    .from(giftCardEntries)
    .where(and(eq(giftCardEntries.organizationId, orgId), eq(giftCardEntries.kind, 'redemption')));
  return {
    liabilityCents: sums?.liability ?? 0,
    activeCount: sums?.active ?? 0,
    issuedCents: sums?.issued ?? 0,
    redeemedCents: spent?.redeemed ?? 0,
  };
}

/** A code as typed, or a 404 the same as an unknown code. */
