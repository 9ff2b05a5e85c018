import { addDaysToIsoDate, isoDateInZone, safeTimeZone, zonedTimeToInstant } from '@opsuite/shared';
import { invalid } from '../../lib/errors.ts';

// Wall-clock times of the organisation turned into instants. One rule everywhere (the shared
// kiosk rule): a time skipped by a spring change moves forward, an autumn overlap takes the
// earlier instant, and an end at or before the start is on the next day.

export interface SlotInstants {
  startsAt: Date;
  endsAt: Date;
}

export function slotInstants(
  date: string,
  startTime: string,
  endTime: string,
  timeZone: string,
): SlotInstants {
  const zone = safeTimeZone(timeZone);
  const start = zonedTimeToInstant(date, startTime, zone);
  const endDay = endTime <= startTime ? addDaysToIsoDate(date, 1) : date;
  return { startsAt: new Date(start), endsAt: new Date(zonedTimeToInstant(endDay, endTime, zone)) };
}

/** The organisation's midnight starting `date`, as an instant. */
export function dayStart(date: string, timeZone: string): Date {
  return new Date(zonedTimeToInstant(date, '00:00', safeTimeZone(timeZone)));
}

export function todayIn(timeZone: string, now: Date | number = Date.now()): string {
  return isoDateInZone(now, safeTimeZone(timeZone));
}

export const addDays = addDaysToIsoDate;

/** 0 Sunday … 6 Saturday for a YYYY-MM-DD day. */
export function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Refuses ranges that are backwards or longer than `maxDays`, naming the end field. */
export function checkRange(startDate: string, endDate: string, maxDays: number, field = 'endDate'): void {
  const span = daysBetween(startDate, endDate);
  if (span < 0) throw invalid(field, 'must not be before the start');
  if (span > maxDays) throw invalid(field, `the range may cover at most ${maxDays} days`);
}

/** The later of two YYYY-MM-DD days. */
export const laterDay = (a: string, b: string) => (a < b ? b : a);
