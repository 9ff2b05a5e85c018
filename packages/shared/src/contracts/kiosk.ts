import { z } from 'zod';
import { MEMBERSHIP_OUTCOMES, MEMBERSHIP_STATUSES } from '../rules/membership-status.ts';
import { dayField, idSchema, instantField } from './common.ts';

/*
 * The self check-in kiosk's calls. A kiosk signs in with a device code once and then carries a device credential
 * (`Authorization: Bearer <deviceToken>`) that can do only these calls, for one organisation.
 */

export const KIOSK_CODE_LENGTH = 10;

/** A member's membership status (rules/membership-status.ts): active, past due, frozen, no plan. */
export const membershipStatusField = z.enum(MEMBERSHIP_STATUSES);
/** What the organisation's membership rule did with it at this check-in. */
export const membershipOutcomeField = z.enum(MEMBERSHIP_OUTCOMES);
export const KIOSK_BOOKING_LOOKUP = { page: 0, perPage: 400 } as const;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Time must be HH:mm' });
const isoDate = dayField('Date must be YYYY-MM-DD');

/** POST /api/device-auth/pair: a device code made by an admin in device management. */
export const pairDeviceBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{6,32}$/, { message: 'Enter the device code shown in device management' }),
});
export const kioskOrganization = z.object({
  _id: idSchema,
  name: z.string(),
  logoLink: z.string().nullable(),
  themeColor: z.string(),
  timeZone: z.string(),
});
export type KioskOrganization = z.infer<typeof kioskOrganization>;
export const pairDeviceAnswer = z.object({
  deviceToken: z.string(),
  device: z.object({ _id: idSchema, name: z.string() }),
  organization: kioskOrganization,
});
export type PairDeviceAnswer = z.infer<typeof pairDeviceAnswer>;

/** GET /api/kiosk/session: who the device is (also proves the credential still works). */
export const kioskSessionAnswer = z.object({
  device: z.object({ _id: idSchema, name: z.string() }),
  organization: kioskOrganization,
});

/** GET /api/kiosk/slots?startDate&endDate&type=class: class slots in the organisation's time zone. */
export const kioskSlotsQuery = z.object({
  startDate: isoDate,
  endDate: isoDate,
  type: z.enum(['class', 'other']).default('class'),
});
export const bookingSlot = z.object({
  _id: idSchema,
  /** ISO date of the class day in the organisation's time zone (YYYY-MM-DD). */
  date: isoDate,
  startTime: hhmm,
  endTime: hhmm,
  /** The same instants as UTC ISO timestamps, for clocks in any time zone. */
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number().int().nullable(),
  attendedSlots: z.number().int(),
  bookingType: z.object({
    _id: idSchema,
    title: z.string(),
    program: z.object({ name: z.string() }).nullable(),
  }),
});
export type BookingSlot = z.infer<typeof bookingSlot>;
export const kioskSlotsAnswer = z.object({ list: z.array(bookingSlot) });

/**
 * A contact's current rank as the kiosk reads it: name, title or label, and badgeImage
 * or image. The server fills every alias from the rank's name and image.
 */
export const kioskRank = z.object({
  name: z.string().nullable(),
  title: z.string().nullable(),
  label: z.string().nullable(),
  badgeImage: z.string().nullable(),
  image: z.string().nullable(),
});
export type KioskRank = z.infer<typeof kioskRank>;

/**
 * Kiosk contact as read. `name` already applies the fallbacks (fullName, contactName,
 * name, firstName plus lastName); `contactName` is the record's full name, `preferredName` the
 * name the member goes by (their first name), `displayName` the name shown on the kiosk.
 */
