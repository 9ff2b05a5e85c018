// Booking: booking types and groups, class schedules and slots, appointments and attendance with
// the check-in, the calendar, themes and the public booking page. Depends on contacts,
// organizations and auth; what the kiosk module uses of it is exported here.
import { grantRead, grantReadWriteUpdate, type RoleGrant } from '@opsuite/shared';
import type { App } from '../../plugins/types.ts';
import { registerContactHooks } from '../contacts/index.ts';
import { attendanceRoutes } from './bookings/attendance.routes.ts';
import { bookingsRoutes } from './bookings/bookings.routes.ts';
import { waitlistHooks } from './bookings/waitlist-merge.ts';
import { WaitlistNotifier } from './bookings/waitlist-notifier.ts';
import { calendarRoutes } from './calendar/calendar.routes.ts';
import { bookingHooks } from './merge.ts';
import { publicBookingRoutes } from './public/public.routes.ts';
import { contactQualificationRoutes } from './qualification/qualification.routes.ts';
import { bookingSlotsRoutes } from './slots/slots.routes.ts';
import { instructorHooks } from './types/instructor-merge.ts';
import { bookingTypesRoutes } from './types/types.routes.ts';

export { createBooking } from './bookings/bookings.service.ts';
export { cancelCutoffMinutes } from './bookings/cancellation.ts';
export { type CheckInInput, type CheckInResult, checkIn } from './bookings/check-in.service.ts';
export { checkInGate } from './bookings/check-in-rules.ts';
export { fastKioskCheckIn } from './bookings/fast-check-in.ts';
export {
  bookClass,
  cancelMemberBooking,
  joinClassWaitlist,
  leaveClassWaitlist,
  type Member,
  memberOf,
} from './bookings/member-bookings.ts';
export { memberBooking, memberClasses, memberHistory, memberUpcoming } from './bookings/member-reads.ts';
export { fillFromWaitlist } from './bookings/waitlist.service.ts';
export { getTheme } from './calendar/theme.service.ts';
export {
  type BookingRow,
  bookingsSql,
  instructorRef,
  kioskBookingAnswer,
  kioskSlotAnswer,
  loadBooking,
  loadSlot,
  SLOT_INSTRUCTOR,
  type SlotRow,
} from './queries.ts';
export { createSchedule } from './slots/schedules.service.ts';
export { slotRows } from './slots/slots.service.ts';
export { addDays, todayIn } from './time.ts';
export { createGroup } from './types/groups.service.ts';
export { createBookingType } from './types/types.service.ts';

/** What the default roles may do with bookings and the calendar: employees run classes, members book them. */
export const roleGrants: readonly RoleGrant[] = [
  grantReadWriteUpdate('employee', 'booking'),
  grantRead('employee', 'calendar'),
  grantReadWriteUpdate('client', 'booking'),
  grantRead('client', 'calendar'),
];

export function register(app: App) {
  registerContactHooks(app, 'booking', bookingHooks);
  registerContactHooks(app, 'booking-waitlist', waitlistHooks);
  registerContactHooks(app, 'booking-instructors', instructorHooks);
  bookingTypesRoutes(app);
  bookingSlotsRoutes(app);
  bookingsRoutes(app);
  attendanceRoutes(app);
  calendarRoutes(app);
  publicBookingRoutes(app);
  contactQualificationRoutes(app);

  // Members promoted from a waitlist are e-mailed after the promotion commits (the notifier reads
  // promoted entries not yet e-mailed, every few seconds).
  const { config, database, mailer } = app.services;
  const notifier = new WaitlistNotifier(database.db, mailer, config.publicUrl, app.log);
  if (config.importWorker) app.addHook('onReady', async () => notifier.start());
  app.addHook('onClose', () => notifier.stop());
}
