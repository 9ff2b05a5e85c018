import { z } from 'zod';
import { dayField, idSchema, instantField } from './common.ts';
import { pageNumber, pageSizeNumber, queryField } from './contact-inputs.ts';

// An employee contact's shifts for one week (a week runs Sunday to Saturday). A minimal weekly list until the staff module owns scheduling.

const DAY_MS = 86_400_000;
const dayOfWeek = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

export const shiftWeekFields = {
  startOfWeek: dayField('startOfWeek must be a date (YYYY-MM-DD)', 'startOfWeek'),
  endOfWeek: dayField('endOfWeek must be a date (YYYY-MM-DD)', 'endOfWeek'),
};

/** startOfWeek is a Sunday and endOfWeek the Saturday after it. */
export const withWeekRules = <T extends z.ZodType<{ startOfWeek: string; endOfWeek: string }>>(schema: T) =>
  schema
    .refine((q) => dayOfWeek(q.startOfWeek) === 0, {
      message: 'A week starts on a Sunday',
      path: ['startOfWeek'],
    })
    .refine((q) => daysBetween(q.startOfWeek, q.endOfWeek) === 6, {
      message: 'endOfWeek must be the Saturday after startOfWeek',
      path: ['endOfWeek'],
    });

export const shiftWeekQuery = withWeekRules(z.object(shiftWeekFields));
export type ShiftWeek = z.infer<typeof shiftWeekQuery>;

export const MAX_SHIFT_HOURS = 24;

export const shiftInput = z
  .object({
    _id: idSchema.optional(),
    shiftName: z.string().trim().min(1, { message: 'Shift name is required' }).max(100),
    positionIds: z.array(idSchema).max(20).default([]),
    startDate: instantField('startDate must be a date and time', 'startDate'),
    endDate: instantField('endDate must be a date and time', 'endDate'),
  })
  .refine((s) => Date.parse(s.endDate) > Date.parse(s.startDate), {
    message: 'A shift must end after it starts',
    path: ['endDate'],
  })
  .refine((s) => Date.parse(s.endDate) - Date.parse(s.startDate) <= MAX_SHIFT_HOURS * 3_600_000, {
    message: `A shift lasts at most ${MAX_SHIFT_HOURS} hours`,
    path: ['endDate'],
  });

export const updateShiftsBody = z.object({
  contactId: idSchema,
  /** The whole week: shifts not in the list are removed. */
  shifts: z.array(shiftInput).max(50, { message: 'At most 50 shifts in a week' }),
});
export type UpdateShiftsBody = z.infer<typeof updateShiftsBody>;

export const shiftAnswer = z.object({
  _id: idSchema,
  shiftName: z.string(),
  positionIds: z.array(idSchema),
  startDate: z.string(),
  endDate: z.string(),
});
export const weekShiftsAnswer = z.object({
  contactId: idSchema,
  fullName: z.string(),
  startOfWeek: z.string(),
  endOfWeek: z.string(),
  shifts: z.array(shiftAnswer),
});
export const weekShiftsMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: weekShiftsAnswer,
});

/** The week's shifts of every employee (or of one contact), a page at a time. */
export const shiftListQuery = withWeekRules(
  z.object({
    ...shiftWeekFields,
    contactId: queryField(idSchema),
    page: pageNumber(1, 1),
    pageSize: pageSizeNumber(50, 200),
  }),
);
export const shiftListAnswer = z.object({
  list: z.array(weekShiftsAnswer),
  pagination: z.object({ page: z.number(), pageSize: z.number(), hasMore: z.boolean() }),
});
