// Every module's tables, for drizzle-kit and for the typed database handle.
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/billing/billing.tables.ts';
export * from '../modules/billing/cards/cards.tables.ts';
export * from '../modules/billing/charges/charges.tables.ts';
export * from '../modules/billing/payments/sandbox.tables.ts';
export * from '../modules/booking/booking.tables.ts';
export * from '../modules/booking/bookings/waitlist.tables.ts';
export * from '../modules/booking/tallies.tables.ts';
export * from '../modules/contacts/contacts.tables.ts';
export * from '../modules/devices/devices.tables.ts';
export * from '../modules/organizations/audit.tables.ts';
export * from '../modules/organizations/organizations.tables.ts';
export * from '../modules/payroll/payroll.tables.ts';
export * from '../modules/staff/schedule/schedule.tables.ts';
export * from '../modules/staff/settings/settings.tables.ts';
export * from '../modules/staff/shifts.tables.ts';
export * from '../modules/staff/time/time.tables.ts';
