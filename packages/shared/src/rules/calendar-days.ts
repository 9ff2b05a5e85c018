import { addDaysToIsoDate, isoDateInZone, zonedTimeToInstant } from './kiosk.ts';

// Calendar-day arithmetic for billing, staff time and payroll. A day (YYYY-MM-DD) is a label on
// the organisation's calendar, not an instant: day sums run on UTC dates so they never meet a
// daylight-saving change, and only the functions taking a zone turn days into instants.

/** An instant as callers hold it; every function here answers epoch milliseconds. */
export type Instant = Date | number;

/** Half-open range of calendar days: `end` is the first day after it. */
export interface DayRange {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function parts(day: string): [number, number, number] {
  if (!isIsoDay(day)) throw new RangeError(`Not a calendar day: ${day}`);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

const formatDay = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Days since 1970-01-01, so day differences are plain subtraction. */
export function dayNumber(day: string): number {
  const [y, m, d] = parts(day);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

export function dayFromNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** 0 for Sunday … 6 for Saturday. */
export function weekdayOf(day: string): number {
  return (((dayNumber(day) + 4) % 7) + 7) % 7;
}

/** month 1-12. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The anchor's day of the month, `months` months away, on the month's last day when the month is
 * shorter. Always counted from the anchor, never from the previous result, so a 31st anchor goes
 * Jan 31 → Feb 28 → Mar 31 instead of sticking to the 28th; 12 months from Feb 29 is Feb 28.
 */
export function anchoredMonthDay(anchor: string, months: number): string {
  const [y, m, d] = parts(anchor);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return formatDay(year, month, Math.min(d, daysInMonth(year, month)));
}

/** Whole months from `anchor` to `day` by month index only (the day of the month is ignored). */
export function monthsBetween(anchor: string, day: string): number {
  const [ay, am] = parts(anchor);
  const [y, m] = parts(day);
  return (y - ay) * 12 + (m - am);
}

/** The Sunday on or before a day (a week runs Sunday to Saturday). */
export function startOfWeekDay(day: string): string {
  return addDaysToIsoDate(day, -weekdayOf(day));
}

/** Whether a day lies in a half-open day range. */
export function dayInRange(day: string, range: DayRange): boolean {
  return day >= range.start && day < range.end;
}

/** Every day of a half-open range, in order. */
export function daysOfRange(range: DayRange): string[] {
  const days: string[] = [];
  for (let n = dayNumber(range.start), end = dayNumber(range.end); n < end; n++) days.push(dayFromNumber(n));
  return days;
}

/**
 * The instant a day starts (or reaches a local hour) in a zone. Where a change skips the hour the
 * clock moves on to the next valid time, so the day still starts at its first real instant.
 */
export function zonedDayStart(day: string, timeZone: string, localHour = 0): number {
  parts(day);
  const hour = Math.min(23, Math.max(0, Math.trunc(localHour)));
  return zonedTimeToInstant(day, `${String(hour).padStart(2, '0')}:00`, timeZone);
}

/** A day's real span in a zone: 23, 24 or 25 hours. */
export function zonedDayInstants(day: string, timeZone: string): { startsAt: number; endsAt: number } {
  return {
    startsAt: zonedDayStart(day, timeZone),
    endsAt: zonedDayStart(addDaysToIsoDate(day, 1), timeZone),
  };
}

export interface ZonedWeek {
  /** Sunday. */
  startOfWeek: string;
  /** Saturday (the same pair the shift week contract uses). */
  endOfWeek: string;
  days: string[];
  /** Sunday's local midnight and the next Sunday's: 167, 168 or 169 hours apart. */
  startsAt: number;
  endsAt: number;
}

/** The Sunday-to-Saturday week of a day, or of the day an instant falls on in the zone. */
export function zonedWeek(dayOrInstant: string | Instant, timeZone: string): ZonedWeek {
  const day = typeof dayOrInstant === 'string' ? dayOrInstant : isoDateInZone(dayOrInstant, timeZone);
  const startOfWeek = startOfWeekDay(day);
  const nextWeek = addDaysToIsoDate(startOfWeek, 7);
  return {
    startOfWeek,
    endOfWeek: addDaysToIsoDate(startOfWeek, 6),
    days: daysOfRange({ start: startOfWeek, end: nextWeek }),
    startsAt: zonedDayStart(startOfWeek, timeZone),
    endsAt: zonedDayStart(nextWeek, timeZone),
  };
}
