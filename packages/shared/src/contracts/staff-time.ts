import { z } from 'zod';
import { dayField, idSchema } from './common.ts';
import { mutationAnswer, pageNumber, pageSizeNumber, queryField } from './contact-inputs.ts';

// Time tracking (work history): the calls an earlier client made under /contact/workhistory/
// with its field names (startwork, startShiftWork, updatework, endwork, checkout), the admin's
// time sheet calls, the organisation's time settings and the time-clock kiosk's punches.

const text = (max: number) => z.string().trim().max(max);
/** HH:mm on the organisation's clock. */
export const clockTime = (label: string) =>
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: `${label} must be a time (HH:mm)` });

/** refused: the employee declined to share; failed: the screen's video source did not start. */
export const CAPTURE_STATUSES = ['off', 'sharing', 'refused', 'failed', 'stopped'] as const;
export const captureStatus = z.enum(CAPTURE_STATUSES);
export type CaptureStatus = z.infer<typeof captureStatus>;

/** A screenshot as the browser sends it: a JPEG, PNG or WebP data URL. */
export const SCREENSHOT_MAX_CHARS = 1_400_000;
const imageData = (max: number) =>
  z
    .string()
    .max(max, { message: 'The screenshot is too large' })
    .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/, {
      message: 'must be a JPEG, PNG or WebP data URL',
    });

export const startWorkBody = z.object({
  /** Sent by the earlier client; the signed-in user is who starts work. */
  userId: idSchema.optional(),
  userType: text(40).optional(),
  /** Whose session: the caller's own contact when left out; another's needs staff management. */
  contactId: idSchema.optional(),
  description: text(500).default(''),
  captureStatus: captureStatus.optional(),
});
export type StartWorkBody = z.infer<typeof startWorkBody>;
export const startShiftWorkBody = startWorkBody.extend({
  shiftId: idSchema,
  shiftName: text(100).optional(),
});
export type StartShiftWorkBody = z.infer<typeof startShiftWorkBody>;

