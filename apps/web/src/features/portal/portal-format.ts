import type { InvoiceStatus, PortalAttendance } from '@opsuite/shared';
import { addDaysToIsoDate, formatSlotTime, isoDateInZone } from '@opsuite/shared';
import { plural } from '@opsuite/shared/rules/plural';

// How the portal words days, times, money and states. Days are the organisation's calendar days
// (YYYY-MM-DD) and read the same wherever the member's phone is.

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const at = (day: string) => new Date(`${day}T12:00:00Z`);

export const todayOf = (timeZone: string, now = Date.now()) => isoDateInZone(now, timeZone);

/** The days of the strip: `count` days from `from`. */
export const daysFrom = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => addDaysToIsoDate(from, i));

/** "Today", "Tomorrow", or the short weekday. */
export function dayName(day: string, today: string): string {
  if (day === today) return 'Today';
  if (day === addDaysToIsoDate(today, 1)) return 'Tomorrow';
  return weekday.format(at(day));
}

export const shortWeekday = (day: string) => weekday.format(at(day));
export const dayOfMonth = (day: string) => Number(day.slice(8, 10));
export const shortDate = (day: string) => monthDay.format(at(day));
export const fullDay = (day: string) => longDay.format(at(day));

/** "6:00 PM" (the kiosk's "06:00 PM" without its leading zero). */
export const clock = (hhmm: string) => formatSlotTime(hhmm).replace(/^0/, '');

/** Minutes between two HH:mm times of one class (a class past midnight counts on). */
export function minutesBetween(start: string, end: string): number {
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const diff = toMin(end) - toMin(start);
  return diff > 0 ? diff : diff + 24 * 60;
}

export const durationText = (start: string, end: string) => {
  const m = minutesBetween(start, end);
  return m % 60 === 0 ? `${m / 60} h` : m > 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min`;
};

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatCents = (cents: number) => money.format(cents / 100);

export const INTERVAL_TEXT: Record<string, string> = {
  one_time: '',
  weekly: ' / week',
  monthly: ' / month',
  yearly: ' / year',
};

export const INVOICE_TEXT: Record<InvoiceStatus, { label: string; color: string }> = {
  due: { label: 'Due', color: 'blue' },
  past_due: { label: 'Past due', color: 'red' },
  paid: { label: 'Paid', color: 'green' },
  forfeit: { label: 'Written off', color: 'gray' },
  refund: { label: 'Refunded', color: 'orange' },
};

export const ATTENDANCE_TEXT: Record<PortalAttendance, { label: string; color: string }> = {
  booked: { label: 'Booked', color: 'brand' },
  checked_in: { label: 'Checked in', color: 'green' },
  no_show: { label: 'No-show', color: 'red' },
  late_cancel: { label: 'Late cancel', color: 'orange' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

/** Seats as a member reads them. */
export function seatsText(seatsLeft: number | null): { label: string; color: string } {
  if (seatsLeft === null) return { label: 'Open class', color: 'gray' };
  if (seatsLeft === 0) return { label: 'Full', color: 'red' };
  if (seatsLeft <= 3) return { label: `${plural(seatsLeft, 'seat')} left`, color: 'orange' };
  return { label: `${plural(seatsLeft, 'seat')} left`, color: 'teal' };
}

/** "1st", "2nd", "3rd", "4th"... */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}
