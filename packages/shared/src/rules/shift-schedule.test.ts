import { describe, expect, it } from 'vitest';
import { zonedWeek } from './calendar-days.ts';
import { zonedTimeToInstant } from './kiosk.ts';
import {
  findShiftConflicts,
  shiftByDays,
  shiftCostCents,
  shiftDisplayDay,
  shiftEndsOnLaterDay,
  shiftsOverlap,
  shiftsOverTimeOff,
  weekAttendance,
} from './shift-schedule.ts';

const NY = 'America/New_York';
const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (day: string, hhmm: string) => zonedTimeToInstant(day, hhmm, NY);
const shift = (id: string, day: string, from: string, endDay: string, to: string) => ({
  id,
  start: at(day, from),
  end: at(endDay, to),
});

describe('shift overlap', () => {
  const night = shift('night', '2026-06-10', '22:00', '2026-06-11', '04:00');

  it('sees a night shift overlap the next morning, and back-to-back shifts not overlap', () => {
    expect(shiftsOverlap(night, shift('early', '2026-06-11', '02:00', '2026-06-11', '08:00'))).toBe(true);
    expect(shiftsOverlap(night, shift('after', '2026-06-11', '04:00', '2026-06-11', '10:00'))).toBe(false);
    expect(shiftsOverlap(shift('before', '2026-06-10', '14:00', '2026-06-10', '22:00'), night)).toBe(false);
  });

  it('lists every clashing pair of one employee', () => {
    const shifts = [
      shift('late', '2026-06-11', '06:00', '2026-06-11', '12:00'),
      shift('early', '2026-06-11', '02:00', '2026-06-11', '08:00'),
      night,
      shift('after', '2026-06-11', '12:00', '2026-06-11', '16:00'),
    ];
    expect(findShiftConflicts(shifts)).toEqual([
      { first: 'night', second: 'early' },
      { first: 'early', second: 'late' },
    ]);
    expect(findShiftConflicts([])).toEqual([]);
  });
});

describe('attendance', () => {
  const june = zonedWeek('2026-06-08', NY);
  const monday = shift('mon', '2026-06-08', '09:00', '2026-06-08', '17:00');
  const tuesday = shift('tue', '2026-06-09', '09:00', '2026-06-09', '17:00');
  const wednesday = shift('wed', '2026-06-10', '09:00', '2026-06-10', '17:00');
  const thursday = shift('thu', '2026-06-11', '09:00', '2026-06-11', '17:00');

  it('marks on time within the grace, late past it, absent without a session', () => {
    const week = weekAttendance({
      shifts: [thursday, monday, tuesday, wednesday],
      sessions: [
        { start: at('2026-06-08', '08:55'), end: at('2026-06-08', '17:00') },
        { start: at('2026-06-09', '09:05'), end: at('2026-06-09', '19:00') },
        { start: at('2026-06-10', '09:06'), end: at('2026-06-10', '17:00') },
      ],
      week: june,
    });
    expect(week.shifts.map((s) => [s.shiftId, s.status, s.lateMs / MINUTE])).toEqual([
      ['mon', 'onTime', 0],
      ['tue', 'onTime', 5],
      ['wed', 'late', 6],
      ['thu', 'absent', 0],
    ]);
    expect(week).toMatchObject({ onTime: 2, late: 1, absent: 1, scheduledMs: 32 * HOUR });
    expect(week.workedMs).toBe(8 * HOUR + 5 * MINUTE + 9 * HOUR + 55 * MINUTE + 7 * HOUR + 54 * MINUTE);
    expect(week.overtimeMs).toBe(0);
  });

  it('pays attention to the grace setting and counts overtime beyond the schedule', () => {
    const week = weekAttendance({
      shifts: [monday],
      sessions: [
        { start: at('2026-06-08', '09:03'), end: at('2026-06-08', '12:00') },
        { start: at('2026-06-08', '12:30'), end: at('2026-06-08', '19:00') },
      ],
      week: june,
      graceMinutes: 2,
    });
    expect(week.shifts[0]).toMatchObject({ status: 'late', clockedInAt: at('2026-06-08', '09:03') });
    expect(week.overtimeMs).toBe(HOUR + 27 * MINUTE);
  });
});

