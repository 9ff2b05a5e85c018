import { describe, expect, it } from 'vitest';
import { zonedDayStart } from './calendar-days.ts';
import { addDaysToIsoDate, isoDateInZone, zonedTimeToInstant } from './kiosk.ts';
import { subtractSpans } from './time-spans.ts';
import {
  dayInZone,
  employeeWorkedSpans,
  formatWorked,
  labourCostPercent,
  nextScreenshotAt,
  sessionAutoEnd,
  splitSpanByDay,
  type WorkSession,
  workEntryProblem,
  workedMs,
  workedMsByDay,
  workedMsByWeek,
  workedSpans,
  workTimeAt,
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

describe('time sheet entries', () => {
  it('a night session across the autumn change is its real length, split on the right days', () => {
    // 2026-11-01: New York's clocks go back at 02:00, so 22:00 Saturday to 06:00 Sunday is 9 hours.
    const session = {
      start: workTimeAt('2026-10-31', '22:00', NY),
      end: workTimeAt('2026-11-01', '06:00', NY),
    };
    expect(workedMs(session)).toBe(9 * HOUR);
    expect(workedMsByDay([session], NY)).toEqual({ '2026-10-31': 2 * HOUR, '2026-11-01': 7 * HOUR });
    // A whole day on that date is 25 hours long, but a session is never more than what was worked.
    const spring = {
      start: workTimeAt('2026-03-07', '22:00', NY),
      end: workTimeAt('2026-03-08', '06:00', NY),
    };
    expect(workedMs(spring)).toBe(7 * HOUR);
  });

  it('reads an edited time on the organisation clock, whatever zone the editor is in', () => {
    expect(new Date(workTimeAt('2026-06-10', '09:00', NY)).toISOString()).toBe('2026-06-10T13:00:00.000Z');
    expect(new Date(workTimeAt('2026-06-10', '09:00', LONDON)).toISOString()).toBe(
      '2026-06-10T08:00:00.000Z',
    );
  });

  it('refuses an entry that ends first, is too long, or has breaks outside it or overlapping', () => {
    const day = '2026-06-10';
    const entry = (from: string, to: string, breaks: [string, string | null][] = []) => ({
      start: at(day, from),
      end: at(day, to),
      breaks: breaks.map(([s, e]) => ({ start: at(day, s), end: e === null ? null : at(day, e) })),
    });
    expect(workEntryProblem(entry('09:00', '17:00', [['12:00', '12:30']]))).toBeNull();
    expect(workEntryProblem(entry('09:00', '17:00', [['16:30', null]]))).toBeNull();
    expect(workEntryProblem(entry('17:00', '09:00'))).toBe('The end must be after the start');
    expect(workEntryProblem({ start: at(day, '09:00'), end: at('2026-06-12', '09:00') })).toBe(
      'An entry lasts at most 24 hours',
    );
    expect(workEntryProblem(entry('09:00', '17:00', [['08:00', '09:30']]))).toBe(
      'A break must lie inside the entry',
    );
    expect(
      workEntryProblem(
        entry('09:00', '17:00', [
          ['12:00', '13:00'],
          ['12:30', '13:30'],
        ]),
      ),
    ).toBe('Breaks must not overlap');
    expect(workEntryProblem(entry('09:00', '17:00', [['12:00', '12:00']]))).toBe(
      'A break must end after it starts',
    );
  });

  it('writes worked time as hours and minutes', () => {
    expect(formatWorked(7 * HOUR + 5 * MINUTE + 59_000)).toBe('7h 05m');
    expect(formatWorked(-5)).toBe('0h 00m');
  });
});

describe('days on the zone clock, remembered', () => {
  // Zones with half- and quarter-hour offsets, a half-hour clock change (Lord Howe), a clock set
  // back across midnight (Santiago) and a local mean time offset (before 1900).
  const zones = [
    NY,
    LONDON,
    'America/Santiago',
    'Asia/Kathmandu',
    'Asia/Kolkata',
    'Australia/Lord_Howe',
    'UTC',
  ];
  const instants = (from: number, to: number, step: number) => {
    const list: number[] = [];
    for (let t = from; t < to; t += step) list.push(t);
    return list;
  };
  const year = instants(Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1), 97 * MINUTE + 13_000).flatMap((t) => [
    t,
    t + 5 * MINUTE,
    t + 11 * MINUTE,
  ]);
  const old = instants(Date.UTC(1880, 0, 1), Date.UTC(1880, 0, 5), 3 * MINUTE + 1_000);

  it('gives the day isoDateInZone gives, in every zone', () => {
    for (const zone of [...zones, 'Europe/Amsterdam']) {
      for (const t of zone === 'Europe/Amsterdam' ? old : year) {
        if (dayInZone(t, zone) !== isoDateInZone(t, zone)) expect([zone, t, dayInZone(t, zone)]).toBe(null);
      }
    }
  });

  it('splits spans at midnight as the zone clock does, clock changes included', () => {
    const reference = (span: { start: number; end: number }, zone: string) => {
      const pieces: Array<{ start: number; end: number; day: string }> = [];
      let from = span.start;
      let day = isoDateInZone(from, zone);
      while (from < span.end) {
        const next = addDaysToIsoDate(day, 1);
        const to = Math.min(span.end, zonedDayStart(next, zone));
        if (to > from) pieces.push({ start: from, end: to, day });
        from = Math.max(from, to);
        day = next;
      }
      return pieces;
    };
    for (const zone of zones) {
      for (const start of instants(Date.UTC(2026, 2, 1), Date.UTC(2026, 11, 1), 193 * MINUTE + 7_000)) {
        const span = { start, end: start + 11 * HOUR + 7 * MINUTE };
        expect(splitSpanByDay(span, zone)).toEqual(reference(span, zone));
      }
    }
  });
});

