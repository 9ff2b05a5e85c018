import { formatClockInZone, formatSlotTime, isoDateInZone } from './kiosk.ts';

// How a day and a time read in text the server writes once and shows as it is (a contact's
// activity timeline): 'Mon, Nov 23 at 06:00 PM', the way the calendar and the kiosk show them.

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mon, Nov 23' for a YYYY-MM-DD day (a calendar day: no zone involved). */
export function formatIsoDay(isoDate: string): string {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = isoDate.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(+day) || day.getUTCMonth() !== m - 1) return isoDate;
  return `${WEEKDAYS[day.getUTCDay()]}, ${MONTHS[m - 1]} ${d}`;
}

/** 'Mon, Nov 23 at 06:00 PM' for an organisation's day and its HH:mm. */
export function formatDayAt(isoDate: string, hhmm: string): string {
  return `${formatIsoDay(isoDate)} at ${formatSlotTime(hhmm)}`;
}

/** 'Mon, Nov 23 at 06:00 PM' for an instant, in the organisation's zone. */
export function formatInstantAt(instant: Date | number | string, timeZone: string): string {
  const at = +new Date(instant);
  if (Number.isNaN(at)) return String(instant);
  return `${formatIsoDay(isoDateInZone(at, timeZone))} at ${formatClockInZone(at, timeZone)}`;
}