describe('attendance at the week boundary', () => {
  // Nov 22-28 2026 starts on Sunday at midnight on the organisation's clock; the Saturday before
  // belongs to Nov 15-21 only.
  for (const zone of ['America/New_York', 'Europe/London']) {
    const local = (day: string, hhmm: string) => zonedTimeToInstant(day, hhmm, zone);
    const saturday = { start: local('2026-11-21', '18:00'), end: local('2026-11-21', '22:03') };
    const sunday = { start: local('2026-11-22', '00:10'), end: local('2026-11-22', '01:10') };
    const lateNight = { start: local('2026-11-21', '23:00'), end: local('2026-11-22', '01:00') };

    it(`counts last Saturday's work only in its own week (${zone})`, () => {
      const later = zonedWeek('2026-11-22', zone);
      const earlier = zonedWeek('2026-11-15', zone);
      expect(weekAttendance({ shifts: [], sessions: [saturday], week: later }).workedMs).toBe(0);
      expect(weekAttendance({ shifts: [], sessions: [saturday], week: earlier }).workedMs).toBe(
        4 * HOUR + 3 * MINUTE,
      );
      expect(weekAttendance({ shifts: [], sessions: [sunday], week: later }).workedMs).toBe(HOUR);
      expect(weekAttendance({ shifts: [], sessions: [sunday], week: earlier }).workedMs).toBe(0);
      // A session across midnight is split at it, as on the time sheet.
      expect(weekAttendance({ shifts: [], sessions: [lateNight], week: earlier }).workedMs).toBe(HOUR);
      expect(weekAttendance({ shifts: [], sessions: [lateNight], week: later }).workedMs).toBe(HOUR);
    });
  }
});

describe('the week grid', () => {
  it('shows a night shift on the day it starts in the organisation zone, marked as ending a day later', () => {
    const night = shift('night', '2026-06-13', '22:00', '2026-06-14', '04:00');
    expect(shiftDisplayDay(night, NY)).toBe('2026-06-13');
    // In UTC the same shift starts on the 14th: the organisation's zone decides, not the viewer's.
    expect(shiftDisplayDay(night, 'UTC')).toBe('2026-06-14');
    expect(shiftEndsOnLaterDay(night, NY)).toBe(1);
    expect(shiftEndsOnLaterDay(shift('day', '2026-06-13', '09:00', '2026-06-13', '17:00'), NY)).toBe(0);
    expect(shiftEndsOnLaterDay(shift('late', '2026-06-13', '18:00', '2026-06-14', '00:00'), NY)).toBe(0);
  });

  it('flags the shifts over approved time off, and not back-to-back ones', () => {
    const off = [{ start: at('2026-06-15', '00:00'), end: at('2026-06-16', '00:00') }];
    const shifts = [
      shift('monday', '2026-06-15', '09:00', '2026-06-15', '17:00'),
      shift('sunday-night', '2026-06-14', '20:00', '2026-06-15', '00:00'),
      shift('into-monday', '2026-06-14', '22:00', '2026-06-15', '02:00'),
    ];
    expect(shiftsOverTimeOff(shifts, off)).toEqual(['monday', 'into-monday']);
    expect(shiftsOverTimeOff(shifts, [])).toEqual([]);
  });

  it('costs a shift by its real length at an hourly cost, half up', () => {
    expect(shiftCostCents(shift('a', '2026-06-15', '09:00', '2026-06-15', '16:30'), 2_000)).toBe(15_000);
    expect(shiftCostCents(shift('b', '2026-06-15', '09:00', '2026-06-15', '09:01'), 1_530)).toBe(26);
    // The autumn night is 9 hours long.
    expect(shiftCostCents(shift('c', '2026-10-31', '22:00', '2026-11-01', '06:00'), 1_000)).toBe(9_000);
    expect(shiftCostCents(shift('d', '2026-06-15', '09:00', '2026-06-15', '17:00'), 0)).toBe(0);
  });

  it('copies a shift a week on at the same wall-clock time across a daylight-saving change', () => {
    const before = at('2026-03-01', '09:00');
    expect(shiftByDays(before, 7, NY)).toBe(at('2026-03-08', '09:00'));
    expect(shiftByDays(before, 7, NY) - before).toBe(7 * 24 * HOUR - HOUR);
    expect(shiftByDays(at('2026-06-10', '09:30'), -7, NY)).toBe(at('2026-06-03', '09:30'));
  });
});
