import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { adjustCard, issueCard, setActivated } from './cards.service.ts';
import { giftCards } from './gift-cards.tables.ts';
import { saveGiftCardSettings } from './settings.service.ts';
import { createTemplate } from './templates.service.ts';

// What `npm start` shows of gift cards in the demo organisation: a "Classic" template ($25, $50,
// $100 or $10-$500), a $50 card for the demo member with $12.50 spent (its code is fixed, so the
// public balance check can be tried: DEMA-CARD-2525-7777), a $100 card e-mailed to a friend, and a
// deactivated one.

export const DEMO_GIFT_CARD_CODE = 'DEMA-CARD-2525-7777';

export interface GiftCardDemoOptions {
  organizationId: string;
  timeZone: string;
  adminUserId: string;
  memberContactId: string;
}

export async function seedGiftCardDemo(database: DatabaseHandle, o: GiftCardDemoOptions): Promise<void> {
  await withTenant(database.db, o.organizationId, async (tx: Tx) => {
    const ctx = { organizationId: o.organizationId, userId: o.adminUserId, timeZone: o.timeZone };
    await saveGiftCardSettings(tx, o.organizationId, { expiryMonths: 60, requirePin: false });
    const { row: template } = await createTemplate(tx, o.organizationId, {
      name: 'Classic',
      fixedAmountsCents: [2500, 5000, 10000],
      allowCustom: true,
      customMinCents: 1000,
      customMaxCents: 50000,
      defaultMessage: 'Enjoy a class on us!',
    });
    const member = await issueCard(tx, ctx, {
      templateId: template.id,
      amountCents: 5000,
      recipientName: 'Morgan Member',
      recipientEmail: 'member@demo.test',
      contactId: o.memberContactId,
    });
    await tx
      .update(giftCards)
      .set({ code: DEMO_GIFT_CARD_CODE.replaceAll('-', '') })
      .where(and(eq(giftCards.organizationId, o.organizationId), eq(giftCards.id, member)));
    await adjustCard(tx, ctx, member, { kind: 'redemption', amountCents: 1250, reason: 'Drop-in class' });
    await issueCard(tx, ctx, {
      templateId: template.id,
      amountCents: 10000,
      recipientName: 'Riley Friend',
      recipientEmail: 'riley@example.test',
      message: 'Happy birthday, Riley!',
    });
    const lost = await issueCard(tx, ctx, { amountCents: 2000, recipientName: 'Sam Walk-in' });
    await adjustCard(tx, ctx, lost, { kind: 'adjustment', amountCents: -500, reason: 'Goodwill correction' });
    await setActivated(tx, o.organizationId, lost, false);
  });
}
