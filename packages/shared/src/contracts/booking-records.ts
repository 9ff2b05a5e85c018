import { z } from 'zod';
import {
  blankToNullValue as blankToNull,
  bookingKind,
  bookingMutation,
  capacityField,
  eventColorName,
  hhmmField as hhmm,
  bookingInstant as instant,
  isoDayField as isoDay,
  optionalTextField as optionalText,
  bookingPageQuery as pageQuery,
} from './booking-inputs.ts';
import { idSchema } from './common.ts';
import { booking, bookingSlot, bookingStatus, membershipStatusField } from './kiosk.ts';

// Slots and bookings (appointments and class attendance): see booking.ts for the paths.

// ------------------------------------------------------------------------------ slots

/** GET /booking-slot: slots whose day is in [startDate, endDate] (at most 92 days). */
export const slotListQuery = z.object({
  startDate: isoDay,
  endDate: isoDay,
  type: bookingKind.optional(),
  bookingTypeId: idSchema.optional(),
  /** Only the classes this staff contact teaches (their effective instructor). */
  instructorId: idSchema.optional(),
});

export const slotBody = z
  .object({
    bookingTypeId: idSchema,
    date: isoDay,
    startTime: hhmm,
    endTime: hhmm,
    capacity: capacityField.default(null),
    type: bookingKind.default('class'),
    /** This class's own instructor; null (the default) inherits the schedule's, then the type's. */
    instructorId: z.preprocess(blankToNull, idSchema.nullable()).default(null),
  })
  .refine((s) => s.startTime !== s.endTime, {
    message: 'End time must differ from start time',
    path: ['endTime'],
  });
export const slotUpdateBody = z
  .object({
    bookingTypeId: idSchema,
    date: isoDay,
    startTime: hhmm,
    endTime: hhmm,
    capacity: capacityField,
    type: bookingKind,
    instructorId: z.preprocess(blankToNull, idSchema.nullable()),
  })
  .partial();

/** The kiosk's slot plus what the admin calendar needs. */
export const adminSlot = bookingSlot.extend({
  type: bookingKind,
  /** Live bookings (not deleted, not cancelled): what capacity is measured against. */
  bookedCount: z.number().int(),
  /** Seats left; null when the class has no capacity limit. */
  remaining: z.number().int().nullable(),
  scheduleId: idSchema.nullable(),
  color: eventColorName,
  colorHex: z.string(),
  /** The class's own instructor (an override), or null when it inherits one. */
  instructorId: idSchema.nullable(),
  /** Who teaches it: its own instructor, else its schedule's, else its booking type's. */
  instructor: z.object({ _id: idSchema, fullName: z.string() }).nullable(),
});
export type AdminSlot = z.infer<typeof adminSlot>;
export const slotListAnswer = z.object({ list: z.array(adminSlot) });
export const slotMutationAnswer = bookingMutation(adminSlot);

// ------------------------------------------------------------------------------ bookings

export const bookingListQuery = z.object({
  /** Bookings starting on or after this day (organisation's zone). */
  startDate: isoDay.optional(),
  /** … and on or before this day. */
  endDate: isoDay.optional(),
  slotId: idSchema.optional(),
  contactId: idSchema.optional(),
  type: bookingKind.optional(),
  status: bookingStatus.optional(),
  includeDeleted: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  page: z.coerce.number().int().min(0).default(0),
  perPage: pageQuery(50, 400),
});

export const bookingCreateBody = z
  .object({
    invitedUser: idSchema,
    /** A class or appointment slot; its booking type, start and end apply. */
    bookingSlot: idSchema.optional(),
    bookingType: idSchema.optional(),
    type: bookingKind.optional(),
    status: bookingStatus.default('booked'),
    attendDate: z.preprocess(blankToNull, instant.nullable()).optional(),
    /** Required without a slot. */
    startDate: instant.optional(),
    endDate: instant.optional(),
    notes: optionalText(2000).optional(),
  })
  .refine((b) => b.bookingSlot || b.bookingType, {
    message: 'Choose a slot or a booking type',
    path: ['bookingType'],
  })
  .refine((b) => b.bookingSlot || (b.startDate && b.endDate), {
    message: 'Start and end are required without a slot',
    path: ['startDate'],
  })
  .refine((b) => !b.startDate || !b.endDate || Date.parse(b.endDate) > Date.parse(b.startDate), {
    message: 'End must be after start',
    path: ['endDate'],
  });
export type BookingCreateBody = z.infer<typeof bookingCreateBody>;
export type BookingCreateInput = z.input<typeof bookingCreateBody>;

export const bookingUpdateBody = z
  .object({
    status: bookingStatus,
    attendDate: z.preprocess(blankToNull, instant.nullable()),
    notes: optionalText(2000),
    /** Slot-less appointments only. */
    bookingType: idSchema,
    startDate: instant,
    endDate: instant,
  })
  .partial();

/**
 * PUT /booking/:id/attendance: staff take attendance ('Checked In' for a check-in, 'Booking
 * updated' otherwise). booked undoes a check-in; an employee may take it only in the classes they
 * teach (403 otherwise).
 */
export const bookingAttendanceBody = z.object({ status: z.enum(['completed', 'booked', 'no_show']) });
export type BookingAttendanceBody = z.infer<typeof bookingAttendanceBody>;

/** A slot move (bookingSlot) or, for a slot-less appointment, new start and end. */
export const bookingRescheduleBody = z
  .object({ bookingSlot: idSchema.optional(), startDate: instant.optional(), endDate: instant.optional() })
  .refine((b) => b.bookingSlot || (b.startDate && b.endDate), {
    message: 'Choose the new slot',
    path: ['bookingSlot'],
  })
  .refine((b) => !b.startDate || !b.endDate || Date.parse(b.endDate) > Date.parse(b.startDate), {
    message: 'End must be after start',
    path: ['endDate'],
  });

export const bookingContactRef = z.object({
  _id: idSchema,
  fullName: z.string(),
  photo: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Active, past due, frozen or no plan (rules/membership-status.ts). */
  membershipStatus: membershipStatusField.optional(),
});
export const bookingRecord = booking.extend({
  contact: bookingContactRef.nullable(),
  bookingTypeTitle: z.string(),
  color: eventColorName,
  slot: z.object({ date: isoDay, startTime: hhmm, endTime: hhmm }).nullable(),
  notes: z.string().nullable(),
  /** Where it came from: admin, member, kiosk, public or waitlist (promoted from it). */
  source: z.string(),
  /** Cancelled by the member after the organisation's cancellation cut-off. */
  lateCancel: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingRecord = z.infer<typeof bookingRecord>;
export const bookingListAnswer = z.object({
  list: z.array(bookingRecord),
  pagination: z.object({ page: z.number().int(), perPage: z.number().int(), total: z.number().int() }),
});
export const bookingRecordAnswer = z.object({ data: bookingRecord });
export const bookingMutationAnswer = bookingMutation(bookingRecord);
/** PUT /booking/:id/attendance: 'Checked In', 'Already checked in' or 'Booking updated', and the
 * organisation's membership warning when its rule is "warn". */
export const bookingAttendanceAnswer = bookingMutationAnswer.extend({ warning: z.string().optional() });
export type BookingAttendanceAnswer = z.infer<typeof bookingAttendanceAnswer>;
