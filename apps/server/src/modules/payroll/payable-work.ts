// Payroll's unit of worked time. Which sessions count as worked is staff's rule (its
// payableSessions); payroll only counts their minutes.

const MINUTE_MS = 60_000;

/** Milliseconds as whole minutes (half a minute rounds up). */
export const minutesOf = (ms: number) => Math.round(ms / MINUTE_MS);
