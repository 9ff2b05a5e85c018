import { z } from 'zod';
import { idSchema } from './common.ts';
import { centsField, textField } from './gift-cards.ts';

// Gift card templates (under /giftcard-template; the calls are listed in gift-cards.ts): a name,
// a design image, fixed amounts and/or a custom range, a default message and an active flag.

export const giftCardTemplateBody = z
  .object({
    name: textField('Name', 120).min(1, { message: 'Name is required' }),
    fixedAmountsCents: z.array(centsField('Amount')).max(12, { message: 'At most 12 amounts' }).default([]),
    allowCustom: z.boolean().default(false),
    customMinCents: centsField('Smallest amount').nullable().default(null),
    customMaxCents: centsField('Largest amount').nullable().default(null),
    defaultMessage: textField('Message', 500).default(''),
    active: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    if (!b.allowCustom && b.fixedAmountsCents.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['fixedAmountsCents'],
        message: 'Give an amount or allow a custom one',
      });
    }
    if (b.customMinCents !== null && b.customMaxCents !== null && b.customMinCents > b.customMaxCents) {
      ctx.addIssue({
        code: 'custom',
        path: ['customMaxCents'],
        message: 'The largest amount cannot be below the smallest',
      });
    }
  });
export type GiftCardTemplateBody = z.input<typeof giftCardTemplateBody>;

export const giftCardDesignBody = z.object({
  image: z
    .string()
    .max(8_000_000, { message: 'The image is too large' })
    .regex(/^data:image\/(jpeg|png|webp);base64,/, { message: 'must be a JPEG, PNG or WebP data URL' })
    .nullable(),
});
export type GiftCardDesignBody = z.infer<typeof giftCardDesignBody>;

export const giftCardTemplateAnswer = z.object({
  _id: idSchema,
  name: z.string(),
  designUrl: z.string().nullable(),
  fixedAmountsCents: z.array(z.number()),
  allowCustom: z.boolean(),
  customMinCents: z.number().nullable(),
  customMaxCents: z.number().nullable(),
  defaultMessage: z.string(),
  active: z.boolean(),
  cardCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GiftCardTemplateAnswer = z.infer<typeof giftCardTemplateAnswer>;
export const giftCardTemplateListAnswer = z.object({ list: z.array(giftCardTemplateAnswer) });
export type GiftCardTemplateListAnswer = z.infer<typeof giftCardTemplateListAnswer>;
export const giftCardTemplateMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: giftCardTemplateAnswer,
});
export type GiftCardTemplateMutationAnswer = z.infer<typeof giftCardTemplateMutationAnswer>;
