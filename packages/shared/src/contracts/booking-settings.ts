import { z } from 'zod';
import { CANCEL_CUTOFF_MAX_MINUTES } from '../rules/booking-cancellation.ts';
import { phoneDigits } from '../rules/phone.ts';
import { EVENT_COLOR_NAMES } from '../rules/theme-color.ts';
import { emailField } from './auth.ts';
import { dayField, idSchema, instantField } from './common.ts';
import { themeSetting } from './kiosk.ts';

/*
 * The rest of the booking module's admin calls (paths under /api):
 *
 *   calendar            GET /calendar/events?start&end&filters=Events,Appointments,Classes
 *   calendar events     GET /apps/calendar/events, POST /apps/calendar/add-event,
 *                       POST /apps/calendar/update-event, DELETE /apps/calendar/remove-event?id=
 *   calendar settings   GET/PUT /calender-setting (the spec's spelling)
 *   theme settings      GET/PUT /theme-setting/booking, GET/PUT /theme-setting/self-check-in
 *   devices             GET/POST /device-management, PUT/DELETE /device-management/:id
 *                       ('Device code generated / updated / removed'; failures 'Unable to
 *                       generate device code' / 'Unable to update device' / 'Unable to remove device')
 *   public booking      GET /public/booking-group/:slug, POST /public/booking-group/:slug/book
 *                       ('Booked Successfully'); no sign-in, rate limited
 */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Time must be HH:mm' });
const instant = instantField('Must be an ISO date-time');
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const colorName = z.enum(EVENT_COLOR_NAMES);

// ------------------------------------------------------------------------------ calendar

export const CALENDAR_FILTERS = ['Events', 'Appointments', 'Classes'] as const;
export const calendarFilter = z.enum(CALENDAR_FILTERS);
export type CalendarFilter = z.infer<typeof calendarFilter>;

/** A date (YYYY-MM-DD, the organisation's midnight) or an ISO date-time. */
const rangeBound = z.union([dayField(), instant], { message: 'Must be a date or an ISO date-time' });

export const calendarQuery = z
  .object({
    start: rangeBound,
    end: rangeBound,
    /** Comma-separated; all three when absent. */
    filters: z
      .string()
      .optional()
      .transform((v) => (v ? v.split(',').map((s) => s.trim()) : [...CALENDAR_FILTERS]))
      .pipe(z.array(calendarFilter)),
    bookingTypeId: idSchema.optional(),
    /** Only the classes this staff contact teaches (appointments and events are not filtered). */
    instructorId: idSchema.optional(),
  })
  .refine((q) => q.end >= q.start, { message: 'End must not be before start', path: ['end'] });

export const calendarItem = z.object({
  /** `<kind>:<uuid>` so items of different kinds never collide in FullCalendar. */
  id: z.string(),
  kind: z.enum(['event', 'appointment', 'class']),
  /** Which filter shows it: Events, Appointments or Classes. */
  calendar: calendarFilter,
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  colorName: colorName,
  color: z.string(),
  /** The slot, booking or event id behind the item. */
  sourceId: idSchema,
  bookingTypeId: idSchema.nullable(),
  /** Classes: seats taken and capacity; appointments: the contact and status. */
  extendedProps: z.object({
    capacity: z.number().int().nullable().optional(),
    bookedCount: z.number().int().optional(),
    attendedSlots: z.number().int().optional(),
    contactId: idSchema.nullable().optional(),
    contactName: z.string().nullable().optional(),
    status: z.string().optional(),
    description: z.string().nullable().optional(),
    /** Classes: who teaches it. */
    instructorId: idSchema.nullable().optional(),
    instructorName: z.string().nullable().optional(),
  }),
});
export type CalendarItem = z.infer<typeof calendarItem>;
export const calendarAnswer = z.object({ list: z.array(calendarItem) });

export const calendarEventBody = z
  .object({
    title: z.string().trim().min(1, { message: 'Title is required' }).max(200),
    start: instant,
    end: instant,
    allDay: z.boolean().default(false),
    colorName: colorName.default('Default'),
    description: z.preprocess(blankToNull, z.string().trim().max(2000).nullable()).optional(),
  })
  .refine((e) => Date.parse(e.end) >= Date.parse(e.start), {
    message: 'End must not be before start',
    path: ['end'],
  });
export const calendarEventUpdateBody = z
  .object({
    _id: idSchema,
    title: z.string().trim().min(1, { message: 'Title is required' }).max(200),
    start: instant,
    end: instant,
    allDay: z.boolean(),
    colorName: colorName,
    description: z.preprocess(blankToNull, z.string().trim().max(2000).nullable()),
  })
  .partial()
  .required({ _id: true });
export const calendarEventQuery = z.object({ start: rangeBound.optional(), end: rangeBound.optional() });
export const calendarEventIdQuery = z.object({ id: idSchema });
export const calendarEventAnswer = z.object({
  _id: idSchema,
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  colorName: colorName,
  color: z.string(),
  description: z.string().nullable(),
});
export const calendarEventListAnswer = z.object({ list: z.array(calendarEventAnswer) });
export const calendarEventMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: calendarEventAnswer,
});

// ------------------------------------------------------------------------------ calendar settings

