import { z } from 'zod';
import { dayField, idSchema, imageLinkField } from './common.ts';
import { nullableField, PAYMENT_STATUSES, pageNumber, pageSizeNumber, phoneField } from './contact-inputs.ts';
import { bookingStatus } from './kiosk.ts';

/*
 * The member portal (/access-control): what a signed-in member reads and does about their own
 * records. Paths are under /api/portal; every call acts for the contact linked to the caller's
 * role, never for an id the caller names, and ids in paths (a booking, an invoice, a class) are
 * checked against that contact (another member's answers 404 and nothing changes).
 *
 *   GET    /portal/me                          the member, their check-in code, the organisation
 *   GET    /portal/classes?from&days           classes by day with seats left and the member's place
 *   POST   /portal/classes/:slotId/book        'Booked Successfully'
 *   POST   /portal/classes/:slotId/waitlist    join the waitlist of a full class
 *   DELETE /portal/classes/:slotId/waitlist    leave it
 *   GET    /portal/bookings                    upcoming bookings and waitlist places
 *   DELETE /portal/bookings/:bookingId         cancel ('Booking cancelled'; late after the cut-off)
 *   GET    /portal/history?page&pageSize       classes that are over: checked in, no-show, cancelled
 *   GET    /portal/contracts, /portal/invoices, /portal/cards
 *   POST   /portal/invoices/:invoiceId/pay     pay with a saved card (the default unless named)
 *   POST   /portal/cards                       add a card (the default only when asked, or the first)
 *   PUT    /portal/cards/:cardId/default       make a saved card the default
 *   DELETE /portal/cards/:cardId               remove a card; not the last one while a contract bills
 *   PUT    /portal/profile                     name, phone, photo
 *   GET    /portal/family                      family members (read only)
 */

export const PORTAL_TEXT = {
  booked: 'Booked Successfully',
  cancelled: 'Booking cancelled',
  joined: 'You are on the waitlist',
  left: 'You left the waitlist',
  profileSaved: 'Profile saved',
  cardAdded: 'Card added',
  cardDefault: 'Default card changed',
  cardRemoved: 'Card removed',
  lastCardNeeded:
    'This is your only card and a membership is billed to it. Add another card before removing this one.',
} as const;

/** How far ahead the portal lists classes, in days from today (today included). */
export const PORTAL_DAYS_AHEAD = 7;
export const PORTAL_DAYS_MAX = 14;

const success = z.literal(true);

// ------------------------------------------------------------------------------ the member

export const portalMember = z.object({
  _id: idSchema,
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  photo: z.string().nullable(),
  /** The check-in code the kiosk reads (10 digits, zero-padded), or null when none is set. */
  code: z.string().nullable(),
  plan: z.string().nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
});
export type PortalMember = z.infer<typeof portalMember>;

export const portalMeAnswer = z.object({
  member: portalMember,
  organization: z.object({
    _id: idSchema,
    name: z.string(),
    /** Hex colour, e.g. #7367f0. */
    themeColor: z.string(),
    logoLink: z.string().nullable(),
    timeZone: z.string(),
  }),
  /** Minutes before a class after which a cancellation is late; 0: free until the start. */
  cancelCutoffMinutes: z.number().int(),
});
export type PortalMe = z.infer<typeof portalMeAnswer>;

// ------------------------------------------------------------------------------ classes

export const portalClassesQuery = z.object({
  /** The first day (the organisation's calendar); today when omitted. */
  from: dayField().optional(),
  days: z.coerce.number().int().min(1).max(PORTAL_DAYS_MAX).default(PORTAL_DAYS_AHEAD),
});

export const portalSlotParams = z.object({ slotId: idSchema });
export const portalBookingParams = z.object({ bookingId: idSchema });
export const portalInvoiceParams = z.object({ invoiceId: idSchema });
export const portalCardParams = z.object({ cardId: idSchema });

const instructorRef = z.object({ _id: idSchema, fullName: z.string() }).nullable();

