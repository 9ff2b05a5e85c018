import { z } from 'zod';
import { idSchema } from './common.ts';
import { checkTipRange, TIP_BASES, tipRangeFields } from './tips.ts';

// The tip share and the POS sync; the routes and rules are listed in tips.ts.

export const tipShareQuery = z
  .object({ ...tipRangeFields, poolId: idSchema.optional() })
  .superRefine(checkTipRange);
export type TipShareQuery = z.infer<typeof tipShareQuery>;

/** One employee's share. */
export const tipShareEmployeeAnswer = z.object({
  _id: idSchema,
  fullName: z.string(),
  photo: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  salary: z.object({ wageType: z.string() }).nullable(),
  /** Role names the employee shared under in the range. */
  roles: z.array(z.string()),
  /** Card tips (cents), paid through payroll. */
  ccTip: z.number(),
  /** Cash tips (cents). */
  cashTip: z.number(),
  /** Hours counted for the share (two decimals). */
  workedHours: z.number(),
  workedMinutes: z.number(),
  /** ccTip + cashTip. */
  totalAmount: z.number(),
  /** Cash the house owes the employee (cash tips are collected by the house). */
  cashTipOwed: z.number(),
});
export type TipShareEmployeeAnswer = z.infer<typeof tipShareEmployeeAnswer>;

export const tipShareDayAnswer = z.object({
  day: z.string(),
  cardTipsCents: z.number(),
  cashTipsCents: z.number(),
  /** Shared among this many people; 0 with tips means nobody who shares tips worked. */
  people: z.number(),
  /** The day is in a paid period: the figures are what was paid. */
  paid: z.boolean(),
});

export const tipSharePoolAnswer = z.object({
  poolId: idSchema,
  name: z.string(),
  basis: z.enum(TIP_BASES),
  /** Tips of the pool's locations in the range; shared + unshared. */
  cardTipsCents: z.number(),
  cashTipsCents: z.number(),
  days: z.array(tipShareDayAnswer),
  employees: z.array(tipShareEmployeeAnswer),
});
export type TipSharePoolAnswer = z.infer<typeof tipSharePoolAnswer>;

const tipTotals = z.object({
  cardTipsCents: z.number(),
  cashTipsCents: z.number(),
  /** Of those, what nobody could take (no one who shares tips worked that day). */
  unsharedCardCents: z.number(),
  unsharedCashCents: z.number(),
});

export const tipShareAnswer = z.object({
  startDate: z.string(),
  endDate: z.string(),
  pools: z.array(tipSharePoolAnswer),
  /** Every employee across the pools shown, each once. */
  employees: z.array(tipShareEmployeeAnswer),
  totals: tipTotals,
});
export type TipShareAnswer = z.infer<typeof tipShareAnswer>;

export const tipSyncBody = z.object({ ...tipRangeFields }).superRefine(checkTipRange);
export type TipSyncBody = z.infer<typeof tipSyncBody>;
export const tipSyncAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** Location-days whose card tips the POS gave. */
    days: z.number(),
    /** Location-days changed by the sync. */
    changed: z.number(),
    /** Days of paid periods the POS reported differently: left as paid. */
    skippedPaid: z.number(),
    share: tipShareAnswer,
  }),
});
export type TipSyncAnswer = z.infer<typeof tipSyncAnswer>;
