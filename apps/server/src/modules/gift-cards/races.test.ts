import { GIFT_CARD_TEXT } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, REAL_DATABASE_URL } from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import { createGiftCardsKit, type GiftCardsKit } from './gift-cards.test-kit.ts';
import { redeemGiftCard, refundToGiftCard } from './index.ts';

// Races on a real PostgreSQL server (PGlite runs one transaction at a time): a card spent from
// many tills at once is spent exactly to zero, never below, and its ledger adds up.

describe.skipIf(!REAL_DATABASE_URL)(`gift card races (${DB_KIND})`, () => {
  let k: GiftCardsKit;
  beforeAll(async () => {
    k = await createGiftCardsKit();
  });
  afterAll(() => k.t.close());

  const issue = async (amountCents: number) => {
    const made = await k.admin.call('POST', '/api/giftcard', { recipientName: 'Race', amountCents });
    expect(made.status).toBe(200);
    return made.body.data as { _id: string; code: string };
  };
  const redeem = (code: string, amountCents: number, reference: string) =>
    withTenant(k.t.database.db, k.organizationId, (tx) =>
      redeemGiftCard(tx, { organizationId: k.organizationId, code, amountCents, reference }),
    );

  it('100 parallel $10 redemptions of a $50 card succeed exactly 5 times', async () => {
    const card = await issue(5000);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => redeem(card.code, 1000, `order-${i}`)),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(5);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).message).toBe(GIFT_CARD_TEXT.insufficient);
    }
    const after = await k.admin.get(`/api/giftcard/${card._id}`);
    expect(after.body.balanceCents).toBe(0);
    const redemptions = after.body.entries.filter((e: { kind: string }) => e.kind === 'redemption');
    expect(redemptions).toHaveLength(5);
    expect(redemptions.map((e: { balanceAfterCents: number }) => e.balanceAfterCents).sort()).toEqual([
      0, 1000, 2000, 3000, 4000,
    ]);
  });

  it('redemptions, refunds and admin adjustments at once keep the ledger equal to the balance', async () => {
    const card = await issue(3000);
    await Promise.allSettled([
      ...Array.from({ length: 20 }, (_, i) => redeem(card.code, 700, `sale-${i}`)),
      ...Array.from({ length: 5 }, (_, i) =>
        withTenant(k.t.database.db, k.organizationId, (tx) =>
          refundToGiftCard(tx, {
            organizationId: k.organizationId,
            code: card.code,
            amountCents: 300,
            reference: `ret-${i}`,
          }),
        ),
      ),
      ...Array.from({ length: 5 }, () =>
        k.admin.call('POST', `/api/giftcard/${card._id}/adjust`, {
          kind: 'redemption',
          amountCents: 500,
          reason: 'Till',
        }),
      ),
    ]);
    const after = await k.admin.get(`/api/giftcard/${card._id}`);
    const sum = after.body.entries.reduce((s: number, e: { amountCents: number }) => s + e.amountCents, 0);
    expect(after.body.balanceCents).toBe(sum);
    expect(after.body.balanceCents).toBeGreaterThanOrEqual(0);
    for (const e of after.body.entries) expect(e.balanceAfterCents).toBeGreaterThanOrEqual(0);
  });
});