export const updateWorkBody = z.object({
  historyId: idSchema,
  screenshot: imageData(SCREENSHOT_MAX_CHARS).optional(),
  screenshot_sm: imageData(300_000).optional(),
  /** The screen share's state: refused, failed or stopped is recorded, never an error. */
  captureStatus: captureStatus.optional(),
});
export type UpdateWorkBody = z.infer<typeof updateWorkBody>;
export const historyIdBody = z.object({ historyId: idSchema });
/** What a break is: a short rest or a meal. */
export const BREAK_KINDS = ['break', 'meal'] as const;
export const breakKind = z.enum(BREAK_KINDS);
export type BreakKind = z.infer<typeof breakKind>;
export const checkoutBody = z.object({
  contactId: idSchema.optional(),
  /** break unless said; a meal is told apart on the time sheet. */
  kind: breakKind.optional(),
  note: text(500).optional(),
  /** The earlier client's field: its text becomes the note of a break. */
  restDescription: text(500).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

export const workBreakAnswer = z.object({
  _id: idSchema,
  kind: breakKind,
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** The break's note (the earlier client's rest description). */
  description: z.string().nullable(),
});
export type WorkBreakAnswer = z.infer<typeof workBreakAnswer>;

export const workHistoryAnswer = z.object({
  _id: idSchema,
  historyId: idSchema,
  contactId: idSchema,
  contactName: z.string(),
  shiftId: idSchema.nullable(),
  shiftName: z.string().nullable(),
  description: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  manual: z.boolean(),
  autoEnded: z.boolean(),
  needsConfirmation: z.boolean(),
  restDescription: z.string().nullable(),
  /** Addresses of the latest screenshot and its thumbnail (read with the caller's token). */
  screenshot: z.string().nullable(),
  screenshot_sm: z.string().nullable(),
  captureStatus: captureStatus,
  breakTimes: z.array(workBreakAnswer),
  onBreak: z.boolean(),
  /** Worked so far (to now while open), breaks taken off. */
  workedMs: z.number(),
});
export type WorkHistoryAnswer = z.infer<typeof workHistoryAnswer>;
export const workHistoryMutation = mutationAnswer(workHistoryAnswer);

const dayTotals = z.array(z.object({ day: z.string(), workedMs: z.number() }));

export const timeSettings = z.object({
  screenshotIntervalMinutes: z.number().int().min(1).max(240),
  screenshotsEnabled: z.boolean(),
  autoEndHours: z.number().int().min(1).max(24),
  lateGraceMinutes: z.number().int().min(0).max(120),
  /** The tablet time clock asks for the employee's PIN after their punch id. */
  requirePunchPin: z.boolean(),
});
export type TimeSettings = z.infer<typeof timeSettings>;
export const timeSettingsBody = timeSettings.partial();
export const timeSettingsMutation = mutationAnswer(timeSettings);

/** A published shift as the time clock offers it. */
export const clockShift = z.object({
  _id: idSchema,
  shiftName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type ClockShift = z.infer<typeof clockShift>;

/**
 * The caller's own clock: the open session, this week's hours, entries waiting for confirmation,
 * the shift clocking in now is for (today's, or one starting within a few hours) and the next one.
 */
export const myClockAnswer = z.object({
  contactId: idSchema.nullable(),
  session: workHistoryAnswer.nullable(),
  offeredShift: clockShift.nullable(),
  nextShift: clockShift.nullable(),
  /** Whether the employee has a punch PIN (never the PIN itself). */
  pinSet: z.boolean(),
  needsConfirmation: z.array(workHistoryAnswer),
  week: z.object({ startOfWeek: z.string(), endOfWeek: z.string(), days: dayTotals, totalMs: z.number() }),
  settings: timeSettings,
});
export type MyClockAnswer = z.infer<typeof myClockAnswer>;

export const workListQuery = z.object({
  contactId: queryField(idSchema),
  startDate: queryField(dayField('startDate must be a date (YYYY-MM-DD)', 'startDate')),
  endDate: queryField(dayField('endDate must be a date (YYYY-MM-DD)', 'endDate')),
  needsConfirmation: queryField(z.enum(['true', 'false'])),
  page: pageNumber(1, 1),
  pageSize: pageSizeNumber(50, 200),
});
export type WorkListQuery = z.infer<typeof workListQuery>;
export const pagination = z.object({ page: z.number(), pageSize: z.number(), hasMore: z.boolean() });
export const workListAnswer = z.object({
  list: z.array(workHistoryAnswer),
  totalWorkedMs: z.number(),
  pagination,
});

export const overviewRow = z.object({
  contactId: idSchema,
  fullName: z.string(),
  days: dayTotals,
  totalMs: z.number(),
  entries: z.number(),
  open: z.boolean(),
  needsConfirmation: z.number(),
});
export const overviewAnswer = z.object({
  startOfWeek: z.string(),
  endOfWeek: z.string(),
  days: z.array(z.string()),
  list: z.array(overviewRow),
  pagination,
});
export type OverviewAnswer = z.infer<typeof overviewAnswer>;

export const runningAnswer = z.object({
  list: z.array(
    z.object({
      historyId: idSchema,
      contactId: idSchema,
      fullName: z.string(),
      startTime: z.string(),
      onBreak: z.boolean(),
      shiftName: z.string().nullable(),
      workedMs: z.number(),
    }),
  ),
});
export const workedEmployeesQuery = z.object({ date: dayField('date must be a date (YYYY-MM-DD)', 'date') });
export const workedEmployeesAnswer = z.object({
  date: z.string(),
  list: z.array(
    z.object({
      contactId: idSchema,
      fullName: z.string(),
      workedMs: z.number(),
      entries: z.number(),
      firstStart: z.string(),
      lastEnd: z.string().nullable(),
    }),
  ),
});

export const screenshotAnswer = z.object({
  _id: idSchema,
  historyId: idSchema,
  contactId: idSchema,
  takenAt: z.string(),
  status: z.enum(['captured', 'refused', 'failed', 'stopped']),
  image: z.string().nullable(),
  thumbnail: z.string().nullable(),
});
export type ScreenshotAnswer = z.infer<typeof screenshotAnswer>;
export const screenshotListQuery = z.object({ historyId: idSchema });
export const screenshotListAnswer = z.object({ list: z.array(screenshotAnswer) });
export const screenshotImageQuery = z.object({ size: queryField(z.enum(['full', 'small'])) });

/** A point on the organisation's clock: a day and HH:mm there, never the editor's own zone. */
const wallDay = (name: string) => dayField(`${name} must be a date (YYYY-MM-DD)`, name);
export const manualBreakInput = z.object({
  startDate: wallDay('startDate'),
  startTime: clockTime('startTime'),
  endDate: wallDay('endDate'),
  endTime: clockTime('endTime'),
  kind: breakKind.optional(),
  description: text(200).optional(),
});
const reason = z.string().trim().min(1, { message: 'Say why (kept in the audit trail)' }).max(500);

export const manualWorkBody = z.object({
  contactId: idSchema,
  startDate: wallDay('startDate'),
  startTime: clockTime('startTime'),
  endDate: wallDay('endDate'),
  endTime: clockTime('endTime'),
  breakTimes: z.array(manualBreakInput).max(20).default([]),
  description: text(500).default(''),
  reason,
});
export type ManualWorkBody = z.infer<typeof manualWorkBody>;

export const updateTimeBody = z
  .object({
    historyId: idSchema,
    startDate: wallDay('startDate').optional(),
    startTime: clockTime('startTime').optional(),
    endDate: wallDay('endDate').optional(),
    endTime: clockTime('endTime').optional(),
    description: text(500).optional(),
    reason,
  })
  .refine((b) => (b.startDate === undefined) === (b.startTime === undefined), {
    message: 'startDate and startTime go together',
    path: ['startTime'],
  })
  .refine((b) => (b.endDate === undefined) === (b.endTime === undefined), {
    message: 'endDate and endTime go together',
    path: ['endTime'],
  });
export type UpdateTimeBody = z.infer<typeof updateTimeBody>;
export const deleteBreakBody = z.object({
  historyId: idSchema,
  breakId: idSchema,
  reason: reason.optional(),
});
export const deleteWorkQuery = z.object({ reason: queryField(text(500)) });

export const workEditsAnswer = z.object({
  list: z.array(
    z.object({
      _id: idSchema,
      action: z.string(),
      reason: z.string().nullable(),
      actorName: z.string().nullable(),
      at: z.string(),
      changes: z.array(
        z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() }),
      ),
    }),
  ),
});

// ---- the time clock on a paired device ----

/** An employee's punch PIN: 4 to 6 digits. */
/** A punch PIN is 4 to 6 digits. */
export const PUNCH_PIN_DIGITS = { min: 4, max: 6 } as const;
export const punchPin = z
  .string()
  .regex(new RegExp(`^\\d{${PUNCH_PIN_DIGITS.min},${PUNCH_PIN_DIGITS.max}}$`), {
    message: `The PIN is ${PUNCH_PIN_DIGITS.min} to ${PUNCH_PIN_DIGITS.max} digits`,
  });
/** What a PIN field keeps of what is typed: digits only, at most the PIN's length. */
export const typedPin = (text: string) => text.replace(/\D/g, '').slice(0, PUNCH_PIN_DIGITS.max);
/** Sets (or, with null, clears) a punch PIN. */
export const punchPinBody = z.object({ pin: punchPin.nullable() });
export const punchPinMutation = mutationAnswer(z.object({ pinSet: z.boolean() }));

export const punchIdParams = z.object({ punchId: z.string().trim().min(1).max(40) });
const punchIdField = z.string().trim().min(1, { message: 'Enter your punch id' }).max(40);
/** The tablet's look-up: the punch id, and the PIN when the organisation requires one. */
export const punchLookupBody = z.object({ punchId: punchIdField, pin: punchPin.optional() });
export const punchBody = z.object({
  punchId: punchIdField,
  pin: punchPin.optional(),
  action: z.enum(['in', 'out', 'break', 'resume']),
  kind: breakKind.optional(),
  note: text(500).optional(),
  restDescription: text(500).optional(),
});
export type PunchBody = z.infer<typeof punchBody>;
export const clockStatusAnswer = z
  .object({
    contactId: idSchema,
    name: z.string(),
    status: z.enum(['out', 'working', 'onBreak']),
    historyId: idSchema.nullable(),
    startTime: z.string().nullable(),
    workedMs: z.number(),
    /** The shift clocking in now is for (clocking in at the tablet links it). */
    offeredShift: clockShift.nullable(),
    /** The organisation's zone, to show the shift's times on its clock. */
    timeZone: z.string(),
  })
  .describe('The employee found by punch id: whether they are working and the shift on offer');
export type ClockStatusAnswer = z.infer<typeof clockStatusAnswer>;
export const punchAnswer = mutationAnswer(clockStatusAnswer);
export { STAFF_TEXT } from './staff-texts.ts';