export const portalWaitPlace = z.object({
  /** 1 for the first in line. */
  position: z.number().int(),
  /** How many are waiting in all. */
  length: z.number().int(),
});
export type PortalWaitPlace = z.infer<typeof portalWaitPlace>;

export const portalClass = z.object({
  _id: idSchema,
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  program: z.string().nullable(),
  /** The class colour as hex. */
  color: z.string(),
  instructor: instructorRef,
  /** null: no limit. */
  capacity: z.number().int().nullable(),
  /** Seats still free; null when the class has no limit. */
  seatsLeft: z.number().int().nullable(),
  /** The class has started (or is over): it can no longer be booked or cancelled. */
  started: z.boolean(),
  /** The member's live booking in this class. */
  booking: z.object({ _id: idSchema, status: bookingStatus }).nullable(),
  /** The member's place on the waitlist. */
  waitlist: portalWaitPlace.nullable(),
  waitlistLength: z.number().int(),
});
export type PortalClass = z.infer<typeof portalClass>;

export const portalClassListAnswer = z.object({
  from: z.string(),
  to: z.string(),
  list: z.array(portalClass),
});

// ------------------------------------------------------------------------------ bookings

/** How a booking reads to the member: upcoming, or what became of it. */
export const PORTAL_ATTENDANCE = ['booked', 'checked_in', 'no_show', 'late_cancel', 'cancelled'] as const;
export type PortalAttendance = (typeof PORTAL_ATTENDANCE)[number];

export const portalBooking = z.object({
  _id: idSchema,
  slotId: idSchema.nullable(),
  title: z.string(),
  color: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: bookingStatus,
  attendance: z.enum(PORTAL_ATTENDANCE),
  lateCancel: z.boolean(),
  cancelledAt: z.string().nullable(),
  attendedAt: z.string().nullable(),
  instructor: instructorRef,
  /** Where it came from: member, admin, kiosk, public or waitlist (promoted from it). */
  source: z.string(),
});
export type PortalBooking = z.infer<typeof portalBooking>;

export const portalWaitlistEntry = portalWaitPlace.extend({
  slotId: idSchema,
  title: z.string(),
  color: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  joinedAt: z.string(),
});
export type PortalWaitlistEntry = z.infer<typeof portalWaitlistEntry>;

export const portalBookingsAnswer = z.object({
  upcoming: z.array(portalBooking),
  waitlist: z.array(portalWaitlistEntry),
});

export const portalHistoryQuery = z.object({
  page: pageNumber(1, 1),
  pageSize: pageSizeNumber(20, 100),
});
export const portalHistoryAnswer = z.object({
  list: z.array(portalBooking),
  pagination: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
  /** Over the member's whole history, not just this page. */
  counts: z.object({
    checkedIn: z.number().int(),
    noShow: z.number().int(),
    lateCancel: z.number().int(),
  }),
});

export const portalBookingMutationAnswer = z.object({
  success,
  message: z.string(),
  data: portalBooking,
});

export const portalWaitlistMutationAnswer = z.object({
  success,
  message: z.string(),
  data: portalWaitPlace.extend({ slotId: idSchema }),
});
export const portalDoneAnswer = z.object({ success, message: z.string() });

// ------------------------------------------------------------------------------ profile

export const portalProfileBody = z
  .object({
    fullName: z.string().trim().min(1, { message: 'Name is required' }).max(200).optional(),
    phone: nullableField(phoneField).optional(),
    /** An http(s) link or one of this server's uploads. */
    photo: nullableField(imageLinkField).optional(),
  })
  .refine((b) => b.fullName !== undefined || b.phone !== undefined || b.photo !== undefined, {
    message: 'Nothing to update',
    path: ['fullName'],
  });
export type PortalProfileBody = z.infer<typeof portalProfileBody>;

export const portalProfileAnswer = z.object({ success, message: z.string(), data: portalMember });

export const portalFamilyAnswer = z.object({
  list: z.array(
    z.object({
      _id: idSchema,
      relation: z.string().nullable(),
      contact: z.object({ _id: idSchema, fullName: z.string(), photo: z.string().nullable() }),
    }),
  ),
});
