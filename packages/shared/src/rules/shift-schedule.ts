import { daysBetween, type Instant } from './calendar-days.ts';
import { mulDivRoundHalfUp } from './cents-math.ts';
import { addDaysToIsoDate, isoDateInZone, wallClock, zonedTimeToInstant } from './kiosk.ts';
import { mergeSpans } from './time-spans.ts';
import { dayInZone, employeeWorkedSpans, type WorkSession } from './work-time.ts';

// Scheduled shifts against each other and against the time actually worked. Shifts are
// half-open instants [start, end): one ending at 14:00 and the next starting at 14:00 do not
// clash, and a night shift is simply a span that crosses midnight.

export interface ScheduledShift {
  id: string;
  start: Instant;
  end: Instant;
}

export function shiftsOverlap(
  a: { start: Instant; end: Instant },
  b: { start: Instant; end: Instant },
): boolean {
  return +a.start < +b.end && +b.start < +a.end;
}

export interface ShiftConflict {
  /** The shift that starts first (by start, then end, then id). */
  first: string;
  second: string;
}

const byStart = (a: ScheduledShift, b: ScheduledShift) =>
  +a.start - +b.start || +a.end - +b.end || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every pair of one employee's shifts that overlap, in order of the shifts' starts. */
export function findShiftConflicts(shifts: readonly ScheduledShift[]): ShiftConflict[] {
  const conflicts: ShiftConflict[] = [];
  let running: ScheduledShift[] = [];
  for (const shift of [...shifts].sort(byStart)) {
    running = running.filter((other) => +other.end > +shift.start);
    for (const other of running) {
      if (shiftsOverlap(other, shift)) conflicts.push({ first: other.id, second: shift.id });
    }
    running.push(shift);
  }
  return conflicts;
}

export const DEFAULT_LATE_GRACE_MINUTES = 5;

export type AttendanceStatus = 'onTime' | 'late' | 'absent';

export interface ShiftAttendance {
  shiftId: string;
  status: AttendanceStatus;
  scheduledMs: number;
  /** Start of the earliest session overlapping the shift; null when absent. */
  clockedInAt: number | null;
  /** How long after the shift's start that was (0 when early or on the dot). */
  lateMs: number;
}

export interface WeekAttendance {
  shifts: ShiftAttendance[];
  /** Shift time, overlapping shifts counted once. */
  scheduledMs: number;
  workedMs: number;
  /** Worked beyond scheduled; never negative. */
  overtimeMs: number;
  onTime: number;
  late: number;
  absent: number;
}

/**
 * One employee's week: each shift is absent when no session overlaps it, late when the first
 * overlapping session started more than the grace after the shift's start, on time otherwise.
 * Worked time counts only inside `week` (its first midnight to the next week's, on the
 * organisation's clock), as the time sheet counts it: a session of the Saturday before, passed in
 * to match a shift that starts at the week's first minute, adds nothing to this week.
 */
export function weekAttendance(input: {
  shifts: readonly ScheduledShift[];
  sessions: readonly WorkSession[];
  week: { startsAt: number; endsAt: number };
  graceMinutes?: number;
}): WeekAttendance {
  const graceMs = Math.max(0, input.graceMinutes ?? DEFAULT_LATE_GRACE_MINUTES) * 60_000;
  const sessions = input.sessions.map((s) => ({ start: +s.start, end: +s.end }));
  const shifts = [...input.shifts].sort(byStart).map((shift): ShiftAttendance => {
    const start = +shift.start;
    const scheduledMs = +shift.end - start;
    const starts = sessions.filter((s) => shiftsOverlap(s, shift)).map((s) => s.start);
    if (starts.length === 0)
      return { shiftId: shift.id, status: 'absent', scheduledMs, clockedInAt: null, lateMs: 0 };
    const clockedInAt = Math.min(...starts);
    const lateMs = Math.max(0, clockedInAt - start);
    return {
      shiftId: shift.id,
      status: lateMs > graceMs ? 'late' : 'onTime',
      scheduledMs,
      clockedInAt,
      lateMs,
    };
  });
  const scheduledMs = mergeSpans(input.shifts.map((s) => ({ start: +s.start, end: +s.end }))).reduce(
    (sum, span) => sum + span.end - span.start,
    0,
  );
  const { startsAt, endsAt } = input.week;
  const workedMs = employeeWorkedSpans(input.sessions).reduce(
    (sum, span) => sum + Math.max(0, Math.min(span.end, endsAt) - Math.max(span.start, startsAt)),
    0,
  );
  const count = (status: AttendanceStatus) => shifts.filter((s) => s.status === status).length;
  return {
    shifts,
    scheduledMs,
    workedMs,
    overtimeMs: Math.max(0, workedMs - scheduledMs),
    onTime: count('onTime'),
    late: count('late'),
    absent: count('absent'),
  };
}

// ---- the week grid, time off and labour cost ----

/**
 * The organisation day a shift is shown on: the day it starts, in the organisation's zone. A
 * night shift 22:00-04:00 stays on its first day however late it ends, and never on the day the
 * browser's own zone would pick.
 */
export function shiftDisplayDay(shift: { start: Instant }, timeZone: string): string {
  return dayInZone(+shift.start, timeZone);
}

/** How a shift reads on its day: '22:00-04:00 (+1)' when it ends on a later organisation day. */
export function shiftEndsOnLaterDay(shift: { start: Instant; end: Instant }, timeZone: string): number {
  // The end instant itself belongs to the day before when it is exactly midnight.
  const lastDay = isoDateInZone(+shift.end - 1, timeZone);
  return Math.max(0, daysBetween(isoDateInZone(shift.start, timeZone), lastDay));
}

/** The ids of the shifts that overlap any of the given (approved) time-off spans. */
export function shiftsOverTimeOff(
  shifts: readonly ScheduledShift[],
  timeOff: readonly { start: Instant; end: Instant }[],
): string[] {
  return shifts.filter((s) => timeOff.some((t) => shiftsOverlap(s, t))).map((s) => s.id);
}

/**
 * A shift's labour cost in cents at an hourly cost (cents an hour), rounded half up once per
 * shift: 7 h 30 at 20.00 an hour is 150.00. Elapsed time, so a shift across a daylight-saving
 * change costs its real length.
 */
export function shiftCostCents(shift: { start: Instant; end: Instant }, hourlyCostCents: number): number {
  const ms = Math.max(0, +shift.end - +shift.start);
  if (!(hourlyCostCents > 0) || ms === 0) return 0;
  return mulDivRoundHalfUp(ms, Math.round(hourlyCostCents), 3_600_000);
}

/**
 * The same wall-clock time `days` organisation days later (copying a week keeps 09:00 at 09:00
 * across a daylight-saving change, where adding 7 × 24 h would not).
 */
export function shiftByDays(instant: Instant, days: number, timeZone: string): number {
  const day = isoDateInZone(instant, timeZone);
  const clock = wallClock(+instant, timeZone);
  const hhmm = `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
  const seconds = +instant - zonedTimeToInstant(day, hhmm, timeZone);
  return zonedTimeToInstant(addDaysToIsoDate(day, days), hhmm, timeZone) + seconds;
}
