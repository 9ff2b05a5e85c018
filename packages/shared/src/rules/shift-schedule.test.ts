import { describe, expect, it } from 'vitest';
import { zonedTimeToInstant } from './kiosk.ts';
import { findShiftConflicts, shiftsOverlap, weekAttendance } from './shift-schedule.ts';

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
      graceMinutes: 2,
    });
    expect(week.shifts[0]).toMatchObject({ status: 'late', clockedInAt: at('2026-06-08', '09:03') });
    expect(week.overtimeMs).toBe(HOUR + 27 * MINUTE);
  });
});
