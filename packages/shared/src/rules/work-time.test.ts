import { describe, expect, it } from 'vitest';
import { zonedTimeToInstant } from './kiosk.ts';
import {
  employeeWorkedSpans,
  labourCostPercent,
  nextScreenshotAt,
  sessionAutoEnd,
  workedMs,
  workedMsByDay,
  workedMsByWeek,
} from './work-time.ts';

const NY = 'America/New_York';
const LONDON = 'Europe/London';
const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (day: string, hhmm: string, zone = NY) => zonedTimeToInstant(day, hhmm, zone);

describe('worked duration', () => {
  it('takes breaks off once, clipped to the session', () => {
    const day = '2026-06-10';
    const session = {
      start: at(day, '09:00'),
      end: at(day, '17:00'),
      breaks: [
        { start: at(day, '12:00'), end: at(day, '12:30') },
        { start: at(day, '12:15'), end: at(day, '12:45') },
        { start: at(day, '16:30'), end: at(day, '18:00') },
        { start: at(day, '08:00'), end: at(day, '08:30') },
      ],
    };
    expect(workedMs(session)).toBe(6 * HOUR + 45 * MINUTE);
    expect(workedMs({ ...session, breaks: [{ start: at(day, '16:00'), end: null }] })).toBe(7 * HOUR);
    expect(workedMs({ start: new Date(at(day, '09:00')), end: new Date(at(day, '09:30')) })).toBe(
      30 * MINUTE,
    );
  });

  it('is the real elapsed time across a clock change night', () => {
    expect(workedMs({ start: at('2026-03-08', '00:00'), end: at('2026-03-08', '08:00') })).toBe(7 * HOUR);
    expect(workedMs({ start: at('2026-11-01', '00:00'), end: at('2026-11-01', '08:00') })).toBe(9 * HOUR);
    expect(
      workedMs({ start: at('2026-03-28', '20:00', LONDON), end: at('2026-03-29', '08:00', LONDON) }),
    ).toBe(11 * HOUR);
  });

  it('counts overlapping sessions of one employee once', () => {
    const day = '2026-06-10';
    const sessions = [
      { start: at(day, '12:00'), end: at(day, '15:00') },
      { start: at(day, '09:00'), end: at(day, '13:00') },
    ];
    expect(employeeWorkedSpans(sessions).reduce((sum, s) => sum + s.end - s.start, 0)).toBe(6 * HOUR);
    expect(workedMsByDay(sessions, NY)).toEqual({ [day]: 6 * HOUR });
  });
});

describe('worked time by day and week', () => {
  const night = { start: at('2026-06-10', '22:00'), end: at('2026-06-11', '04:00') };

  it('splits a night shift at local midnight, or keeps it on its start day', () => {
    expect(workedMsByDay([night], NY)).toEqual({ '2026-06-10': 2 * HOUR, '2026-06-11': 4 * HOUR });
    expect(workedMsByDay([night], NY, 'startDay')).toEqual({ '2026-06-10': 6 * HOUR });
    // The same instants are a day shift in UTC.
    expect(workedMsByDay([night], 'UTC')).toEqual({ '2026-06-11': 6 * HOUR });
  });

  it('splits a session across the clock-change night in real hours', () => {
    const spring = { start: at('2026-03-07', '22:00'), end: at('2026-03-08', '06:00') };
    expect(workedMsByDay([spring], NY)).toEqual({ '2026-03-07': 2 * HOUR, '2026-03-08': 5 * HOUR });
    const autumn = { start: at('2026-10-31', '22:00'), end: at('2026-11-01', '06:00') };
    expect(workedMsByDay([autumn], NY)).toEqual({ '2026-10-31': 2 * HOUR, '2026-11-01': 7 * HOUR });
    const london = { start: at('2026-10-24', '22:00', LONDON), end: at('2026-10-25', '06:00', LONDON) };
    expect(workedMsByDay([london], LONDON)).toEqual({ '2026-10-24': 2 * HOUR, '2026-10-25': 7 * HOUR });
  });

  it('splits by Sunday-Saturday week', () => {
    const saturdayNight = { start: at('2026-06-13', '22:00'), end: at('2026-06-14', '04:00') };
    expect(workedMsByWeek([saturdayNight, night], NY)).toEqual({
      '2026-06-07': 8 * HOUR,
      '2026-06-14': 4 * HOUR,
    });
    expect(workedMsByWeek([saturdayNight], NY, 'startDay')).toEqual({ '2026-06-07': 6 * HOUR });
  });
});

describe('auto-end, screenshots and labour cost', () => {
  const start = Date.parse('2026-03-07T20:00:00Z');

  it('ends an open session at start + limit once the limit is reached', () => {
    expect(sessionAutoEnd(start, start + 11 * HOUR)).toEqual({ exceeded: false, endAt: start + 12 * HOUR });
    expect(sessionAutoEnd(start, start + 12 * HOUR)).toEqual({ exceeded: true, endAt: start + 12 * HOUR });
    // Real hours: the clock-change night does not stretch or shrink the limit.
    expect(sessionAutoEnd(new Date(start), start + 30 * HOUR, 8).endAt).toBe(start + 8 * HOUR);
    expect(sessionAutoEnd(start, start, 0).endAt).toBe(start + 12 * HOUR);
  });

  it('captures on the session grid, strictly after now', () => {
    expect(nextScreenshotAt(start, start)).toBe(start + 15 * MINUTE);
    expect(nextScreenshotAt(start, start + 15 * MINUTE)).toBe(start + 30 * MINUTE);
    expect(nextScreenshotAt(start, start + 16 * MINUTE)).toBe(start + 30 * MINUTE);
    expect(nextScreenshotAt(start, start + 61 * MINUTE, 5)).toBe(start + 65 * MINUTE);
    expect(nextScreenshotAt(start, start - HOUR)).toBe(start + 15 * MINUTE);
    expect(nextScreenshotAt(start, start, -1)).toBe(start + 15 * MINUTE);
  });

  it('gives labour cost as a percentage of planned sales, one decimal, half up', () => {
    const sales = Array.from({ length: 7 }, () => 100_000);
    expect(labourCostPercent(sales, 86_420)).toBe(12.3);
    expect(labourCostPercent(sales, 86_450)).toBe(12.4);
    expect(labourCostPercent({ '2026-06-07': 50_000, '2026-06-08': 50_000 }, 25_000)).toBe(25);
    expect(labourCostPercent([0, 0], 25_000)).toBe(0);
    expect(labourCostPercent([], 0)).toBe(0);
  });
});
