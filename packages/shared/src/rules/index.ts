// Pure business rules shared by the server and the web app: validation, display formats,
// units, theme colours, paging and permissions. No I/O here, so everything is unit-tested.
export * from './cost-rounding.ts';
export * from './day-labels.ts';
export * from './email.ts';
export * from './escape-html.ts';
export * from './file-kind.ts';
export * from './initials.ts';
export * from './kiosk.ts';
export * from './number-abbrev.ts';
export * from './number-input.ts';
export * from './nutrients.ts';
export * from './pagination.ts';
export * from './permissions.ts';
export * from './phone.ts';
export * from './property-types.ts';
export * from './theme-color.ts';
export * from './units.ts';
