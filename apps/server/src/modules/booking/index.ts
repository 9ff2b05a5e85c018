// Booking: booking types and groups, weekly class schedules and their slots, appointments and
// class attendance (with the kiosk's check-in), the calendar with its settings and events, the
// booking and self check-in themes, and the public booking page behind a group's link.
import type { App } from '../../plugins/types.ts';
import { bookingSlotsRoutes } from './booking-slots.routes.ts';
import { bookingTypesRoutes } from './booking-types.routes.ts';
import { bookingsRoutes } from './bookings.routes.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { publicBookingRoutes } from './public-booking.routes.ts';

export { checkIn } from './check-in.service.ts';

export function register(app: App) {
  bookingTypesRoutes(app);
  bookingSlotsRoutes(app);
  bookingsRoutes(app);
  calendarRoutes(app);
  publicBookingRoutes(app);
}