export const kioskContact = z.object({
  _id: idSchema,
  name: z.string(),
  fullName: z.string().nullable(),
  contactName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  preferredName: z.string().nullable(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  photo: z.string().nullable(),
  currentRank: kioskRank.nullable(),
  currentRankName: z.string().nullable(),
  currentRankImage: z.string().nullable(),
  membershipStatus: membershipStatusField.optional(),
});
export type KioskContact = z.infer<typeof kioskContact>;

/**
 * GET /api/kiosk/contact-by-code/:code: the member's check-in code (their punch id), left-padded
 * with zeros to 10 characters by the caller; the server compares padded punch ids the same way.
 */
export const kioskCodeParams = z.object({
  code: z.string().regex(/^[A-Za-z0-9-]{10,32}$/, { message: 'Invalid Code' }),
});
export const kioskContactAnswer = z.object({ contact: kioskContact.nullable() });

/** GET /api/kiosk/contacts/search?q=: the Search By Name tab (page size 10). */
export const kioskSearchQuery = z.object({ q: z.string().trim().min(1).max(100) });
export const kioskSearchAnswer = z.object({ list: z.array(kioskContact) });

export const bookingStatus = z.enum(['booked', 'completed', 'cancelled', 'no_show']);
export const booking = z.object({
  _id: idSchema,
  invitedUser: idSchema,
  bookingSlot: idSchema.nullable(),
  bookingType: idSchema,
  status: bookingStatus,
  attendDate: z.string().nullable(),
  type: z.enum(['class', 'other']),
  isDeleted: z.boolean(),
  startDate: z.string(),
  endDate: z.string(),
});
export type Booking = z.infer<typeof booking>;

/** GET /api/kiosk/bookings?slotId&contactId&perPage=400&page=0 */
export const kioskBookingsQuery = z.object({
  slotId: idSchema,
  contactId: idSchema,
  page: z.coerce.number().int().min(0).default(0),
  perPage: z.coerce.number().int().min(1).max(400).default(400),
});
export const kioskBookingsAnswer = z.object({ list: z.array(booking) });

/** A kiosk only ever records attendance. */
const kioskCompleted = z.literal('completed', { message: 'A kiosk can only set status completed' });
/**
 * The client's attendDate is accepted for the spec's call shape but ignored: the server sets it
 * to now, so a device cannot backdate attendance.
 */
const ignoredAttendDate = instantField('Invalid ISO datetime').optional();
/**
 * PUT /api/kiosk/bookings/:id: check the booking's member in to its class (status completed,
 * attendDate now), idempotently, like POST /api/kiosk/check-in. Class bookings only.
 */
export const kioskUpdateBookingBody = z.object({ status: kioskCompleted, attendDate: ignoredAttendDate });
/** POST /api/kiosk/bookings: a completed class booking when none exists (the same check-in). */
export const kioskCreateBookingBody = z.object({
  invitedUser: idSchema,
  bookingSlot: idSchema,
  bookingType: idSchema,
  status: kioskCompleted,
  attendDate: ignoredAttendDate,
  type: z.literal('class'),
  isDeleted: z.literal(false),
});
export const bookingAnswer = z.object({ booking });

/**
 * POST /api/kiosk/check-in: the whole check-in in one idempotent call (lookup, upsert to
 * completed with attendDate now, new attended count). The kiosk uses it; the separate calls above
 * exist for the spec's step-by-step flow.
 */
export const kioskCheckInBody = z.object({ slotId: idSchema, contactId: idSchema });
export const kioskCheckInAnswer = z.object({
  booking,
  attendedSlots: z.number().int(),
  /** false when this member was already checked in to this class (nothing changed). */
  created: z.boolean(),
  /** 'Already checked in' when created is false. */
  message: z.enum(['Checked In', 'Already checked in']),
  /** The organisation's membership rule is "warn" and the membership is frozen or past due. */
  warning: z.string().optional(),
  /** The member's membership status and what the organisation's membership rule made of it. */
  membership: z.object({ status: membershipStatusField, outcome: membershipOutcomeField }).optional(),
});
export type KioskCheckInAnswer = z.infer<typeof kioskCheckInAnswer>;

/** GET /api/kiosk/theme: the self check-in theme (45° gradient #1E90FF → #87CEEB). */
export const themeSetting = z.object({ type: z.enum(['solid', 'gradient']), color: z.string() });
export type ThemeSetting = z.infer<typeof themeSetting>;
