// Every module's tables, for drizzle-kit and for the typed database handle.
export * from '../modules/audit/audit.tables.ts';
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/booking/booking.tables.ts';
export * from '../modules/booking/slot-tallies.tables.ts';
export * from '../modules/contacts/contacts.tables.ts';
export * from '../modules/devices/devices.tables.ts';
export * from '../modules/organizations/organizations.tables.ts';
export * from '../modules/payments/payments-sandbox.tables.ts';
