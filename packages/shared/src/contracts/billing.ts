import { z } from 'zod';
import { paymentAnswer } from './billing-payments.ts';
import { dayField, idSchema, instantField } from './common.ts';
import { mutationAnswer, nullableField, pageNumber, pageSizeNumber, queryField } from './contact-inputs.ts';

// A contact's contracts (membership agreements) and invoices. Money is integer cents; dates are calendar days (YYYY-MM-DD).

export const CONTRACT_INTERVALS = ['one_time', 'weekly', 'monthly', 'yearly'] as const;
export const CONTRACT_STATUSES = ['active', 'frozen', 'cancelled', 'expired'] as const;
export type ContractInterval = (typeof CONTRACT_INTERVALS)[number];
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** Stored invoice states; `past_due` is a due invoice whose due date has passed (read, never stored). */
export const INVOICE_STATUSES = ['due', 'past_due', 'paid', 'forfeit', 'refund'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const PAYMENT_METHODS = ['cash', 'card', 'bank_transfer', 'other'] as const;

/** Invoices list: page 1, page size 10. */
export const INVOICE_PAGINATION = { page: 1, pageSize: 10 } as const;
export const CONTRACT_PAGINATION = { page: 1, pageSize: 20 } as const;
/** The largest amount accepted: 10 million in the currency (1e9 cents). */
export const AMOUNT_CENTS_MAX = 1_000_000_000;

const day = (label: string) => dayField(`${label} must be a date (YYYY-MM-DD)`, label);
const amountCents = (label: string, min: number) =>
  z
    .number({ message: `${label} must be a number of cents` })
    .int({ message: `${label} must be a whole number of cents` })
    .min(min, { message: min > 0 ? `${label} must be more than 0` : `${label} cannot be negative` })
    .max(AMOUNT_CENTS_MAX, { message: `${label} is too large` });

export const contactBillingParams = z.object({ contactId: idSchema });
export const contractItemParams = z.object({ contactId: idSchema, contractId: idSchema });
export const invoiceItemParams = z.object({ contactId: idSchema, invoiceId: idSchema });

const contractFields = {
  title: z.string().trim().min(1, { message: 'Title is required' }).max(120),
  startDate: day('Start date'),
  endDate: nullableField(day('End date')),
  amountCents: amountCents('Amount', 0),
  billingInterval: z.enum(CONTRACT_INTERVALS, {
    message: 'Billing interval must be one-time, weekly, monthly or yearly',
  }),
  status: z.enum(CONTRACT_STATUSES, { message: 'Status must be active, frozen, cancelled or expired' }),
  notes: nullableField(z.string().trim().max(2000)),
  /** Charged once, on the contract's first invoice. */
  signUpFeeCents: amountCents('Sign-up fee', 0),
  /** The first bill date: full cycles line up on it; days before it are prorated. Default: the start date. */
  anchorDay: nullableField(day('First bill date')),
};
const endAfterStart = (b: { startDate?: string; endDate?: string | null }) =>
  !b.startDate || !b.endDate || b.endDate >= b.startDate;
const END_BEFORE_START = { message: 'End date cannot be before the start date', path: ['endDate'] };

export const contractCreateBody = z
  .object({
    ...contractFields,
    endDate: contractFields.endDate.optional(),
    status: z.enum(['active', 'frozen'], { message: 'A new contract is active or frozen' }).optional(),
    notes: contractFields.notes.optional(),
    signUpFeeCents: contractFields.signUpFeeCents.optional(),
    anchorDay: contractFields.anchorDay.optional(),
  })
  .refine(endAfterStart, END_BEFORE_START);
export type ContractCreateBody = z.infer<typeof contractCreateBody>;

/** Any subset of the fields; a status change freezes, unfreezes, cancels or expires the contract. */
export const contractUpdateBody = z
  .object(contractFields)
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Nothing to update',
    path: ['title'],
  })
  .refine(endAfterStart, END_BEFORE_START);
export type ContractUpdateBody = z.infer<typeof contractUpdateBody>;

export const contractListQuery = z.object({
  page: pageNumber(CONTRACT_PAGINATION.page, 1),
  pageSize: pageSizeNumber(CONTRACT_PAGINATION.pageSize, 100),
});