describe('many sessions of one employee', () => {
  // The first way of counting: each session less everything counted before it, all of it.
  const reference = (sessions: WorkSession[]) => {
    const counted: Array<{ start: number; end: number }> = [];
    const result: Array<{ start: number; end: number; sessionStart: number }> = [];
    for (const session of [...sessions].sort((a, b) => +a.start - +b.start || +a.end - +b.end)) {
      for (const span of subtractSpans(workedSpans(session), counted)) {
        result.push({ ...span, sessionStart: +session.start });
        counted.push(span);
      }
    }
    return result.sort((a, b) => a.start - b.start);
  };
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };

  it('counts overlapping, touching and nested sessions and breaks as before', () => {
    for (let round = 0; round < 200; round++) {
      const sessions: WorkSession[] = Array.from({ length: 1 + random(30) }, () => {
        const start = random(48) * 30 * MINUTE;
        const end = start + random(20) * 30 * MINUTE;
        const breakStart = start + random(10) * 15 * MINUTE;
        const breaks =
          random(3) === 0
            ? []
            : [{ start: breakStart, end: random(4) === 0 ? null : breakStart + random(6) * 15 * MINUTE }];
        return { start, end, breaks };
      });
      expect(employeeWorkedSpans(sessions)).toEqual(reference(sessions));
    }
  });

  it('takes n log n: three thousand short sessions in a few days', () => {
    const sessions = Array.from({ length: 3_000 }, (_, i) => ({
      start: i * MINUTE,
      end: i * MINUTE + 50_000,
    }));
    const t0 = performance.now();
    expect(workedMsByDay(sessions, 'UTC')).toEqual({
      '1970-01-01': 1_440 * 50_000,
      '1970-01-02': 1_440 * 50_000,
      '1970-01-03': 120 * 50_000,
    });
    // Each session against all counted before it took 250-350 ms here.
    expect(performance.now() - t0).toBeLessThan(150);
  });
});
