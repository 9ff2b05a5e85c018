import { formatDayLabel } from '@opsuite/shared/rules/day-labels';
import {
  addDaysToIsoDate,
  formatSlotTime,
  isoDateInZone,
  safeTimeZone,
  wallClock,
  zonedTimeToInstant,
} from '@opsuite/shared/rules/kiosk';
import dayjs from 'dayjs';
import { useSession } from './auth-store';

// Wall-clock helpers in the organisation's IANA time zone: the calendar, the slot forms and the
// public page show and enter times there, whatever zone the browser is in (architecture rule 6).

export { addDaysToIsoDate, formatDayLabel, formatSlotTime, isoDateInZone, safeTimeZone, zonedTimeToInstant };

/** [year, month (0-11), day, hour, minute, second, ms] of an instant in a zone. */
export function wallClockArray(instant: number, timeZone: string): number[] {
  const c = wallClock(instant, timeZone);
  const ms = ((instant % 1000) + 1000) % 1000;
  return [c.year, c.month - 1, c.day, c.hour, c.minute, c.second, ms];
}

/** Minutes the zone is ahead of UTC at an instant. */
export function offsetMinutesAt(instant: number, timeZone: string): number {
  const [y = 1970, mo = 0, d = 1, h = 0, mi = 0, s = 0, ms = 0] = wallClockArray(instant, timeZone);
  return Math.round((Date.UTC(y, mo, d, h, mi, s, ms) - instant) / 60_000);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'HH:mm' (24 h) of an instant in a zone. */
export function hhmmInZone(instant: Date | number | string, timeZone: string): string {
  const [, , , h = 0, m = 0] = wallClockArray(+new Date(instant), timeZone);
  return `${pad2(h)}:${pad2(m)}`;
}

/** The organisation day and HH:mm of an instant. */
export function zonedParts(instant: Date | number | string, timeZone: string) {
  const at = +new Date(instant);
  return { date: isoDateInZone(at, timeZone), time: hhmmInZone(at, timeZone) };
}

/** An organisation day and HH:mm as a UTC ISO instant. */
export function zonedIso(date: string, hhmm: string, timeZone: string): string {
  return new Date(zonedTimeToInstant(date, hhmm, timeZone)).toISOString();
}

/** The signed-in organisation's IANA zone; UTC when it is missing or unknown to the browser. */
export function useOrganizationTimeZone(): string {
  return safeTimeZone(useSession()?.organization.timeZone);
}

/** A calendar day (a birthday, a contract's start) as 'Nov 23, 2026'; '' when there is none. */
export function formatDay(day: string | null | undefined): string {
  return day ? dayjs(day).format('MMM D, YYYY') : '';
}

/** 'Nov 23, 2026' for an instant, on the organisation's calendar; '' when there is nothing. */
export function formatDateInZone(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  return formatDayLabel(isoDateInZone(at, safeTimeZone(timeZone)), { weekday: undefined, year: 'numeric' });
}

/** 'Nov 23, 2026 09:05 AM' in the organisation's zone; '—' when there is nothing. */
export function formatInstant(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '—';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '—';
  const { date, time } = zonedParts(at, safeTimeZone(timeZone));
  return `${formatDayLabel(date, { weekday: undefined, year: 'numeric' })} ${formatSlotTime(time)}`;
}

/** 'hh:mm A – hh:mm A' for a slot. */
export function formatTimeRange(startTime: string, endTime: string): string {
  return `${formatSlotTime(startTime)} – ${formatSlotTime(endTime)}`;
}

/** Today in the organisation's zone. */
export function todayInZone(timeZone: string, now: Date | number = Date.now()): string {
  return isoDateInZone(now, timeZone);
}
