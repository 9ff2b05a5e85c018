import { randomInt } from 'node:crypto';
import {
  formatGiftCardCode,
  GIFT_CARD_TEXT,
  type GiftCardAnswer,
  type GiftCardEntryAnswer,
  type GiftCardIssueBody,
  type GiftCardUpdateBody,
  giftCardExpiry,
  giftCardIssueBody,
  giftCardStatus,
  giftCardUpdateBody,
  makeGiftCardCode,
  templateTakesAmount,
  zonedDayStart,
} from '@opsuite/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError, conflict, invalid, lookupMissing, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import { users } from '../auth/auth.tables.ts';
import { assertContactsExist } from '../contacts/index.ts';
import { giftCardEntries, giftCards, giftCardTemplates } from './gift-cards.tables.ts';
import { applyEntry } from './ledger.ts';
import { readGiftCardSettings } from './settings.service.ts';

// Gift cards issued by staff: from a template or a plain amount, to a recipient, with a random
// code, an optional PIN, an expiry never within five years of issue, and a ledger that explains
// the balance. Each function runs in the request's tenant transaction.

const card = giftCards;
const cardCols = {
  row: card,
  templateName: giftCardTemplates.name,
};
type CardRow = typeof giftCards.$inferSelect;

export function cardAnswer(row: CardRow, templateName: string | null): GiftCardAnswer {
  const expiresAt = row.expiresAt?.toISOString() ?? null;
  return {
    _id: row.id,
    code: formatGiftCardCode(row.code),
    templateId: row.templateId,
    templateName,
    initialCents: row.initialCents,
    balanceCents: row.balanceCents,
    activated: row.activated,
    status: giftCardStatus({ activated: row.activated, expiresAt, balanceCents: row.balanceCents }),
    hasPin: row.pinHash !== null,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    contactId: row.contactId,
    message: row.message,
    deliverOn: row.deliverOn,
    delivery: row.delivery as GiftCardAnswer['delivery'],
    sentAt: row.sentAt?.toISOString() ?? null,
    expiresAt,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const byId = (orgId: string, id: string) => and(eq(card.organizationId, orgId), eq(card.id, id));

export async function loadCard(tx: Tx, orgId: string, id: string, lock = false) {
  const query = tx
    .select(cardCols)
    .from(card)
    .leftJoin(
      giftCardTemplates,
      and(
        eq(giftCardTemplates.organizationId, card.organizationId),
        eq(giftCardTemplates.id, card.templateId),
      ),
    )
    .where(byId(orgId, id));
  const [found] = lock ? await query.for('update', { of: card }) : await query;
  if (!found) throw notFound('Gift card');
  return found;
}

export async function cardEntries(tx: Tx, orgId: string, cardId: string): Promise<GiftCardEntryAnswer[]> {
  const e = giftCardEntries;
  const list = await tx
    .select({ row: e, byName: users.fullName })
    .from(e)
    .leftJoin(users, eq(users.id, e.byUserId))
    .where(and(eq(e.organizationId, orgId), eq(e.cardId, cardId)))
    .orderBy(asc(e.createdAt), asc(e.id));
  return list.map(({ row, byName }) => ({
    _id: row.id,
    kind: row.kind,
    amountCents: row.amountCents,
    balanceAfterCents: row.balanceAfterCents,
    reference: row.reference,
    reason: row.reason,
    byName,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The instant a delivery day starts in the organisation's zone (the e-mail goes then or after). */
const deliverAt = (day: string | null, timeZone: string) =>
  day ? new Date(zonedDayStart(day, timeZone)) : null;

async function checkContact(tx: Tx, orgId: string, contactId: string | null) {
  if (!contactId) return;
  try {
    await assertContactsExist(tx, orgId, [contactId], { lockForWrite: true });
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw lookupMissing('contactId');
    throw err;
  }
}

const CODE_TRIES = 5;

export async function issueCard(
  tx: Tx,
  ctx: { organizationId: string; userId: string; timeZone: string },
  input: GiftCardIssueBody,
) {
  const body = giftCardIssueBody.parse(input);
  const orgId = ctx.organizationId;
  const settings = await readGiftCardSettings(tx, orgId);
  if (settings.requirePin && !body.pin)
    throw invalid('pin', 'A PIN is required for this organisation’s gift cards');
  let message = body.message;
  if (body.templateId) {
    const [t] = await tx
      .select()
      .from(giftCardTemplates)
      .where(and(eq(giftCardTemplates.organizationId, orgId), eq(giftCardTemplates.id, body.templateId)));
    if (!t) throw lookupMissing('templateId');
    if (!t.active) throw conflict(GIFT_CARD_TEXT.templateInactive, 'templateId');
    if (!templateTakesAmount(t, body.amountCents))
      throw invalid('amountCents', GIFT_CARD_TEXT.amountNotOffered);
    message ??= t.defaultMessage || null;
  }
  await checkContact(tx, orgId, body.contactId);
  const now = new Date();
  const pinHash = body.pin ? await hashPassword(body.pin) : null;
  const id = newId();
  const values = {
    organizationId: orgId,
    id,
    templateId: body.templateId,
    initialCents: body.amountCents,
    // The issue entry below brings the balance to the amount, through the ledger.
    balanceCents: 0,
    activated: true,
    pinHash,
    recipientName: body.recipientName,
    recipientEmail: body.recipientEmail,
    contactId: body.contactId,
    message,
    deliverOn: body.deliverOn,
    deliverAt: deliverAt(body.deliverOn, ctx.timeZone),
    delivery: body.deliverOn ? 'scheduled' : 'none',
    expiresAt: giftCardExpiry(now, settings.expiryMonths),
    issuedBy: ctx.userId,
  };
  // 80 random bits: a clash is all but impossible, and a unique index catches one. Each try runs
  // in a savepoint so a clash does not abort the request's transaction.
  for (let attempt = 1; ; attempt++) {
    try {
      await tx.transaction(async (sp) => {
        await sp.insert(card).values({ ...values, code: makeGiftCardCode((n) => randomInt(n)) });
      });
      break;
    } catch (err) {
      if (!isUniqueViolation(err, 'gift_cards_code_uq') || attempt >= CODE_TRIES) throw err;
    }
  }
  await applyEntry(tx, orgId, byId(orgId, id), {
    kind: 'issue',
    amountCents: body.amountCents,
    reason: body.templateId ? 'Issued from a template' : 'Issued',
    byUserId: ctx.userId,
  });
  return id;
}

export async function updateCard(
  tx: Tx,
  ctx: { organizationId: string; timeZone: string },
  id: string,
  input: GiftCardUpdateBody,
) {
  const body = giftCardUpdateBody.parse(input);
  const orgId = ctx.organizationId;
  const current = await loadCard(tx, orgId, id, true);
  await checkContact(tx, orgId, body.contactId);
  // A card already sent stays sent; a new day schedules it (again), none clears the schedule.
  const delivery =
    current.row.delivery === 'sent' && body.deliverOn === current.row.deliverOn
      ? 'sent'
      : body.deliverOn
        ? 'scheduled'
        : current.row.delivery === 'sent'
          ? 'sent'
          : 'none';
  await tx
    .update(card)
    .set({
      recipientName: body.recipientName,
      recipientEmail: body.recipientEmail,
      contactId: body.contactId,
      message: body.message,
      deliverOn: body.deliverOn,
      deliverAt: deliverAt(body.deliverOn, ctx.timeZone),
      delivery,
      updatedAt: sql`now()`,
    })
    .where(byId(orgId, id));
}

/** Switches a card on or off; a deactivated card cannot pay (its balance stays owed). */
export async function setActivated(tx: Tx, orgId: string, id: string, activated: boolean) {
  const [row] = await tx
    .update(card)
    .set({ activated, updatedAt: sql`now()` })
    .where(byId(orgId, id))
    .returning({ id: card.id });
  if (!row) throw notFound('Gift card');
}

/** Deletes a card that was only issued (a mistake); one that has been used is deactivated instead. */
export async function deleteCard(tx: Tx, orgId: string, id: string) {
  await loadCard(tx, orgId, id, true);
  const [used] = await tx
    .select({ n: count() })
    .from(giftCardEntries)
    .where(
      and(
        eq(giftCardEntries.organizationId, orgId),
        eq(giftCardEntries.cardId, id),
        sql`${giftCardEntries.kind} <> 'issue'`,
      ),
    );
  if ((used?.n ?? 0) > 0) throw conflict(GIFT_CARD_TEXT.usedCannotDelete);
  await tx.delete(card).where(byId(orgId, id));
}

export async function adjustCard(
  tx: Tx,
  ctx: { organizationId: string; userId: string },
  id: string,
  body: { kind: 'redemption' | 'refund' | 'adjustment'; amountCents: number; reason: string },
) {
  await applyEntry(tx, ctx.organizationId, byId(ctx.organizationId, id), {
    kind: body.kind,
    amountCents: body.amountCents,
    reason: body.reason,
    reference: 'Manual',
    byUserId: ctx.userId,
  });
}

/** Liability: the balances still owed (every card not expired), with what was issued and spent. */
