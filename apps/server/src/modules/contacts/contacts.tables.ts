// Every table of the contacts module; other modules (for their foreign keys) and drizzle-kit
// import them from here.

export * from './answers/answers.tables.ts';
export * from './core.tables.ts';
export * from './import/import.tables.ts';
export * from './qualification/qualification.tables.ts';
export * from './records/records.tables.ts';
export * from './settings/settings.tables.ts';
