export * from './contracts/auth.ts';
export * from './contracts/billing.ts';
export * from './contracts/booking.ts';
export * from './contracts/common.ts';
export * from './contracts/contact-qualification.ts';
export * from './contracts/contacts.ts';
export * from './rules/index.ts';
