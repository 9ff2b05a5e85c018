import { z } from 'zod';
import { GIFT_CARD_ENTRY_KINDS, GIFT_CARD_PIN } from '../rules/gift-cards-rules.ts';
import { emailField } from './auth.ts';
import { dayField, idParams, idSchema } from './common.ts';

/*
 * Gift cards and their templates, under /api. Every write answers `{ success: true, message, data }`
 * with one of the messages below; errors are `{ error }` (400 naming the field, 403 without the
 * giftcards permission, 404 for a card or template that is not the organisation's, 409 for a
 * state the write cannot change).
 *
 *   GET    /giftcard-template             the templates, by name
 *   POST   /giftcard-template             'Gift card template created'
 *   PUT    /giftcard-template/:id         'Gift card template updated'
 *   PUT    /giftcard-template/:id/design  { image: data URL | null } 'Gift card design saved'
 *   DELETE /giftcard-template/:id         'Gift card template deleted' (409 while cards use it)
 *   GET    /giftcard                      ?search=&status=&page=&pageSize=
 *   POST   /giftcard                      issue a card: 'Gift card issued'
 *   GET    /giftcard/:id                  the card with its ledger
 *   PUT    /giftcard/:id                  recipient, message, delivery day: 'Gift card updated'
 *   DELETE /giftcard/:id                  only a card never redeemed: 'Gift card deleted'
 *   POST   /giftcard/:id/activate         'Gift card activated'
 *   POST   /giftcard/:id/deactivate       'Gift card deactivated'
 *   POST   /giftcard/:id/adjust           a redemption, refund or adjustment with a reason
 *   POST   /giftcard/apply                { code, pin? }: the applied card a checkout would spend
 *   GET    /giftcard/stats                liability (sum of outstanding balances) and counts
 *   GET    /giftcard/settings, PUT        expiry in months (never under 60), PIN required
 *   POST   /public/giftcard/balance       { code, pin? } (no sign-in, rate limited)
 *   GET    /public/giftcard/card/:token   the recipient's page (signed link)
 */

export const GIFT_CARD_TEXT = {
  templateCreated: 'Gift card template created',
  templateUpdated: 'Gift card template updated',
  templateDeleted: 'Gift card template deleted',
  designSaved: 'Gift card design saved',
  templateNameTaken: 'A gift card template with this name already exists',
  templateInUse: 'Gift cards were issued from this template: deactivate it instead',
  templateInactive: 'This template is not active',
  amountNotOffered: 'This template does not offer that amount',
  issued: 'Gift card issued',
  updated: 'Gift card updated',
  deleted: 'Gift card deleted',
  activated: 'Gift card activated',
  deactivated: 'Gift card deactivated',
  adjusted: 'Gift card balance updated',
  settingsSaved: 'Gift card settings saved',
  usedCannotDelete: 'A gift card that has been used cannot be deleted: deactivate it instead',
  notFound: 'Gift card not found',
  notActive: 'This gift card is deactivated',
  expired: 'This gift card has expired',
  insufficient: 'The gift card balance is not enough',
  pinRequired: 'Enter the gift card PIN',
  wrongCodeOrPin: 'The gift card code or PIN is not right',
  // The web app's failure toasts.
  fetchFailed: 'Failed to fetch gift cards',
  fetchOneFailed: 'Failed to fetch gift card',
  fetchTemplatesFailed: 'Failed to fetch gift card templates',
  issueFailed: 'Failed to issue gift card',
  saveFailed: 'Failed to save gift card',
  saveTemplateFailed: 'Failed to save gift card template',
  deleteFailed: 'Failed to delete gift card',
  activateFailed: 'Failed to activate gift card',
  deactivateFailed: 'Failed to deactivate gift card',
  adjustFailed: 'Failed to update gift card balance',
  balanceFailed: 'Failed to check gift card balance',
} as const;

/** The largest card: 10,000 in the currency (1,000,000 cents). */
export const GIFT_CARD_MAX_CENTS = 1_000_000;

/** Whole cents from 1 (or `min`) to the largest card, with messages naming `label`. */
export const centsField = (label: string, min = 1) =>
  z
    .number({ message: `${label} must be a number of cents` })
    .int({ message: `${label} must be a whole number of cents` })
    .min(min, { message: `${label} must be more than 0` })
    .max(GIFT_CARD_MAX_CENTS, { message: `${label} is too large` });