export const contractAnswer = z.object({
  _id: idSchema,
  contactId: idSchema,
  title: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  amountCents: z.number(),
  billingInterval: z.enum(CONTRACT_INTERVALS),
  status: z.enum(CONTRACT_STATUSES),
  notes: z.string().nullable(),
  /** Whether this is the contract the contact's plan and payment status come from. */
  isCurrent: z.boolean(),
  invoiceCount: z.number(),
  signUpFeeCents: z.number(),
  /** The day cycles line up on (the first bill date). */
  anchorDay: z.string(),
  /** The next day an invoice is issued and charged; null when nothing more is billed. */
  nextBillDay: z.string().nullable(),
  /** A cancellation waiting for the paid period to end: the contract's last day. */
  cancelsOn: z.string().nullable(),
  /** The freeze holding the contract (end: the day it thaws; null while open-ended). */
  freeze: z.object({ start: z.string(), end: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContractAnswer = z.infer<typeof contractAnswer>;

const pagination = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalPages: z.number(),
});

/** The contact's billing state as the contacts list filters it (plan, payment status). */
export const billingStateAnswer = z.object({
  plan: z.string().nullable(),
  paymentStatus: z.enum(['none', 'past_due', 'frozen']),
});

export const contractListAnswer = z.object({
  list: z.array(contractAnswer),
  pagination,
  billing: billingStateAnswer,
});
export const contractMutationAnswer = mutationAnswer(contractAnswer).extend({ billing: billingStateAnswer });

export const invoiceCreateBody = z.object({
  description: z.string().trim().min(1, { message: 'Description is required' }).max(300),
  amountCents: amountCents('Amount', 1),
  dueDate: day('Due date'),
  contractId: nullableField(idSchema).optional(),
});
export type InvoiceCreateBody = z.infer<typeof invoiceCreateBody>;

/**
 * Marking an invoice paid. With `card` the contact's saved card (`cardId`, else the default) is
 * charged through the card provider; a contact without a saved card has the payment recorded as
 * taken elsewhere (a card terminal), like cash, bank transfer and other.
 */
export const invoicePayBody = z.object({
  paidAt: instantField('Paid at must be a date and time', 'Paid at').optional(),
  method: z
    .enum(PAYMENT_METHODS, { message: 'Method must be cash, card, bank transfer or other' })
    .optional(),
  cardId: idSchema.optional(),
});
export type InvoicePayBody = z.infer<typeof invoicePayBody>;

export const invoiceListQuery = z.object({
  page: pageNumber(INVOICE_PAGINATION.page, 1),
  pageSize: pageSizeNumber(INVOICE_PAGINATION.pageSize, 100),
  status: queryField(z.enum(INVOICE_STATUSES, { message: 'Unknown invoice status' })),
});

export const invoiceAnswer = z.object({
  _id: idSchema,
  contactId: idSchema,
  contractId: idSchema.nullable(),
  contractTitle: z.string().nullable(),
  number: z.string(),
  description: z.string(),
  amountCents: z.number(),
  dueDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  paidAt: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  /** The billing period of a contract's recurring invoice (end: the first day after it). */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** Collected on it (a processing fee passed to the payer included) and refunded of that. */
  paidCents: z.number(),
  refundedCents: z.number(),
  /** Card charges tried and how many failed; the next automatic try while dunning runs. */
  attemptCount: z.number(),
  failedAttempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastFailure: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceAnswer = z.infer<typeof invoiceAnswer>;

const statusTotal = z.object({ count: z.number(), amountCents: z.number() });
export const invoiceTotals = z.object({
  due: statusTotal,
  past_due: statusTotal,
  paid: statusTotal,
  forfeit: statusTotal,
  refund: statusTotal,
});
export type InvoiceTotals = z.infer<typeof invoiceTotals>;

export const invoiceListAnswer = z.object({
  list: z.array(invoiceAnswer),
  totals: invoiceTotals,
  pagination,
  billing: billingStateAnswer,
});
export const invoiceMutationAnswer = mutationAnswer(invoiceAnswer).extend({ billing: billingStateAnswer });
export const billingRemovedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  billing: billingStateAnswer,
});

/** One invoice with its charge attempts and refunds, newest first. */
export const invoiceDetailAnswer = z.object({
  data: invoiceAnswer.extend({ payments: z.array(paymentAnswer) }),
  billing: billingStateAnswer,
});
export type InvoiceDetail = z.infer<typeof invoiceDetailAnswer>['data'];

/** A freeze until a day: billing pauses and the contract thaws by itself on that day. */
export const contractFreezeBody = z.object({ until: day('Until') });
export type ContractFreezeBody = z.infer<typeof contractFreezeBody>;

export * from './billing-payments.ts';
