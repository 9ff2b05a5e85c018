import {
  formatGiftCardCode,
  GIFT_CARD_TEXT,
  giftCardStatus,
  normalizeGiftCardCode,
  type PublicGiftCardAnswer,
  type PublicGiftCardBalanceBody,
  publicGiftCardBalanceBody,
} from '@opsuite/shared';
import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileLinks } from '../../lib/files/index.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { giftCards, giftCardTemplates } from './gift-cards.tables.ts';
import { designLink } from './templates.service.ts';

// What a customer sees without signing in: the balance of a card by its code (and PIN when it
// has one), and the recipient's page behind a signed link. An unknown code and a wrong PIN answer
// alike, so the answer never tells which part was wrong.

const wrong = () => new AppError('NOT_FOUND', GIFT_CARD_TEXT.wrongCodeOrPin);

async function publicAnswer(
  tx: Tx,
  orgId: string,
  cardId: string,
  links: FileLinks,
): Promise<PublicGiftCardAnswer> {
  const [found] = await tx
    .select({
      card: giftCards,
      orgName: organizations.name,
      themeColor: organizations.themeColor,
      templateName: giftCardTemplates.name,
      designKey: giftCardTemplates.designKey,
    })
    .from(giftCards)
    .innerJoin(organizations, eq(organizations.id, giftCards.organizationId))
    .leftJoin(
      giftCardTemplates,
      and(
        eq(giftCardTemplates.organizationId, giftCards.organizationId),
        eq(giftCardTemplates.id, giftCards.templateId),
      ),
    )
    .where(and(eq(giftCards.organizationId, orgId), eq(giftCards.id, cardId)));
  if (!found) throw wrong();
  const c = found.card;
  const expiresAt = c.expiresAt?.toISOString() ?? null;
  return {
    organizationName: found.orgName,
    codeEnd:
      formatGiftCardCode(c.code)
        .replace(/[A-Z0-9]/g, '•')
        .slice(0, -4) + c.code.slice(-4),
    balanceCents: c.balanceCents,
    initialCents: c.initialCents,
    status: giftCardStatus({ activated: c.activated, expiresAt, balanceCents: c.balanceCents }),
    expiresAt,
    recipientName: c.recipientName,
    message: c.message,
    templateName: found.templateName,
    designUrl: await designLink(links, found.designKey ?? null),
    themeColor: found.themeColor,
  };
}

/** The balance by code (+ PIN); answers whether the card was found, for the rate limit. */
export async function balanceByCode(
  database: DatabaseHandle,
  links: FileLinks,
  input: PublicGiftCardBalanceBody,
): Promise<PublicGiftCardAnswer> {
  const body = publicGiftCardBalanceBody.parse(input);
  const code = normalizeGiftCardCode(body.code);
  if (!code) throw wrong();
  // Read outside any tenant: the code is unique across organisations and names its own.
  const [card] = await database.db
    .select({ organizationId: giftCards.organizationId, id: giftCards.id, pinHash: giftCards.pinHash })
    .from(giftCards)
    .where(eq(giftCards.code, code));
  if (!card) throw wrong();
  if (card.pinHash) {
    if (!body.pin) throw new AppError('BAD_REQUEST', GIFT_CARD_TEXT.pinRequired);
    if (!(await verifyPassword(card.pinHash, body.pin))) throw wrong();
  }
  return withTenant(database.db, card.organizationId, (tx) =>
    publicAnswer(tx, card.organizationId, card.id, links),
  );
}

/** The recipient's page: the card a verified link names. */
export function cardByLink(
  database: DatabaseHandle,
  links: FileLinks,
  target: { organizationId: string; cardId: string },
): Promise<PublicGiftCardAnswer> {
  return withTenant(database.db, target.organizationId, (tx) =>
    publicAnswer(tx, target.organizationId, target.cardId, links),
  );
}
