import { z } from 'zod';
import {
  blankToNullValue as blankToNull,
  bookingKind,
  bookingMutation,
  capacityField,
  eventColorName,
  hhmmField as hhmm,
  isoDayField as isoDay,
  optionalTextField as optionalText,
} from './booking-inputs.ts';
import { idSchema } from './common.ts';

export * from './booking-inputs.ts';
export * from './booking-records.ts';
export * from './booking-settings.ts';
export { type Booking, type BookingSlot, booking, bookingSlot, bookingStatus } from './kiosk.ts';

/*
 * Booking admin calls: booking types, slots, appointments and groups, and the appointment life
 * cycle. Paths are under /api. Every write answers
 * `{ success: true, message, data }` with the catalogue's message; errors are `{ error }` (400
 * naming the field, 403, 404, 409 for a full class or a double booking).
 *
 *   booking types   GET/POST /booking-type, PUT/DELETE /booking-type/:id
 *                   ('Booking type created / updated / deleted')
 *   booking groups  GET/POST /booking-group, PUT/DELETE /booking-group/:id
 *                   ('Booking group created / updated / deleted'); `slug` is the public link
 *   schedules       GET/POST /class-schedule, PUT/DELETE /class-schedule/:id
 *                   ('Schedule created / updated / deleted'); slots are generated from them
 *   slots           GET/POST /booking-slot, PUT/DELETE /booking-slot/:id
 *                   ('Slot created', 'Slot updated', 'Slot deleted')
 *   bookings        GET /booking, GET /booking/:id, POST /booking, PUT /booking/:id,
 *                   PUT /booking/:id/reschedule, DELETE /booking/:id (soft: isDeleted true).
 *                   Appointments (type other): 'Appointment booked!' / 'Appointment updated' /
 *                   'Appointment deleted'; class bookings (type class): 'Booking created' /
 *                   'Booking updated' / 'Booking deleted'; any move: 'Appointment rescheduled'.
 *
 * Times: a slot's `date` is the organisation's day and `startTime`/`endTime` are HH:mm in the
 * organisation's IANA time zone; `startsAt`/`endsAt` are the same instants in UTC (an end at or
 * before the start means the class ends the next day). Clients (members) see and book only for
 * their own contact; managing types, groups, schedules and slots needs a staff role.
 */

// ------------------------------------------------------------------------------ booking types

/** An instructor as answers name them: a staff contact. */
export const instructorRef = z.object({ _id: idSchema, fullName: z.string() });

const bookingTypeFields = {
  title: z.string().trim().min(1, { message: 'Title is required' }).max(120),
  /** Shown in pickers; defaults to the title. */
  label: optionalText(120).optional(),
  /** A short stable key; defaults to the title in kebab-case. */
  value: optionalText(120).optional(),
  /** The program the class belongs to (shown on the kiosk as bookingType.program.name). */
  programName: optionalText(120).optional(),
  color: eventColorName,
  kind: bookingKind,
  durationMinutes: z.number().int().min(5).max(1440),
  description: optionalText(2000).optional(),
  /** The default instructor of the type's classes: a staff contact (employee, admin or owner). */
  instructorId: z.preprocess(blankToNull, idSchema.nullable()).optional(),
};
export const bookingTypeBody = z.object({
  ...bookingTypeFields,
  color: eventColorName.default('Default'),
  kind: bookingKind.default('class'),
  durationMinutes: bookingTypeFields.durationMinutes.default(60),
});
export type BookingTypeBody = z.infer<typeof bookingTypeBody>;
export type BookingTypeInput = z.input<typeof bookingTypeBody>;
/** Update: any subset (no defaults: absent fields stay as they are). */
export const bookingTypeUpdateBody = z.object(bookingTypeFields).partial();

