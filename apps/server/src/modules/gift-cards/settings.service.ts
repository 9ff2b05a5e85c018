import type { GiftCardSettingsBody } from '@opsuite/shared';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { giftCardSettings } from './gift-cards.tables.ts';

// The organisation's gift card settings: expiry in months (null: never; a card's expiry is never
// earlier than five years after issue whatever this says) and whether cards carry a PIN.

export async function readGiftCardSettings(tx: Tx, orgId: string): Promise<GiftCardSettingsBody> {
  const [row] = await tx.select().from(giftCardSettings).where(eq(giftCardSettings.organizationId, orgId));
  return { expiryMonths: row?.expiryMonths ?? null, requirePin: row?.requirePin ?? false };
}

export async function saveGiftCardSettings(
  tx: Tx,
  orgId: string,
  body: GiftCardSettingsBody,
): Promise<GiftCardSettingsBody> {
  await tx
    .insert(giftCardSettings)
    .values({ organizationId: orgId, ...body })
    .onConflictDoUpdate({
      target: giftCardSettings.organizationId,
      set: { ...body, updatedAt: sql`now()` },
    });
  return body;
}
