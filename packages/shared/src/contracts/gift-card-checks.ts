import { z } from 'zod';
import { idSchema } from './common.ts';
import { GIFT_CARD_STATUSES, giftCardAnswer } from './gift-cards.ts';

// Gift cards' settings, the applied card a checkout verifies, and what a customer sees without
// signing in (the calls are listed in gift-cards.ts).

export const giftCardSettingsBody = z.object({
  /** Months until a card expires (raised to 60 when lower); null: cards never expire. */
  expiryMonths: z
    .number({ message: 'Expiry must be a number of months' })
    .int({ message: 'Expiry must be a whole number of months' })
    .min(1, { message: 'Expiry must be at least 1 month' })
    .max(1200, { message: 'Expiry is too long' })
    .nullable(),
  requirePin: z.boolean(),
});
export type GiftCardSettingsBody = z.infer<typeof giftCardSettingsBody>;
export const giftCardSettingsAnswer = giftCardSettingsBody;
export const giftCardSettingsMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: giftCardSettingsAnswer,
});

/** A card as typed (a checkout, a balance check): its code, and its PIN when it has one. */
export const giftCardApplyBody = z.object({
  code: z
    .string({ message: 'Code must be text' })
    .trim()
    .min(1, { message: 'Enter the gift card code' })
    .max(40),
  pin: z.string().max(8).nullable().default(null),
});
export type GiftCardApplyBody = z.input<typeof giftCardApplyBody>;

export const appliedGiftCardAnswer = z.object({
  /** The code (and PIN) named a card of the organisation. */
  verified: z.boolean(),
  /** Nothing is left to spend, or the card cannot pay (deactivated, expired). */
  isUsed: z.boolean(),
  giftCardId: idSchema.nullable(),
  cardData: giftCardAnswer.nullable(),
});
export type AppliedGiftCardAnswer = z.infer<typeof appliedGiftCardAnswer>;

// Public.

/** A customer's balance check types a card the same way a checkout does. */
export const publicGiftCardBalanceBody = giftCardApplyBody;
export type PublicGiftCardBalanceBody = z.input<typeof publicGiftCardBalanceBody>;

export const publicGiftCardAnswer = z.object({
  organizationName: z.string(),
  /** The last group only, e.g. ••••-••••-••••-NPQR. */
  codeEnd: z.string(),
  balanceCents: z.number(),
  initialCents: z.number(),
  status: z.enum(GIFT_CARD_STATUSES),
  expiresAt: z.string().nullable(),
  recipientName: z.string().nullable(),
  message: z.string().nullable(),
  templateName: z.string().nullable(),
  designUrl: z.string().nullable(),
  themeColor: z.string().nullable(),
});
export type PublicGiftCardAnswer = z.infer<typeof publicGiftCardAnswer>;