export const CALENDAR_VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'] as const;
export const calendarSettingsBody = z
  .object({
    /** 0 Sunday (the default: a week runs Sunday to Saturday) … 6 Saturday. */
    weekStart: z.number().int().min(0).max(6),
    slotDurationMinutes: z.union([5, 10, 15, 20, 30, 60].map((n) => z.literal(n))),
    dayStartTime: hhmm,
    dayEndTime: hhmm,
    defaultView: z.enum(CALENDAR_VIEWS),
    /** Capacity proposed for new slots and schedules; null means no limit. */
    defaultCapacity: z.preprocess(blankToNull, z.number().int().min(1).max(10_000).nullable()),
    /** How many days ahead the public booking page offers slots. */
    publicBookingDays: z.number().int().min(1).max(365),
    /**
     * Minutes before a class's start after which a member's cancellation is a late cancel (still
     * allowed, marked); 0 means free until the start.
     */
    cancelCutoffMinutes: z
      .number({ message: 'Cancellation cut-off must be a number of minutes' })
      .int({ message: 'Cancellation cut-off must be whole minutes' })
      .min(0, { message: 'Cancellation cut-off cannot be negative' })
      .max(CANCEL_CUTOFF_MAX_MINUTES, { message: 'Cancellation cut-off is at most 7 days' }),
  })
  .partial()
  .refine((s) => !s.dayStartTime || !s.dayEndTime || s.dayEndTime > s.dayStartTime, {
    message: 'Day end must be after day start',
    path: ['dayEndTime'],
  });
export const calendarSettingsAnswer = z.object({
  weekStart: z.number().int(),
  slotDurationMinutes: z.number().int(),
  dayStartTime: hhmm,
  dayEndTime: hhmm,
  defaultView: z.enum(CALENDAR_VIEWS),
  defaultCapacity: z.number().int().nullable(),
  publicBookingDays: z.number().int(),
  cancelCutoffMinutes: z.number().int(),
  /** The organisation's time zone (changed in organisation settings). */
  timeZone: z.string(),
});
export type CalendarSettingsAnswer = z.infer<typeof calendarSettingsAnswer>;
export const calendarSettingsMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: calendarSettingsAnswer,
});

// ------------------------------------------------------------------------------ theme settings

export const THEME_KINDS = ['booking', 'self-check-in'] as const;
export const themeKindParams = z.object({ kind: z.enum(THEME_KINDS) });
/**
 * PUT body. Solid: a hex of 3 or 6 digits or a named solid colour (orange, warning, tomato …
 * graphite). Gradient: `linear-gradient(45deg, #xxxxxx, #xxxxxx)` (whitespace is collapsed; the
 * answer holds the canonical text). The server checks the colour and answers 400 on `color`.
 */
export const themeSettingBody = z.object({
  type: z.enum(['solid', 'gradient']),
  color: z.string().max(200),
});
export const themeSettingAnswer = themeSetting;
export const themeSettingMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: themeSetting,
});

// ------------------------------------------------------------------------------ devices

export const deviceAnswer = z.object({
  _id: idSchema,
  name: z.string(),
  /** What the kiosk types on its pairing screen (8 letters and digits, no look-alikes). */
  code: z.string(),
  isActive: z.boolean(),
  pairedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DeviceAnswer = z.infer<typeof deviceAnswer>;
export const deviceListAnswer = z.object({ list: z.array(deviceAnswer) });
export const deviceCreateBody = z.object({
  name: z.string().trim().min(1, { message: 'Name is required' }).max(80).optional(),
});
/** Rename, or switch off (isActive false: its kiosk answers 401 until switched on again). */
export const deviceUpdateBody = z
  .object({
    name: z.string().trim().min(1, { message: 'Name is required' }).max(80).optional(),
    isActive: z.boolean().optional(),
  })
  .refine((b) => b.name !== undefined || b.isActive !== undefined, { message: 'Nothing to update' });
export const deviceMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: deviceAnswer,
});

// ------------------------------------------------------------------------------ public booking

export const publicSlugParams = z.object({
  slug: z.string().regex(/^[a-z0-9]{6,40}$/, { message: 'Unknown booking link' }),
});
export const publicSlot = z.object({
  _id: idSchema,
  date: dayField(),
  startTime: hhmm,
  endTime: hhmm,
  startsAt: z.string(),
  endsAt: z.string(),
  bookingType: z.object({
    _id: idSchema,
    title: z.string(),
    program: z.object({ name: z.string() }).nullable(),
    /** The booking type's description, shown under the class on the public page. */
    description: z.string().nullable(),
  }),
  capacity: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
});
export type PublicSlot = z.infer<typeof publicSlot>;
export const publicBookingPageAnswer = z.object({
  group: z.object({ _id: idSchema, name: z.string(), description: z.string().nullable(), slug: z.string() }),
  organization: z.object({
    name: z.string(),
    logoLink: z.string().nullable(),
    themeColor: z.string(),
    timeZone: z.string(),
  }),
  theme: themeSetting,
  /** Upcoming slots of the group's types with seats left, soonest first (at most 200). */
  slots: z.array(publicSlot),
});
export type PublicBookingPageAnswer = z.infer<typeof publicBookingPageAnswer>;
export const publicBookingBody = z.object({
  slotId: idSchema,
  name: z.string().trim().min(1, { message: 'Name is required' }).max(200),
  email: emailField,
  phone: z
    .preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .max(40)
        .refine((v) => phoneDigits(v).length >= 7 && phoneDigits(v).length <= 15, {
          message: 'Please enter a valid phone number',
        })
        .nullable(),
    )
    .optional(),
});
export const publicBookingAnswer = z.object({
  success: z.literal(true),
  message: z.literal('Booked Successfully'),
  booking: z.object({ _id: idSchema, slotId: idSchema, startDate: z.string(), endDate: z.string() }),
});
