import { entryDelta, GIFT_CARD_TEXT, type GiftCardEntryKind, normalizeGiftCardCode } from '@opsuite/shared';
import { and, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { giftCardEntries, giftCards } from './gift-cards.tables.ts';

// A card's balance changes in one statement: `update ... set balance = balance + delta where
// balance + delta >= 0 (and the card can pay) returning`, so any number of redemptions at once
// each see the balance the one before left, and the ones that would take it below zero change
// nothing. The ledger entry is written in the same transaction, with the balance it left.

export interface EntryInput {
  kind: GiftCardEntryKind;
  /** Positive, except an adjustment's, whose sign says which way it goes. */
  amountCents: number;
  reference?: string | null;
  reason?: string | null;
  byUserId?: string | null;
}

export interface EntryResult {
  cardId: string;
  entryId: string;
  balanceCents: number;
}

type CardWhere = ReturnType<typeof and>;

/** Why a change found no card to change: answers the error a caller sees. */
async function refusal(tx: Tx, where: CardWhere, kind: GiftCardEntryKind): Promise<AppError> {
  const [card] = await tx
    .select({ activated: giftCards.activated, expiresAt: giftCards.expiresAt })
    .from(giftCards)
    .where(where);
  if (!card) return notFound('Gift card');
  if (kind === 'redemption' && !card.activated) return conflict(GIFT_CARD_TEXT.notActive);
  if (kind === 'redemption' && card.expiresAt && card.expiresAt.getTime() <= Date.now()) {
    return conflict(GIFT_CARD_TEXT.expired);
  }
  return conflict(GIFT_CARD_TEXT.insufficient);
}

/**
 * Applies one entry to the card `where` names (within one organisation), or throws: 404 for no
 * card, 409 when a redemption meets a deactivated or expired card, or any change a balance too
 * small. A redemption spends only from an activated card that has not expired.
 */
export async function applyEntry(
  tx: Tx,
  orgId: string,
  where: CardWhere,
  entry: EntryInput,
): Promise<EntryResult> {
  const delta = entryDelta(entry.kind, entry.amountCents);
  const canPay =
    entry.kind === 'redemption'
      ? and(
          eq(giftCards.activated, true),
          or(isNull(giftCards.expiresAt), gt(giftCards.expiresAt, sql`now()`)),
        )
      : undefined;
  const [card] = await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} + ${delta}`, updatedAt: sql`now()` })
    .where(and(where, gte(giftCards.balanceCents, -delta), canPay))
    .returning({ id: giftCards.id, balanceCents: giftCards.balanceCents });
  if (!card) throw await refusal(tx, where, entry.kind);
  const entryId = newId();
  await tx.insert(giftCardEntries).values({
    organizationId: orgId,
    id: entryId,
    cardId: card.id,
    kind: entry.kind,
    amountCents: delta,
    balanceAfterCents: card.balanceCents,
    reference: entry.reference ?? null,
    reason: entry.reason ?? null,
    byUserId: entry.byUserId ?? null,
  });
  return { cardId: card.id, entryId, balanceCents: card.balanceCents };
}

export interface RedeemInput {
  organizationId: string;
  /** As the customer typed it: any case, with or without the dashes. */
  code: string;
  pin?: string | null;
  amountCents: number;
  /** What it pays for (an order's id or number), kept on the ledger entry. */
  reference: string;
  byUserId?: string | null;
}

/** The card a code names in the organisation, after its PIN (when it has one) is checked. */
async function cardByCode(tx: Tx, orgId: string, typed: string, pin: string | null | undefined) {
  const code = normalizeGiftCardCode(typed);
  if (!code) throw notFound('Gift card');
  const where = and(eq(giftCards.organizationId, orgId), eq(giftCards.code, code));
  const [card] = await tx.select({ pinHash: giftCards.pinHash }).from(giftCards).where(where);
  if (!card) throw notFound('Gift card');
  if (card.pinHash) {
    if (!pin) throw new AppError('BAD_REQUEST', GIFT_CARD_TEXT.pinRequired);
    if (!(await verifyPassword(card.pinHash, pin)))
      throw new AppError('FORBIDDEN', GIFT_CARD_TEXT.wrongCodeOrPin);
  }
  return where;
}

/**
 * The card a checkout has been given, before it spends: `verified` when the code (and the PIN
 * the card has) name a card of the organisation, `isUsed` when it cannot pay anything now.
 * Answers the card's id; the caller reads what it shows. A wrong PIN is a 403, as for a redemption.
 */
export async function verifyGiftCard(
  tx: Tx,
  input: { organizationId: string; code: string; pin?: string | null },
): Promise<{ verified: false } | { verified: true; giftCardId: string }> {
  try {
    const where = await cardByCode(tx, input.organizationId, input.code, input.pin);
    const [card] = await tx.select({ id: giftCards.id }).from(giftCards).where(where);
    return { verified: true, giftCardId: card!.id };
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return { verified: false };
    throw err;
  }
}

/**
 * Spends `amountCents` of a gift card, in the caller's transaction (the shop's checkout): exact
 * under concurrency (one conditional update). Throws 404 for an unknown code, 400/403 for a
 * missing or wrong PIN, 409 for a deactivated or expired card or a balance too small.
 */
export async function redeemGiftCard(tx: Tx, input: RedeemInput): Promise<EntryResult> {
  const where = await cardByCode(tx, input.organizationId, input.code, input.pin);
  return applyEntry(tx, input.organizationId, where, {
    kind: 'redemption',
    amountCents: input.amountCents,
    reference: input.reference,
    byUserId: input.byUserId ?? null,
  });
}

export interface RefundInput {
  organizationId: string;
  code: string;
  amountCents: number;
  reference: string;
  reason?: string | null;
  byUserId?: string | null;
}

/** Puts `amountCents` back on a card (a returned order); no PIN: it only adds. */
export async function refundToGiftCard(tx: Tx, input: RefundInput): Promise<EntryResult> {
  const code = normalizeGiftCardCode(input.code);
  if (!code) throw notFound('Gift card');
  const where = and(eq(giftCards.organizationId, input.organizationId), eq(giftCards.code, code));
  return applyEntry(tx, input.organizationId, where, {
    kind: 'refund',
    amountCents: input.amountCents,
    reference: input.reference,
    reason: input.reason ?? null,
    byUserId: input.byUserId ?? null,
  });
}
