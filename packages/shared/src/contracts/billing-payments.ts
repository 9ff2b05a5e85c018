import { z } from 'zod';
import { dayField, idSchema } from './common.ts';
import { pageNumber, pageSizeNumber, queryField } from './contact-inputs.ts';

// Money moving on invoices: card charges and their attempts, refunds, the organisation's billing
// settings (dunning retry days, the processing fee passed to the payer), the invoice and finance
// statistics, the billing e-mails and the payment authorization a member signs.

export const PAYMENT_KINDS = ['charge', 'refund'] as const;
export const PAYMENT_STATES = ['pending', 'succeeded', 'failed'] as const;
/** Who started a payment: the job runner, a member of staff, the member, or a provider's event. */
export const PAYMENT_SOURCES = ['auto', 'staff', 'member', 'provider'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export type PaymentState = (typeof PAYMENT_STATES)[number];

const cents = (label: string, min: number) =>
  z
    .number({ message: `${label} must be a number of cents` })
    .int({ message: `${label} must be a whole number of cents` })
    .min(min, { message: min > 0 ? `${label} must be more than 0` : `${label} cannot be negative` })
    .max(1_000_000_000, { message: `${label} is too large` });

/** One charge attempt or refund of an invoice. */
export const paymentAnswer = z.object({
  _id: idSchema,
  invoiceId: idSchema,
  kind: z.enum(PAYMENT_KINDS),
  method: z.enum(['cash', 'card', 'bank_transfer', 'other']),
  status: z.enum(PAYMENT_STATES),
  source: z.enum(PAYMENT_SOURCES),
  /** A charge's attempt number on its invoice (1, 2, ...); null for payments recorded by hand. */
  attempt: z.number().nullable(),
  /** What was taken or given back, a processing fee included. */
  amountCents: z.number(),
  feeCents: z.number(),
  /** Of a charge: how much has been refunded. */
  refundedCents: z.number(),
  card: z.string().nullable(),
  failureCode: z.string().nullable(),
  failureMessage: z.string().nullable(),
  providerRef: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type PaymentAnswer = z.infer<typeof paymentAnswer>;

/** "Charge now" and "Retry": the saved card to charge (the default card when omitted). */
export const invoiceChargeBody = z.object({ cardId: idSchema.optional() });
export type InvoiceChargeBody = z.infer<typeof invoiceChargeBody>;

/** A refund of the invoice's payment: all that is left to refund when no amount is given. */
export const invoiceRefundBody = z.object({
  amountCents: cents('Refund', 1).optional(),
  reason: z.string().trim().max(300).optional(),
});
export type InvoiceRefundBody = z.infer<typeof invoiceRefundBody>;

// ---------------------------------------------------------------- settings

export const DUNNING_RETRY_DAYS_MAX = 60;

export const billingSettingsBody = z.object({
  /** Days after the first failed charge on which it is tried again (1, 3, 7 by default). */
  retryDays: z
    .array(
      z
        .number({ message: 'Retry days must be numbers of days, for example 1, 3, 7' })
        .int({ message: 'Retry days must be whole days' })
        .min(1, { message: 'Retry days must be 1 or more' })
        .max(DUNNING_RETRY_DAYS_MAX, { message: `Retry days must be ${DUNNING_RETRY_DAYS_MAX} or fewer` }),
      { message: 'Retry days must be a list of days, for example 1, 3, 7' },
    )
    .max(10, { message: 'At most 10 retries' })
    .refine((days) => days.every((d, i) => i === 0 || d > days[i - 1]!), {
      message: 'Retry days must grow, for example 1, 3, 7',
    }),
  /** Pass the card processing fee to the payer. */
  processingFeeEnabled: z.boolean(),
  processingFeePercent: z
    .number({ message: 'Fee percent must be a number' })
    .min(0, { message: 'Fee percent cannot be negative' })
    .max(10, { message: 'Fee percent must be 10 or less' })
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, {
      message: 'Fee percent takes at most two decimals',
    }),
  processingFeeTitle: z.string().trim().min(1, { message: 'Fee title is required' }).max(60),
});
export type BillingSettingsBody = z.infer<typeof billingSettingsBody>;
export const billingSettingsAnswer = billingSettingsBody;
export const billingSettingsMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: billingSettingsAnswer,
});

/** The processing fee result as the payment screens read it. */
export const processingFeeAnswer = z.object({
  fee: z.number(),
  percent: z.number(),
  title: z.string(),
  applied: z.boolean(),
  programType: z.string().nullable(),
  method: z.string(),
});
export const processingFeeQuery = z.object({
  amountCents: z.coerce.number().int().min(0).max(1_000_000_000),
  method: z.enum(['cash', 'card', 'bank_transfer', 'other']).default('card'),
  programType: queryField(z.string().trim().max(120)),
});

