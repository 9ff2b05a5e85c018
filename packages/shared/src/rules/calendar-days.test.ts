import { describe, expect, it } from 'vitest';
import {
  anchoredMonthDay,
  dayFromNumber,
  dayInRange,
  dayNumber,
  daysBetween,
  daysInMonth,
  daysOfRange,
  isIsoDay,
  monthsBetween,
  startOfWeekDay,
  weekdayOf,
  zonedDayInstants,
  zonedDayStart,
  zonedWeek,
} from './calendar-days.ts';
import { isoDateInZone } from './kiosk.ts';

const NY = 'America/New_York';
const LONDON = 'Europe/London';
const HOUR = 3_600_000;

describe('calendar days', () => {
  it('knows real days', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-04-31')).toBe(false);
    expect(isIsoDay('2026-4-1')).toBe(false);
    expect(isIsoDay(20260401)).toBe(false);
    expect(() => dayNumber('2026-13-01')).toThrow(RangeError);
  });

  it('counts days without meeting clock changes', () => {
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysBetween('2026-11-01', '2026-10-31')).toBe(-1);
    expect(dayFromNumber(dayNumber('2028-02-29') + 1)).toBe('2028-03-01');
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysOfRange({ start: '2026-02-27', end: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(dayInRange('2026-03-02', { start: '2026-02-27', end: '2026-03-02' })).toBe(false);
  });

  it('runs weeks Sunday to Saturday', () => {
    expect(weekdayOf('2026-03-08')).toBe(0);
    expect(weekdayOf('2026-03-14')).toBe(6);
    expect(weekdayOf('1969-12-31')).toBe(3);
    expect(startOfWeekDay('2026-03-14')).toBe('2026-03-08');
    expect(startOfWeekDay('2026-03-08')).toBe('2026-03-08');
  });

  it('keeps the anchor day of the month, on the last day of shorter months', () => {
    expect(anchoredMonthDay('2026-01-31', 1)).toBe('2026-02-28');
    expect(anchoredMonthDay('2026-01-31', 2)).toBe('2026-03-31');
    expect(anchoredMonthDay('2028-01-31', 1)).toBe('2028-02-29');
    expect(anchoredMonthDay('2028-02-29', 12)).toBe('2029-02-28');
    expect(anchoredMonthDay('2028-02-29', 48)).toBe('2032-02-29');
    expect(anchoredMonthDay('2026-03-31', -1)).toBe('2026-02-28');
    expect(anchoredMonthDay('2026-01-15', -13)).toBe('2024-12-15');
    expect(monthsBetween('2025-11-30', '2026-02-01')).toBe(3);
  });
});

describe('days in a zone', () => {
  it('starts a day at its local midnight, 23 or 25 hours long on change days', () => {
    const spring = zonedDayInstants('2026-03-08', NY);
    expect(new Date(spring.startsAt).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect((spring.endsAt - spring.startsAt) / HOUR).toBe(23);
    const autumn = zonedDayInstants('2026-11-01', NY);
    expect(new Date(autumn.startsAt).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect((autumn.endsAt - autumn.startsAt) / HOUR).toBe(25);
    expect(isoDateInZone(spring.startsAt, NY)).toBe('2026-03-08');
    expect(isoDateInZone(spring.endsAt - 1, NY)).toBe('2026-03-08');
  });

  it('moves a local hour the clock skips to the next valid time', () => {
    expect(new Date(zonedDayStart('2026-03-08', NY, 2)).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    // 01:00 happens twice on 2026-11-01: the first one is taken.
    expect(new Date(zonedDayStart('2026-11-01', NY, 1)).toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });

  it('gives a week of 167 or 169 hours across a change', () => {
    const ny = (day: string) => {
      const w = zonedWeek(day, NY);
      return { ...w, hours: (w.endsAt - w.startsAt) / HOUR };
    };
    expect(ny('2026-03-11')).toMatchObject({
      startOfWeek: '2026-03-08',
      endOfWeek: '2026-03-14',
      hours: 167,
    });
    expect(ny('2026-11-07')).toMatchObject({
      startOfWeek: '2026-11-01',
      endOfWeek: '2026-11-07',
      hours: 169,
    });
    expect(ny('2026-06-10').hours).toBe(168);
    expect(ny('2026-03-11').days).toHaveLength(7);
    const london = (day: string) => {
      const w = zonedWeek(day, LONDON);
      return (w.endsAt - w.startsAt) / HOUR;
    };
    expect(london('2026-03-29')).toBe(167);
    expect(london('2026-10-31')).toBe(169);
    expect(new Date(zonedWeek('2026-10-25', LONDON).startsAt).toISOString()).toBe('2026-10-24T23:00:00.000Z');
  });

  it('takes the week of an instant on the zone clock', () => {
    // Saturday 22:00 in New York is already Sunday in UTC.
    const saturdayNight = Date.parse('2026-03-15T02:00:00Z');
    expect(zonedWeek(saturdayNight, NY).startOfWeek).toBe('2026-03-08');
    expect(zonedWeek(saturdayNight, 'UTC').startOfWeek).toBe('2026-03-15');
  });
});