/** Trimmed text up to `max` characters, with messages naming `label`. */
export const textField = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} is too long` });

export const giftCardParams = idParams;
export const giftCardTokenParams = z.object({ token: z.string().min(10).max(100) });

// Cards.

export const GIFT_CARD_STATUSES = ['active', 'deactivated', 'expired', 'used'] as const;
export const GIFT_CARD_DELIVERY = ['none', 'scheduled', 'sent'] as const;

export const giftCardListQuery = z.object({
  search: textField('Search', 120).optional(),
  status: z
    .enum(GIFT_CARD_STATUSES, { message: 'Status must be active, deactivated, expired or used' })
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type GiftCardListQuery = z.input<typeof giftCardListQuery>;

const recipient = {
  recipientName: textField('Recipient name', 120).min(1, { message: 'Recipient name is required' }),
  recipientEmail: emailField.nullable().default(null),
  contactId: idSchema.nullable().default(null),
  message: textField('Message', 500).nullable().default(null),
  /** The day (in the organisation's zone) the e-mail goes out; null: no e-mail. */
  deliverOn: dayField('Delivery day must be a date (YYYY-MM-DD)', 'Delivery day').nullable().default(null),
};

export const giftCardIssueBody = z
  .object({
    templateId: idSchema.nullable().default(null),
    amountCents: centsField('Amount'),
    pin: z.string().regex(GIFT_CARD_PIN, { message: 'PIN must be 4 to 8 digits' }).nullable().default(null),
    ...recipient,
  })
  .superRefine((b, ctx) => {
    if (b.deliverOn !== null && b.recipientEmail === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['recipientEmail'],
        message: 'An e-mail address is needed to send the card',
      });
    }
  });
export type GiftCardIssueBody = z.input<typeof giftCardIssueBody>;

export const giftCardUpdateBody = z.object(recipient).superRefine((b, ctx) => {
  if (b.deliverOn !== null && b.recipientEmail === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['recipientEmail'],
      message: 'An e-mail address is needed to send the card',
    });
  }
});
export type GiftCardUpdateBody = z.input<typeof giftCardUpdateBody>;

export const giftCardAdjustBody = z
  .object({
    kind: z.enum(['redemption', 'refund', 'adjustment'], {
      message: 'Kind must be redemption, refund or adjustment',
    }),
    /** Positive; an adjustment's sign says whether it adds or takes away. */
    amountCents: z
      .number({ message: 'Amount must be a number of cents' })
      .int({ message: 'Amount must be a whole number of cents' })
      .min(-GIFT_CARD_MAX_CENTS, { message: 'Amount is too large' })
      .max(GIFT_CARD_MAX_CENTS, { message: 'Amount is too large' }),
    reason: textField('Reason', 300).min(1, { message: 'Reason is required' }),
  })
  .superRefine((b, ctx) => {
    if (b.amountCents === 0 || (b.kind !== 'adjustment' && b.amountCents < 0)) {
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'Amount must be more than 0' });
    }
  });
export type GiftCardAdjustBody = z.infer<typeof giftCardAdjustBody>;

export const giftCardEntryAnswer = z.object({
  _id: idSchema,
  kind: z.enum(GIFT_CARD_ENTRY_KINDS),
  amountCents: z.number(),
  balanceAfterCents: z.number(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  byName: z.string().nullable(),
  createdAt: z.string(),
});
export type GiftCardEntryAnswer = z.infer<typeof giftCardEntryAnswer>;

export const giftCardAnswer = z.object({
  _id: idSchema,
  /** Shown in groups: ABCD-EFGH-JKLM-NPQR. */
  code: z.string(),
  templateId: idSchema.nullable(),
  templateName: z.string().nullable(),
  initialCents: z.number(),
  balanceCents: z.number(),
  activated: z.boolean(),
  status: z.enum(GIFT_CARD_STATUSES),
  hasPin: z.boolean(),
  recipientName: z.string(),
  recipientEmail: z.string().nullable(),
  contactId: idSchema.nullable(),
  message: z.string().nullable(),
  deliverOn: z.string().nullable(),
  delivery: z.enum(GIFT_CARD_DELIVERY),
  sentAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GiftCardAnswer = z.infer<typeof giftCardAnswer>;

export const giftCardDetailAnswer = giftCardAnswer.extend({
  entries: z.array(giftCardEntryAnswer),
  /** The recipient's page, relative to the app: /gift/<signed token>. */
  publicPath: z.string(),
});
export type GiftCardDetailAnswer = z.infer<typeof giftCardDetailAnswer>;

export const giftCardListAnswer = z.object({
  list: z.array(giftCardAnswer),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type GiftCardListAnswer = z.infer<typeof giftCardListAnswer>;

export const giftCardMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: giftCardAnswer,
});
export type GiftCardMutationAnswer = z.infer<typeof giftCardMutationAnswer>;
export const giftCardIssueAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: giftCardDetailAnswer,
});
export type GiftCardIssueAnswer = z.infer<typeof giftCardIssueAnswer>;

export const giftCardDeletedAnswer = z.object({ success: z.literal(true), message: z.string() });

export const giftCardStatsAnswer = z.object({
  /** The sum of the balances still owed: every card not expired, deactivated ones included. */
  liabilityCents: z.number(),
  activeCount: z.number(),
  issuedCents: z.number(),
  redeemedCents: z.number(),
});
export type GiftCardStatsAnswer = z.infer<typeof giftCardStatsAnswer>;
