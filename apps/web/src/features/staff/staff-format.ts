import { addDaysToIsoDate, formatWorked, isoDateInZone, startOfWeekDay } from '@opsuite/shared';
import { formatDayLabel } from '@opsuite/shared/rules/day-labels';
import { formatSlotTime } from '@opsuite/shared/rules/kiosk';
import { hhmmInZone } from '../../app/zone-time';

// How staff screens write weeks, days, times and hours, always on the organisation's clock.

export interface Week {
  startOfWeek: string;
  endOfWeek: string;
}

/** The Sunday-Saturday week of today in the organisation's zone. */
export function currentWeek(timeZone: string, now: number = Date.now()): Week {
  const startOfWeek = startOfWeekDay(isoDateInZone(now, timeZone));
  return { startOfWeek, endOfWeek: addDaysToIsoDate(startOfWeek, 6) };
}

export function shiftWeek(week: Week, weeks: number): Week {
  const startOfWeek = addDaysToIsoDate(week.startOfWeek, 7 * weeks);
  return { startOfWeek, endOfWeek: addDaysToIsoDate(startOfWeek, 6) };
}

export const weekLabel = (week: Week) =>
  `${formatDayLabel(week.startOfWeek, { weekday: undefined })} – ${formatDayLabel(week.endOfWeek, { weekday: undefined, year: 'numeric' })}`;

export const dayLabel = (day: string) =>
  formatDayLabel(day, { weekday: 'short', month: 'short', day: 'numeric', year: undefined });

/** '9:00 AM' of an instant on the organisation's clock. */
export const timeOf = (iso: string, timeZone: string) => formatSlotTime(hhmmInZone(iso, timeZone));

/** '9:00 AM – 5:00 PM', with '(+1)' when it ends on a later organisation day. */
export function spanOf(start: string, end: string, timeZone: string): string {
  const later = isoDateInZone(Date.parse(end) - 1, timeZone) > isoDateInZone(Date.parse(start), timeZone);
  return `${timeOf(start, timeZone)} – ${timeOf(end, timeZone)}${later ? ' (+1)' : ''}`;
}

export const hours = (ms: number) => formatWorked(ms);

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money with its currency sign ($1,234.50), as billing and payroll show it. */
export const money = (cents: number) => dollars.format(cents / 100);