export const bookingTypeAnswer = z.object({
  _id: idSchema,
  title: z.string(),
  label: z.string(),
  value: z.string(),
  programName: z.string().nullable(),
  program: z.object({ name: z.string() }).nullable(),
  color: eventColorName,
  /** The hex of `color` ('Default' is the organisation's theme colour). */
  colorHex: z.string(),
  kind: bookingKind,
  durationMinutes: z.number().int(),
  description: z.string().nullable(),
  instructor: instructorRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingTypeAnswer = z.infer<typeof bookingTypeAnswer>;
export const bookingTypeListAnswer = z.object({ list: z.array(bookingTypeAnswer) });
export const bookingTypeMutationAnswer = bookingMutation(bookingTypeAnswer);

// ------------------------------------------------------------------------------ booking groups

const bookingGroupFields = {
  name: z.string().trim().min(1, { message: 'Name is required' }).max(120),
  description: optionalText(2000).optional(),
  /** The booking types whose upcoming slots the public page offers. */
  bookingTypeIds: z.array(idSchema).min(1, { message: 'Choose at least one booking type' }).max(50),
  isActive: z.boolean(),
};
export const bookingGroupBody = z.object({ ...bookingGroupFields, isActive: z.boolean().default(true) });
export const bookingGroupUpdateBody = z.object(bookingGroupFields).partial();

export const bookingTypeRef = z.object({ _id: idSchema, title: z.string() });
export const bookingGroupAnswer = z.object({
  _id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  /** The public link: the public page calls GET /api/public/booking-group/:slug. */
  slug: z.string(),
  isActive: z.boolean(),
  bookingTypes: z.array(bookingTypeRef),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingGroupAnswer = z.infer<typeof bookingGroupAnswer>;
export const bookingGroupListAnswer = z.object({ list: z.array(bookingGroupAnswer) });
export const bookingGroupMutationAnswer = bookingMutation(bookingGroupAnswer);

// ------------------------------------------------------------------------------ class schedules

const scheduleShape = {
  bookingTypeId: idSchema,
  /** 0 Sunday … 6 Saturday (a week runs Sunday to Saturday). */
  daysOfWeek: z
    .array(z.number().int().min(0).max(6))
    .min(1, { message: 'Choose at least one day' })
    .max(7)
    .refine((d) => new Set(d).size === d.length, { message: 'Days must not repeat' }),
  startTime: hhmm,
  endTime: hhmm,
  capacity: capacityField,
  fromDate: isoDay,
  untilDate: z.preprocess(blankToNull, isoDay.nullable()),
  type: bookingKind,
  isActive: z.boolean(),
  /** Overrides the booking type's instructor for this schedule's classes; null inherits it. */
  instructorId: z.preprocess(blankToNull, idSchema.nullable()),
};
const scheduleRules = <T extends z.ZodType<Partial<Record<string, unknown>>>>(schema: T) =>
  schema
    .refine((s) => !s.startTime || !s.endTime || s.startTime !== s.endTime, {
      message: 'End time must differ from start time',
      path: ['endTime'],
    })
    .refine((s) => !s.untilDate || !s.fromDate || (s.untilDate as string) >= (s.fromDate as string), {
      message: 'Until date must not be before the from date',
      path: ['untilDate'],
    });
export const classScheduleBody = scheduleRules(
  z.object({
    ...scheduleShape,
    capacity: capacityField.default(null),
    untilDate: scheduleShape.untilDate.default(null),
    type: bookingKind.default('class'),
    isActive: z.boolean().default(true),
    instructorId: scheduleShape.instructorId.default(null),
  }),
);
export const classScheduleUpdateBody = scheduleRules(z.object(scheduleShape).partial());

export const classScheduleAnswer = z.object({
  _id: idSchema,
  bookingType: bookingTypeRef,
  daysOfWeek: z.array(z.number().int()),
  startTime: hhmm,
  endTime: hhmm,
  capacity: z.number().int().nullable(),
  fromDate: isoDay,
  untilDate: isoDay.nullable(),
  type: bookingKind,
  isActive: z.boolean(),
  /** Slots exist up to this day; later ones are generated when a range reaching them is read. */
  generatedUntil: isoDay.nullable(),
  /** The schedule's own instructor (an override), or null when it inherits the type's. */
  instructorId: idSchema.nullable(),
  /** Who teaches its classes: its own instructor, else the booking type's. */
  instructor: instructorRef.nullable(),
  createdAt: z.string(),
});
export type ClassScheduleAnswer = z.infer<typeof classScheduleAnswer>;
export const classScheduleListAnswer = z.object({ list: z.array(classScheduleAnswer) });
export const classScheduleMutationAnswer = bookingMutation(
  classScheduleAnswer.extend({ slotsCreated: z.number().int() }),
);
