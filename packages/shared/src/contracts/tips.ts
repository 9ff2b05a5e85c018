import { z } from 'zod';
import { DATE_MAX, DATE_MIN, dayField, idSchema } from './common.ts';

/*
 * Tips (tip management and the tip share), under /api, with the payroll permission (read to
 * look, write to change, delete to remove). Writes answer `{ success: true, message, data }`;
 * errors are `{ error }` (400 naming the field, 403 without the permission, 404 for what is not
 * the organisation's, 409 for a day of a paid period or a location another pool already has).
 *
 *   GET    /tip-management/locations                 the tip locations (Bar, Dining room...)
 *   POST   /tip-management/locations                 add one                 'Location saved'
 *   PUT    /tip-management/locations/:id             rename                  'Location saved'
 *   DELETE /tip-management/locations/:id             409 while a pool or daily tips use it
 *                                                                            'Location deleted'
 *   GET    /tip-management/roles                     staff positions with their sharesTips setting
 *   PUT    /tip-management/roles/:roleId             { sharesTips }          'Role saved'
 *   GET    /tip-management/daily-tips?startDate&endDate[&locationId]   days with tips, by day
 *   PUT    /tip-management/daily-tips                upsert one location-day 'Daily tips saved'
 *                                                    (409 'This day is in a paid payroll period')
 *   GET    /tip-management/pools?page=1&limit=10     newest first, { list, total, page, limit }
 *   GET    /tip-management/pools/:id
 *   POST   /tip-management/pools                     'Tip Pool Created Successfully'
 *   PUT    /tip-management/pools/:id                 'Tip Pool Updated Successfully'
 *   DELETE /tip-management/pools/:id                 'Tip Pool Deleted Successfully'
 *   GET    /tip-share?startDate&endDate[&poolId]     per-employee shares, per pool and in all
 *   POST   /tip-share/sync                           { startDate, endDate } pulls card tips per
 *          day and location from the POS source      'Synced tip share with POS'
 *                                                    (500 'Unable to sync tip share with POS')
 *
 * Rules: a location belongs to one pool at most; a pool's tips for a day are its locations' daily
 * tips. Day shifts are the windows (org time zone) whose work counts; none means the whole day.
 * An employee working for two pools on one day is counted once: in a pool with tips that day
 * before one without, then where they worked longest (tie: the older pool). Roles whose setting
 * says they do not share tips (managers, supervisors by default) get nothing; a role that did not
 * work that day has its part redistributed. Card tips go into pending payroll (pay line cardTipsCents); cash tips are owed by
 * the house and reported (cashTipOwed). Days of paid periods show what was paid.
 */

export const TIPS_TEXT = {
  locationSaved: 'Location saved',
  locationDeleted: 'Location deleted',
  locationInUse: 'This location is used by a tip pool or has daily tips',
  locationTaken: (name: string, pool: string) => `${name} is already in the tip pool ${pool}`,
  roleSaved: 'Role saved',
  dailyTipsSaved: 'Daily tips saved',
  paidPeriod: 'This day is in a paid payroll period',
  poolCreated: 'Tip Pool Created Successfully',
  poolUpdated: 'Tip Pool Updated Successfully',
  poolDeleted: 'Tip Pool Deleted Successfully',
  synced: 'Synced tip share with POS',
  unableToSync: 'Unable to sync tip share with POS',
  datesRequired: 'Start and End date required!',
  rangeTooLong: 'Choose at most 93 days',
} as const;

export const TIP_BASES = ['hours', 'points', 'equal'] as const;
export type TipBasisName = (typeof TIP_BASES)[number];
/** The longest date range the tip screens ask for at once. */
export const TIP_RANGE_MAX_DAYS = 93;

const tipCents = z.number().int({ message: 'Must be whole cents' }).min(0).max(100_000_000);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Must be a time (HH:MM)' });
const hundredthsOf = (max: number) => z.number().min(0).max(max).multipleOf(0.01);

// Locations ------------------------------------------------------------------------------------

export const tipLocationBody = z.object({
  name: z.string().trim().min(1, { message: 'Name is required' }).max(80),
});
export type TipLocationBody = z.infer<typeof tipLocationBody>;
export const tipLocationAnswer = z.object({
  _id: idSchema,
  name: z.string(),
  /** The pool the location belongs to, if any. */
  poolId: idSchema.nullable(),
  poolName: z.string().nullable(),
});
export type TipLocationAnswer = z.infer<typeof tipLocationAnswer>;
export const tipLocationListAnswer = z.object({ list: z.array(tipLocationAnswer) });
export const tipLocationMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: tipLocationAnswer,
});

// Roles (staff positions) -----------------------------------------------------------------------

export const tipRoleParams = z.object({ roleId: idSchema });
export const tipRoleBody = z.object({
  sharesTips: z.boolean({ message: 'Say whether the role shares tips' }),
});
export const tipRoleAnswer = z.object({
  /** The staff position's id. */
  roleId: idSchema,
  name: z.string(),
  sharesTips: z.boolean(),
  /** true when nobody set it: then managers and supervisors (by name) do not share. */
  isDefault: z.boolean(),
});
export type TipRoleAnswer = z.infer<typeof tipRoleAnswer>;
export const tipRoleListAnswer = z.object({ list: z.array(tipRoleAnswer) });
export const tipRoleMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: tipRoleAnswer,
});

