import { formatClockInZone, formatSlotTime, isoDateInZone } from './kiosk.ts';

// How a day and a time read in text the server writes once and shows as it is (a contact's
// activity timeline): 'Mon, Nov 23 at 06:00 PM', the way the calendar and the kiosk show them.

/**
 * 'Mon, Nov 23' for a YYYY-MM-DD day (a calendar day: no zone involved); `options` change the
 * parts ({ weekday: undefined, year: 'numeric' } gives 'Nov 23, 2026'). Text that is not a day
 * is returned as it is.
 */
export function formatDayLabel(isoDate: string, options: Intl.DateTimeFormatOptions = {}): string {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = isoDate.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(+day) || day.getUTCMonth() !== m - 1) return isoDate;
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
    ...options,
  }).format(day);
}

/** 'Mon, Nov 23 at 06:00 PM' for an organisation's day and its HH:mm. */
export function formatDayAt(isoDate: string, hhmm: string): string {
  return `${formatDayLabel(isoDate)} at ${formatSlotTime(hhmm)}`;
}

/** 'Mon, Nov 23 at 06:00 PM' for an instant, in the organisation's zone. */
export function formatInstantAt(instant: Date | number | string, timeZone: string): string {
  const at = +new Date(instant);
  if (Number.isNaN(at)) return String(instant);
  return `${formatDayLabel(isoDateInZone(at, timeZone))} at ${formatClockInZone(at, timeZone)}`;
}
