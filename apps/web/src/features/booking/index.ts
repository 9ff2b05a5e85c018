// Booking: the calendar of classes, appointments and events; booking types, groups and class
// schedules; the self check-in devices and their theme; and a group's public booking page.

export { bookingFeature } from './booking.feature';
