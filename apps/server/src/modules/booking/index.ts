// Booking: booking types and groups, class schedules and slots, appointments and attendance with
// the check-in, the calendar, themes and the public booking page. Depends on contacts,
// organizations and auth; what the kiosk module uses of it is exported here.
import type { App } from '../../plugins/types.ts';
import { registerContactHooks } from '../contacts/index.ts';
import { bookingsRoutes } from './bookings/bookings.routes.ts';
import { calendarRoutes } from './calendar/calendar.routes.ts';
import { bookingHooks } from './merge.ts';
import { publicBookingRoutes } from './public/public.routes.ts';
import { bookingSlotsRoutes } from './slots/slots.routes.ts';
import { bookingTypesRoutes } from './types/types.routes.ts';

export { createBooking } from './bookings/bookings.service.ts';
export { type CheckInInput, type CheckInResult, checkIn } from './bookings/check-in.service.ts';
export { fastKioskCheckIn } from './bookings/fast-check-in.ts';
export { getTheme } from './calendar/theme.service.ts';
export {
  type BookingRow,
  bookingsSql,
  kioskBookingAnswer,
  kioskSlotAnswer,
  loadBooking,
  loadSlot,
  type SlotRow,
} from './queries.ts';
export { createSchedule } from './slots/schedules.service.ts';
export { slotRows } from './slots/slots.service.ts';
export { addDays, todayIn } from './time.ts';
export { createGroup } from './types/groups.service.ts';
export { createBookingType } from './types/types.service.ts';

export function register(app: App) {
  registerContactHooks('booking', bookingHooks);
  bookingTypesRoutes(app);
  bookingSlotsRoutes(app);
  bookingsRoutes(app);
  calendarRoutes(app);
  publicBookingRoutes(app);
}
