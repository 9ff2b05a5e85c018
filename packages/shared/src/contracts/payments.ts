import { z } from 'zod';
import { idSchema } from './common.ts';
import { mutationAnswer, queryField } from './contact-inputs.ts';

// A contact's payment cards (card payment provider cards GET, POST, PUT), kept
// by the card provider; the server stores the provider's token, brand, last four and expiry only.

export const paymentCardParams = z.object({ contactId: idSchema });
export const paymentCardItemParams = z.object({ contactId: idSchema, cardId: idSchema });

const expMonth = z.coerce
  .number()
  .int()
  .min(1, { message: 'Expiry month must be 1 to 12' })
  .max(12, { message: 'Expiry month must be 1 to 12' });
/** Four digits; two (26) are read as 2026. */
const expYear = z.coerce
  .number()
  .int()
  .transform((y) => (y < 100 ? 2000 + y : y))
  .pipe(
    z
      .number()
      .min(2000, { message: 'Expiry year is invalid' })
      .max(2100, { message: 'Expiry year is invalid' }),
  );

/**
 * A new card: its number, expiry and security code (sent on to the provider, never stored), or a
 * token the provider's own client library made in the browser.
 */
export const addCardBody = z
  .object({
    number: z
      .string()
      .trim()
      .regex(/^[0-9][0-9 -]{10,22}[0-9]$/, { message: 'Your card number is incorrect.' })
      .optional(),
    expMonth: expMonth.optional(),
    expYear: expYear.optional(),
    cvc: z
      .string()
      .trim()
      .regex(/^[0-9]{3,4}$/, { message: 'Your card’s security code is invalid.' })
      .optional(),
    holderName: z.string().trim().max(100).optional(),
    token: z.string().trim().min(3).max(255).optional(),
    makeDefault: z.boolean().optional(),
  })
  .refine((b) => !!b.token !== !!b.number, {
    message: 'Give the card number or a provider token',
    path: ['number'],
  })
  .refine((b) => !b.number || (b.expMonth !== undefined && b.expYear !== undefined), {
    message: 'Expiry month and year are required',
    path: ['expMonth'],
  });
export type AddCardBody = z.infer<typeof addCardBody>;

export const updateCardBody = z
  .object({
    cardId: idSchema,
    expMonth: expMonth.optional(),
    expYear: expYear.optional(),
    /** Makes this the card charged by default. */
    isDefault: z.literal(true).optional(),
  })
  .refine((b) => (b.expMonth === undefined) === (b.expYear === undefined), {
    message: 'Give both expiry month and year',
    path: ['expMonth'],
  })
  .refine((b) => b.expMonth !== undefined || b.isDefault, { message: 'Nothing to update', path: ['cardId'] });
export type UpdateCardBody = z.infer<typeof updateCardBody>;

export const cardListQuery = z.object({
  /** true: read the cards from the provider again first (otherwise the saved copy answers). */
  refresh: queryField(z.enum(['true', 'false']).transform((v) => v === 'true')),
});

export const paymentCardAnswer = z.object({
  _id: idSchema,
  contactId: idSchema,
  provider: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  holderName: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PaymentCardAnswer = z.infer<typeof paymentCardAnswer>;
export const paymentCardListAnswer = z.object({ list: z.array(paymentCardAnswer) });
export const paymentCardMutationAnswer = mutationAnswer(paymentCardAnswer);
export const paymentCardRemovedAnswer = z.object({ success: z.literal(true), message: z.string() });
