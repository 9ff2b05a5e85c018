import { z } from 'zod';
import { phoneDigits } from '../rules/phone.ts';
import { emailField } from './auth.ts';
import { idSchema } from './common.ts';

// Building blocks shared by the contacts contracts: field validators and query helpers.

/** '' from a cleared form input means "no value". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** '' in a query string means "no filter". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const nullableField = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable());
export const queryField = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

export const CONTACT_STATUSES = ['active', 'inactive'] as const;
export const contactStatus = z.enum(CONTACT_STATUSES);
export type ContactStatus = z.infer<typeof contactStatus>;

export const PAYMENT_STATUSES = ['none', 'past_due', 'frozen'] as const;
export const paymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatus>;

const PAYMENT_ALIASES: Record<string, PaymentStatus> = {
  none: 'none',
  past_due: 'past_due',
  pastdue: 'past_due',
  'past due': 'past_due',
  'past-due': 'past_due',
  frozen: 'frozen',
  freezed: 'frozen',
};
/** The filter accepts the labels the web shows (past due, freezed shown as Frozen). */
export const paymentStatusFilter = z.preprocess(
  (v) => (typeof v === 'string' ? (PAYMENT_ALIASES[v.trim().toLowerCase()] ?? v) : v),
  paymentStatus,
);

export const phoneField = z
  .string()
  .trim()
  .max(40)
  .refine(
    (v) => {
      const n = phoneDigits(v).length;
      return n >= 7 && n <= 15;
    },
    { message: 'Please enter a valid phone number' },
  );

export const contactEmailField = emailField;

/** Punch ids are what a member scans or types at the kiosk. */
export const punchIdField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,32}$/, { message: 'Punch ID must be 1 to 32 letters, digits or dashes' });

export const billingAddress = z.object({
  street: nullableField(z.string().trim().max(200)).optional(),
  street2: nullableField(z.string().trim().max(200)).optional(),
  city: nullableField(z.string().trim().max(100)).optional(),
  state: nullableField(z.string().trim().max(100)).optional(),
  zip: nullableField(z.string().trim().max(20)).optional(),
  country: nullableField(z.string().trim().max(100)).optional(),
});
export type BillingAddressInput = z.infer<typeof billingAddress>;

export const billingAddressAnswer = z.object({
  street: z.string().nullable().optional(),
  street2: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  zip: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
});

export const customFieldValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

/** A list of ids given as `a,b,c` or as a repeated query key. */
export const idListQuery = (max: number) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(idSchema).max(max, { message: `At most ${max} ids` }),
  );

export const pageNumber = (fallback: number, min: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(min).max(1_000_000).default(fallback));
export const pageSizeNumber = (fallback: number, max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(max).default(fallback));

/** What every write answers: the success text of the catalogue and the saved record. */
export const mutationAnswer = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });
export const countAnswer = z.object({ success: z.literal(true), message: z.string(), count: z.number() });
export type CountAnswer = z.infer<typeof countAnswer>;