// Date ranges ------------------------------------------------------------------------------------

const rangeDay = z.iso
  .date({ error: TIPS_TEXT.datesRequired })
  .refine((v) => v >= DATE_MIN && v <= DATE_MAX, { message: TIPS_TEXT.datesRequired });
const spanDays = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000 + 1;
/** Both days inclusive, end not before start, at most TIP_RANGE_MAX_DAYS days. */
export const tipRangeFields = { startDate: rangeDay, endDate: rangeDay };
export const checkTipRange = <T extends { startDate: string; endDate: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.endDate < v.startDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'End date must not be before the start date',
    });
  } else if (spanDays(v.startDate, v.endDate) > TIP_RANGE_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: TIPS_TEXT.rangeTooLong });
  }
};

// Daily tips ------------------------------------------------------------------------------------

export const dailyTipsQuery = z
  .object({ ...tipRangeFields, locationId: idSchema.optional() })
  .superRefine(checkTipRange);
export type DailyTipsQuery = z.infer<typeof dailyTipsQuery>;
export const dailyTipsBody = z.object({
  locationId: idSchema,
  day: dayField(),
  cardTipsCents: tipCents,
  cashTipsCents: tipCents,
});
export type DailyTipsBody = z.infer<typeof dailyTipsBody>;
export const dailyTipsAnswer = z.object({
  locationId: idSchema,
  locationName: z.string(),
  day: z.string(),
  cardTipsCents: z.number(),
  cashTipsCents: z.number(),
  /** manual: typed in; pos: card tips pulled by a POS sync. */
  source: z.enum(['manual', 'pos']),
  /** The day lies in a paid payroll period: it can no longer change. */
  paid: z.boolean(),
  updatedAt: z.string(),
});
export type DailyTipsAnswer = z.infer<typeof dailyTipsAnswer>;
export const dailyTipsListAnswer = z.object({
  list: z.array(dailyTipsAnswer),
  totals: z.object({ cardTipsCents: z.number(), cashTipsCents: z.number() }),
});
export const dailyTipsMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: dailyTipsAnswer,
});

// Tip pools -------------------------------------------------------------------------------------

export const tipPoolRoleBody = z.object({
  roleId: idSchema,
  /** Weight of each person of the role under the points basis (up to two decimals). */
  points: hundredthsOf(1000).optional(),
  /** The role's part of the pool, any scale (e.g. percent); set on any role, the pool is split between roles first. */
  share: hundredthsOf(100_000).optional(),
});
export const dayShiftBody = z.object({
  name: z.string().trim().min(1, { message: 'Name the day shift' }).max(40),
  /** Local time in the organisation's zone; an end not after the start runs past midnight. */
  start: hhmm,
  end: hhmm,
});
export type DayShift = z.infer<typeof dayShiftBody>;

export const tipPoolBody = z
  .object({
    name: z.string().trim().min(1, { message: 'Name is required' }).max(80),
    basis: z.enum(TIP_BASES, { message: 'Choose hours, points or equal' }),
    locationIds: z.array(idSchema).min(1, { message: 'Choose at least one location' }).max(50),
    roles: z.array(tipPoolRoleBody).min(1, { message: 'Choose at least one role' }).max(50),
    /** Empty: the whole day counts. */
    dayShifts: z.array(dayShiftBody).max(6).default([]),
  })
  .superRefine((v, ctx) => {
    if (new Set(v.locationIds).size !== v.locationIds.length) {
      ctx.addIssue({ code: 'custom', path: ['locationIds'], message: 'A location is listed twice' });
    }
    if (new Set(v.roles.map((r) => r.roleId)).size !== v.roles.length) {
      ctx.addIssue({ code: 'custom', path: ['roles'], message: 'A role is listed twice' });
    }
    if (v.basis === 'points' && v.roles.some((r) => !(r.points && r.points > 0))) {
      ctx.addIssue({ code: 'custom', path: ['roles'], message: 'Give every role its points' });
    }
    if (v.dayShifts.some((s) => s.start === s.end)) {
      ctx.addIssue({
        code: 'custom',
        path: ['dayShifts'],
        message: 'A day shift must not start and end at once',
      });
    }
  });
export type TipPoolBody = z.input<typeof tipPoolBody>;

export const tipPoolAnswer = z.object({
  _id: idSchema,
  name: z.string(),
  basis: z.enum(TIP_BASES),
  locations: z.array(z.object({ _id: idSchema, name: z.string() })),
  roles: z.array(
    z.object({
      roleId: idSchema,
      name: z.string(),
      points: z.number().nullable(),
      share: z.number().nullable(),
      /** From the role setting: false means the role is listed but takes nothing. */
      sharesTips: z.boolean(),
    }),
  ),
  dayShifts: z.array(dayShiftBody),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TipPoolAnswer = z.infer<typeof tipPoolAnswer>;
export const tipPoolListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const tipPoolListAnswer = z.object({
  list: z.array(tipPoolAnswer),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type TipPoolListAnswer = z.infer<typeof tipPoolListAnswer>;
export const tipPoolMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: tipPoolAnswer,
});
export const tipsOkAnswer = z.object({ success: z.literal(true), message: z.string() });