/** What the web needs to collect cards: the provider, Stripe's publishable key, the test cards. */
export const paymentConfigAnswer = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().nullable(),
  /** The sandbox's test cards are listed outside production only. */
  showTestCards: z.boolean(),
});

/** A SetupIntent's client secret, for Stripe's card element in the browser. */
export const cardSetupAnswer = z.object({ clientSecret: z.string() });

// ---------------------------------------------------------------- statistics

const range = { from: queryField(dayField('From must be a date (YYYY-MM-DD)', 'From')) };

export const invoiceStatsQuery = z.object({ contactId: queryField(idSchema) });
export const invoiceStatsAnswer = z.object({
  total: z.number(),
  partialPayment: z.number(),
  paid: z.number(),
  due: z.number(),
  sent: z.number(),
  draft: z.number(),
  thisWeek: z.number(),
  thisMonth: z.number(),
  nextMonth: z.number(),
  paidAmount: z.number(),
  scheduledAmount: z.number(),
  dueAmount: z.number(),
  paidPercent: z.number(),
  scheduledPercent: z.number(),
  duePercent: z.number(),
});
export type InvoiceStatsAnswer = z.infer<typeof invoiceStatsAnswer>;

export const financeStatsAnswer = z.object({
  thisMonth: z.number(),
  lastMonth: z.number(),
  ongoing: z.number(),
  oneTime: z.number(),
  pastDue: z.number(),
  upcoming: z.number(),
  totalCollected: z.number(),
  /** Collected per calendar month of the organisation, the last 12, oldest first. */
  months: z.array(z.object({ month: z.string(), collectedCents: z.number(), refundedCents: z.number() })),
});
export type FinanceStatsAnswer = z.infer<typeof financeStatsAnswer>;

export const pastDueQuery = z.object({
  page: pageNumber(1, 1),
  pageSize: pageSizeNumber(20, 100),
});
export const pastDueItem = z.object({
  invoiceId: idSchema,
  number: z.string(),
  contactId: idSchema,
  contactName: z.string(),
  description: z.string(),
  amountCents: z.number(),
  dueDate: z.string(),
  failedAttempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastFailure: z.string().nullable(),
});
export type PastDueItem = z.infer<typeof pastDueItem>;
export const pastDueAnswer = z.object({
  list: z.array(pastDueItem),
  totalCents: z.number(),
  pagination: z.object({ page: z.number(), pageSize: z.number(), total: z.number(), totalPages: z.number() }),
});

export const paymentsExportQuery = z.object({
  ...range,
  to: queryField(dayField('To must be a date (YYYY-MM-DD)', 'To')),
});

// ---------------------------------------------------------------- e-mails, runs, authorization

export const billingEmailsQuery = z.object({
  contactId: queryField(idSchema),
  page: pageNumber(1, 1),
  pageSize: pageSizeNumber(20, 100),
});
export const billingEmailAnswer = z.object({
  _id: idSchema,
  contactId: idSchema.nullable(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type BillingEmailAnswer = z.infer<typeof billingEmailAnswer>;
export const billingEmailsAnswer = z.object({
  list: z.array(billingEmailAnswer),
  pagination: z.object({ page: z.number(), pageSize: z.number(), total: z.number(), totalPages: z.number() }),
});

/** One billing run's counts: what it issued, charged, and how the charges went. */
export const billingRunCounts = z.object({
  thawed: z.number(),
  issued: z.number(),
  charged: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  recovered: z.number(),
});
export type BillingRunCounts = z.infer<typeof billingRunCounts>;
export const billingRunAnswer = z.object({
  running: z.boolean(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  counts: billingRunCounts.nullable(),
  error: z.string().nullable(),
});

/** The member signs the authorization by typing their name, and may draw it too (a PNG data URL). */
export const authorizationSignBody = z.object({
  signerName: z.string().trim().min(2, { message: 'Type your full name to sign' }).max(120),
  signatureImage: z
    .string()
    .max(400_000, { message: 'The drawn signature is too large' })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { message: 'The drawn signature must be a PNG image' })
    .optional(),
});
export type AuthorizationSignBody = z.infer<typeof authorizationSignBody>;
export const authorizationAnswer = z.object({
  contractId: idSchema,
  /** The text the member agrees to. */
  text: z.string(),
  signed: z.boolean(),
  signerName: z.string().nullable(),
  signedAt: z.string().nullable(),
  card: z.string().nullable(),
});
export type AuthorizationAnswer = z.infer<typeof authorizationAnswer>;
export const authorizationMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: authorizationAnswer,
});

export const AUTHORIZATION_PDF_ERROR = 'Unable to generate payment authorization PDF';
