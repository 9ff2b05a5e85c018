import { z } from 'zod';
import { dayField, idSchema, instantField } from './common.ts';
import { mutationAnswer, pageNumber, pageSizeNumber, queryField } from './contact-inputs.ts';
import { MAX_SHIFT_HOURS, shiftWeekFields, withWeekRules } from './staff.ts';
import { pagination } from './staff-time.ts';

// Scheduling: employee shifts on a Sunday-Saturday week grid (drafts, then published), the shift
// pool, time-off and reschedule requests, sales budgets, categories, positions, attendance and
// the activity log. Paths follow the earlier client: employee-shifts, employee-budgets,
// employee-categories, contact-position, employee-attendance.

const text = (max: number) => z.string().trim().max(max);
const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} is required` })
    .max(100);
const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'must be a colour like #1e90ff' })
  .nullable();
const cents = z.number().int().min(0).max(100_000_000);

export const weekQuery = withWeekRules(z.object(shiftWeekFields));
export type WeekQuery = z.infer<typeof weekQuery>;
export const weekBody = weekQuery;

const shiftTimes = {
  startDate: instantField('startDate must be a date and time', 'startDate'),
  endDate: instantField('endDate must be a date and time', 'endDate'),
};
const lasts = (s: { startDate?: string; endDate?: string }) =>
  s.startDate === undefined || s.endDate === undefined || Date.parse(s.endDate) > Date.parse(s.startDate);
const notTooLong = (s: { startDate?: string; endDate?: string }) =>
  s.startDate === undefined ||
  s.endDate === undefined ||
  Date.parse(s.endDate) - Date.parse(s.startDate) <= MAX_SHIFT_HOURS * 3_600_000;
const shiftRules = <T extends z.ZodType<{ startDate?: string; endDate?: string }>>(schema: T) =>
  schema
    .refine(lasts, { message: 'A shift must end after it starts', path: ['endDate'] })
    .refine(notTooLong, { message: `A shift lasts at most ${MAX_SHIFT_HOURS} hours`, path: ['endDate'] });

const shiftFields = {
  contactId: idSchema,
  shiftName: name('Shift name'),
  positionIds: z.array(idSchema).max(20).default([]),
  ...shiftTimes,
  note: text(500).nullable().default(null),
};
export const createShiftBody = shiftRules(z.object(shiftFields));
export type CreateShiftBody = z.infer<typeof createShiftBody>;
export const updateShiftBody = shiftRules(
  z.object({
    contactId: idSchema.optional(),
    shiftName: name('Shift name').optional(),
    positionIds: z.array(idSchema).max(20).optional(),
    startDate: shiftTimes.startDate.optional(),
    endDate: shiftTimes.endDate.optional(),
    note: text(500).nullable().optional(),
  }),
);
export type UpdateShiftBody = z.infer<typeof updateShiftBody>;

export const SHIFT_STATES = ['draft', 'published', 'changed'] as const;
export const employeeShiftAnswer = z.object({
  _id: idSchema,
  contactId: idSchema,
  shiftName: z.string(),
  positionIds: z.array(idSchema),
  startDate: z.string(),
  endDate: z.string(),
  note: z.string().nullable(),
  /** draft: never published; changed: published, with edits not yet published. */
  state: z.enum(SHIFT_STATES),
  /** The organisation day it is shown on (the day it starts there). */
  day: z.string(),
  overTimeOff: z.boolean(),
  onOffer: z.boolean(),
});
export type EmployeeShiftAnswer = z.infer<typeof employeeShiftAnswer>;
export const employeeShiftMutation = mutationAnswer(employeeShiftAnswer);

export const timeOffSpan = z.object({
  _id: idSchema,
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
});

export const scheduleQuery = withWeekRules(
  z.object({
    ...shiftWeekFields,
    search: queryField(text(100)),
    page: pageNumber(1, 1),
    pageSize: pageSizeNumber(50, 200),
  }),
);
export type ScheduleQuery = z.infer<typeof scheduleQuery>;
export const scheduleRow = z.object({
  contactId: idSchema,
  fullName: z.string(),
  categoryId: idSchema.nullable(),
  positionIds: z.array(idSchema),
  hourlyCostCents: z.number().nullable(),
  shifts: z.array(employeeShiftAnswer),
  timeOff: z.array(timeOffSpan),
  scheduledMs: z.number(),
  costCents: z.number(),
  /** Shifts with no rate (no wage, no hourly cost, no position with a rate): they cost 0. */
  uncostedShifts: z.number().int(),
});
export type ScheduleRow = z.infer<typeof scheduleRow>;
export const scheduleAnswer = z.object({
  startOfWeek: z.string(),
  endOfWeek: z.string(),
  days: z.array(z.string()),
  status: z.enum(['draft', 'published']),
  publishedAt: z.string().nullable(),
  unpublishedChanges: z.number(),
  rows: z.array(scheduleRow),
  pagination,
});
export type ScheduleAnswer = z.infer<typeof scheduleAnswer>;

export const myShift = z.object({
  _id: idSchema,
  shiftName: z.string(),
  positionIds: z.array(idSchema),
  startDate: z.string(),
  endDate: z.string(),
  day: z.string(),
  onOffer: z.boolean(),
});
export type MyShift = z.infer<typeof myShift>;
export const myScheduleAnswer = z.object({
  contactId: idSchema.nullable(),
  startOfWeek: z.string(),
  endOfWeek: z.string(),
  shifts: z.array(myShift),
  timeOff: z.array(timeOffSpan),
});
export type MyScheduleAnswer = z.infer<typeof myScheduleAnswer>;

export const publishAnswer = mutationAnswer(
  z.object({ publishedAt: z.string().nullable(), changed: z.number(), notified: z.number() }),
);
export const copyAnswer = mutationAnswer(z.object({ copied: z.number(), skipped: z.number() }));
export const rowOrderBody = z.object({ contactIds: z.array(idSchema).min(1).max(2000) });
export const okAnswer = z.object({ success: z.literal(true), message: z.string() });

export const activityQuery = z.object({
  skip: pageNumber(0, 0),
  limit: pageSizeNumber(5, 50),
});
export const activityAnswer = z.object({
  list: z.array(
    z.object({
      _id: idSchema,
      action: z.string(),
      message: z.string(),
      actorName: z.string().nullable(),
      startOfWeek: z.string().nullable(),
      at: z.string(),
    }),
  ),
  total: z.number(),
});
export type ActivityAnswer = z.infer<typeof activityAnswer>;

// ---- shift pool ----

const person = z.object({ contactId: idSchema, fullName: z.string() });
export const poolEntryAnswer = z.object({
  _id: idSchema,
  shiftPoolId: idSchema,
  shiftId: idSchema,
  shift: z.object({ shiftName: z.string(), startDate: z.string(), endDate: z.string(), day: z.string() }),
  offeredBy: person,
  note: z.string().nullable(),
  status: z.enum(['offered', 'traded', 'withdrawn']),
  bids: z.array(person.extend({ status: z.enum(['active', 'cancelled', 'accepted']), at: z.string() })),
  trades: z.array(z.object({ from: person, to: person, acceptedBy: z.string().nullable(), at: z.string() })),
  createdAt: z.string(),
});
export type PoolEntryAnswer = z.infer<typeof poolEntryAnswer>;
export const poolQuery = z.object({ status: queryField(z.enum(['offered', 'all'])) });
export const poolListAnswer = z.object({ list: z.array(poolEntryAnswer) });
export const offerBody = z.object({ shiftId: idSchema, note: text(500).nullable().default(null) });
export const bidBody = z.object({ contactId: idSchema.optional() });
export const acceptTradeBody = z.object({ contactId: idSchema });
export const poolMutation = mutationAnswer(poolEntryAnswer);
export const notifyAnswer = mutationAnswer(z.object({ sent: z.number() }));

// ---- time-off and reschedule requests ----

export const REQUEST_STATUSES = ['pending', 'approved', 'denied', 'cancelled'] as const;
export const requestStatus = z.enum(REQUEST_STATUSES);
export const timeOffBody = z
  .object({
    contactId: idSchema.optional(),
    startDate: dayField('startDate must be a date (YYYY-MM-DD)', 'startDate'),
    endDate: dayField('endDate must be a date (YYYY-MM-DD)', 'endDate'),
    reason: text(500).default(''),
  })
  .refine((b) => b.endDate >= b.startDate, {
    message: 'endDate must not be before startDate',
    path: ['endDate'],
  })
  .refine((b) => Date.parse(b.endDate) - Date.parse(b.startDate) <= 366 * 86_400_000, {
    message: 'Time off spans at most a year',
    path: ['endDate'],
  });
export type TimeOffBody = z.infer<typeof timeOffBody>;
export const rescheduleBody = shiftRules(
  z.object({ shiftId: idSchema, ...shiftTimes, reason: text(500).default('') }),
);
export type RescheduleBody = z.infer<typeof rescheduleBody>;
/** What approving time off does with the employee's published shifts in it. */
export const TIME_OFF_SHIFT_ACTIONS = ['keep', 'pool', 'unassign'] as const;
export const decideBody = z.object({
  status: z.enum(['approved', 'denied']),
  response: text(500).nullable().default(null),
  /** Time off only: keep the shifts (flagged), offer them in the pool, or take them off the schedule. */
  shifts: z.enum(TIME_OFF_SHIFT_ACTIONS).default('keep'),
});
export const requestListQuery = z.object({
  status: queryField(requestStatus),
  contactId: queryField(idSchema),
  page: pageNumber(1, 1),
  pageSize: pageSizeNumber(50, 200),
});
export const requestAnswer = z.object({
  _id: idSchema,
  id: idSchema,
  kind: z.enum(['timeOff', 'reschedule']),
  contactId: idSchema,
  fullName: z.string(),
  status: requestStatus,
  payload: z.object({
    startDate: z.string(),
    endDate: z.string(),
    reason: z.string(),
    shiftId: idSchema.nullable(),
    shiftName: z.string().nullable(),
  }),
  response: z.string().nullable(),
  /** Time off: the employee's published shifts, still on the schedule, inside the asked days. */
  overlappingShifts: z.number().int(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RequestAnswer = z.infer<typeof requestAnswer>;
export const requestListAnswer = z.object({ list: z.array(requestAnswer), pagination });
export const requestMutation = mutationAnswer(requestAnswer);

// ---- budgets, categories, positions, employees, attendance ----

export const budgetDay = z.object({
  day: dayField('day must be a date (YYYY-MM-DD)', 'day'),
  plannedSalesCents: cents,
});
export const budgetBody = withWeekRules(z.object({ ...shiftWeekFields, days: z.array(budgetDay).max(7) }));
export const budgetAnswer = z.object({
  startOfWeek: z.string(),
  endOfWeek: z.string(),
  days: z.array(z.object({ day: z.string(), plannedSalesCents: z.number(), labourCostCents: z.number() })),
  plannedSalesCents: z.number(),
  labourCostCents: z.number(),
  /** Labour cost as a percentage of planned sales, one decimal. */
  labourPercent: z.number(),
});
export type BudgetAnswer = z.infer<typeof budgetAnswer>;
export const budgetMutation = mutationAnswer(budgetAnswer);

export const categoryBody = z.object({ name: name('Category name'), color: color.default(null) });
export const categoryUpdateBody = z.object({
  name: name('Category name').optional(),
  color: color.optional(),
});
export const categoryAnswer = z.object({
  _id: idSchema,
  name: z.string(),
  color: z.string().nullable(),
  sortOrder: z.number(),
});
export type CategoryAnswer = z.infer<typeof categoryAnswer>;
export const categoryListAnswer = z.object({ list: z.array(categoryAnswer) });
export const categoryMutation = mutationAnswer(categoryAnswer);

export const positionBody = z.object({
  name: name('Position name'),
  color: color.default(null),
  categoryId: idSchema.nullable().default(null),
  hourlyCostCents: cents.nullable().default(null),
});
export const positionUpdateBody = z.object({
  name: name('Position name').optional(),
  color: color.optional(),
  categoryId: idSchema.nullable().optional(),
  hourlyCostCents: cents.nullable().optional(),
});
export const positionAnswer = z.object({
  _id: idSchema,
  name: z.string(),
  color: z.string().nullable(),
  categoryId: idSchema.nullable(),
  hourlyCostCents: z.number().nullable(),
});
export type PositionAnswer = z.infer<typeof positionAnswer>;
export const positionListAnswer = z.object({ list: z.array(positionAnswer) });
export const positionMutation = mutationAnswer(positionAnswer);

export const employeeProfileBody = z.object({
  categoryId: idSchema.nullable().optional(),
  positionIds: z.array(idSchema).max(20).optional(),
  hourlyCostCents: cents.nullable().optional(),
});
export const contactIdParam = z.object({ contactId: idSchema });
export const employeeProfileAnswer = z.object({
  contactId: idSchema,
  fullName: z.string(),
  punchId: z.string().nullable(),
  /** On the schedule's roster: shown on the grid, the time sheet and attendance. */
  onSchedule: z.boolean(),
  categoryId: idSchema.nullable(),
  positionIds: z.array(idSchema),
  hourlyCostCents: z.number().nullable(),
  /** Whether the employee has a punch PIN (told to managers only; never the PIN). */
  pinSet: z.boolean(),
});
export type EmployeeProfileAnswer = z.infer<typeof employeeProfileAnswer>;
export const employeeListAnswer = z.object({ list: z.array(employeeProfileAnswer) });
export const employeeProfileMutation = mutationAnswer(employeeProfileAnswer);

export const ATTENDANCE_STATUSES = ['onTime', 'late', 'absent', 'excused'] as const;
export const attendanceStatus = z.enum(ATTENDANCE_STATUSES);
export const attendanceQuery = withWeekRules(
  z.object({
    ...shiftWeekFields,
    contactId: queryField(idSchema),
    page: pageNumber(1, 1),
    pageSize: pageSizeNumber(50, 200),
  }),
);
export const attendanceBody = z.object({
  contactId: idSchema,
  shiftId: idSchema,
  status: attendanceStatus,
  note: text(500).nullable().default(null),
});
export const attendanceShift = z.object({
  shiftId: idSchema,
  shiftName: z.string(),
  day: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** What the clock says, or what a manager recorded over it; upcoming until the shift starts. */
  status: z.enum([...ATTENDANCE_STATUSES, 'upcoming']),
  clockedInAt: z.string().nullable(),
  lateMs: z.number(),
  recorded: z.boolean(),
  note: z.string().nullable(),
});
export const attendanceRow = z.object({
  contactId: idSchema,
  fullName: z.string(),
  scheduledMs: z.number(),
  workedMs: z.number(),
  overtimeMs: z.number(),
  onTime: z.number(),
  late: z.number(),
  absent: z.number(),
  excused: z.number(),
  shifts: z.array(attendanceShift),
});
export type AttendanceRow = z.infer<typeof attendanceRow>;
export const attendanceAnswer = z.object({
  startOfWeek: z.string(),
  endOfWeek: z.string(),
  list: z.array(attendanceRow),
  pagination,
});
export const attendanceMutation = mutationAnswer(attendanceShift);
