// Every table of the contacts module; other modules and drizzle-kit import them from here.

export * from './contact-answers.tables.ts';
export * from './contact-billing.tables.ts';
export * from './contact-core.tables.ts';
export * from './contact-lookups.tables.ts';
export * from './contact-qualification.tables.ts';
export * from './contact-records.tables.ts';
export * from './contact-shifts.tables.ts';
export * from './contacts-import.tables.ts';
export * from './payment-cards.tables.ts';
