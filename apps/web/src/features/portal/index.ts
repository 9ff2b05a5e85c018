// The member portal: a member's classes, bookings and waitlist places, check-in card, billing and
// profile, at /access-control (a client's landing page).

export { portalFeature } from './portal.feature';
