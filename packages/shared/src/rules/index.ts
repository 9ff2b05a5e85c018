// Pure business rules shared by the server and the web app: validation, display formats, units,
// theme colours, paging, permissions, calendar days and money in cents, billing cycles and dunning,
// work time and shift schedules, pay periods, payroll and tip sharing. No I/O here, so everything
// is unit-tested.
export * from './billing-cycles.ts';
export * from './billing-money.ts';
export * from './billing-schedule.ts';
export * from './billing-stats.ts';
export * from './calendar-days.ts';
export * from './cents-math.ts';
export * from './cost-rounding.ts';
export * from './day-labels.ts';
export * from './email.ts';
export * from './escape-html.ts';
export * from './file-kind.ts';
export * from './gift-cards-rules.ts';
export * from './initials.ts';
export * from './kiosk.ts';
export * from './largest-remainder.ts';
export * from './membership-status.ts';
export * from './number-abbrev.ts';
export * from './number-input.ts';
export * from './nutrients.ts';
export * from './pagination.ts';
export * from './pay-periods.ts';
export * from './payroll.ts';
export * from './permissions.ts';
export * from './phone.ts';
export * from './plural.ts';
export * from './property-types.ts';
export * from './public-address.ts';
export * from './shift-schedule.ts';
export * from './theme-color.ts';
export * from './time-spans.ts';
export * from './tip-share.ts';
export * from './units.ts';
export * from './work-time.ts';
