import { type Instant, startOfWeekDay, zonedDayStart } from './calendar-days.ts';
import { mulDivRoundHalfUp, sumCents } from './cents-math.ts';
import { addDaysToIsoDate, isoDateInZone, zonedTimeToInstant } from './kiosk.ts';
import { addToMerged, subtractMerged, subtractSpans, type TimeSpan } from './time-spans.ts';

// Staff time: how long someone worked and on which of the organisation's days. Durations are
// real elapsed milliseconds between instants, so a session across a daylight-saving night is its
// true length; only the split into days and weeks looks at the zone's clock.

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export interface WorkBreak {
  start: Instant;
  /** null while the break is running: it lasts to the session's end. */
  end: Instant | null;
}

export interface WorkSession {
  start: Instant;
  end: Instant;
  breaks?: readonly WorkBreak[];
}

/** The session's worked time: the session less its breaks, clipped to it and counted once. */
export function workedSpans(session: WorkSession): TimeSpan[] {
  const start = +session.start;
  const end = +session.end;
  const breaks = (session.breaks ?? []).map((b) => ({ start: +b.start, end: b.end == null ? end : +b.end }));
  return subtractSpans([{ start, end }], breaks);
}

export function workedMs(session: WorkSession): number {
  return workedSpans(session).reduce((sum, span) => sum + span.end - span.start, 0);
}

export interface EmployeeWorkedSpan extends TimeSpan {
  /** The start of the session the time belongs to. */
  sessionStart: number;
}

/**
 * One employee's worked time over many sessions. Overlapping sessions (a double clock-in) count
 * their shared time once, for the session that started first.
 */
export function employeeWorkedSpans(sessions: readonly WorkSession[]): EmployeeWorkedSpan[] {
  // What earlier sessions counted, kept merged (a day of clocking in and out is hundreds).
  const counted: TimeSpan[] = [];
  const result: EmployeeWorkedSpan[] = [];
  const ordered = [...sessions].sort((a, b) => +a.start - +b.start || +a.end - +b.end);
  for (const session of ordered) {
    for (const span of subtractMerged(workedSpans(session), counted)) {
      result.push({ ...span, sessionStart: +session.start });
      addToMerged(counted, span);
    }
  }
  return result.sort((a, b) => a.start - b.start);
}

// Days on a zone's clock, remembered: each answer from scratch takes a few Intl.DateTimeFormat
// calls (microseconds each), and a week's time sheet or schedule grid asks hundreds of times about
// the same few midnights and the same few starting times. Both maps are bounded (cleared when full).
const KEPT = 20_000;
const QUARTER_HOUR_MS = 900_000;
const midnights = new Map<string, { day: string; start: number }>();
const quarterDays = new Map<string, string | null>();

function remember<V>(map: Map<string, V>, key: string, value: V): V {
  if (map.size >= KEPT) map.clear();
  map.set(key, value);
  return value;
}

/** The day after `day` and its first instant (zonedDayStart), remembered. */
function dayAfter(day: string, timeZone: string): { day: string; start: number } {
  const key = `${timeZone} ${day}`;
  let next = midnights.get(key);
  if (!next) {
    const following = addDaysToIsoDate(day, 1);
    next = remember(midnights, key, { day: following, start: zonedDayStart(following, timeZone) });
  }
  return next;
}

/**
 * isoDateInZone, remembered per quarter hour (of UTC): a quarter hour that starts and ends on the
 * same day lies on it throughout (it would otherwise have to cross midnight and be set back across
 * it within those 15 minutes, which no zone's clock does). One that spans a midnight (a zone whose
 * offset is not whole quarter hours, such as an old local mean time) is asked about each time.
 */
export function dayInZone(instant: number, timeZone: string): string {
  const quarter = Math.floor(instant / QUARTER_HOUR_MS);
  const key = `${timeZone} ${quarter}`;
  let day = quarterDays.get(key);
  if (day === undefined) {
    const first = isoDateInZone(quarter * QUARTER_HOUR_MS, timeZone);
    const last = isoDateInZone((quarter + 1) * QUARTER_HOUR_MS - 1, timeZone);
    day = remember(quarterDays, key, first === last ? first : null);
  }
  return day ?? isoDateInZone(instant, timeZone);
}

/** A span cut at the zone's local midnights, each piece with the day it lies on. */
export function splitSpanByDay(span: TimeSpan, timeZone: string): Array<TimeSpan & { day: string }> {
  const pieces: Array<TimeSpan & { day: string }> = [];
  let from = span.start;
  let day = dayInZone(from, timeZone);
  while (from < span.end) {
    const next = dayAfter(day, timeZone);
    const to = Math.min(span.end, next.start);
    if (to > from) pieces.push({ start: from, end: to, day });
    from = Math.max(from, to);
    day = next.day;
  }
  return pieces;
}

/**
 * 'split' puts each piece of time on the day it was worked (22:00-04:00 gives 2 h and 4 h);
 * 'startDay' puts a whole session on the day it started, the way a time sheet lists it.
 */
export type DayAttribution = 'split' | 'startDay';

/** Worked milliseconds per organisation day (YYYY-MM-DD), days in order. */
export function workedMsByDay(
  sessions: readonly WorkSession[],
  timeZone: string,
  attribution: DayAttribution = 'split',
): Record<string, number> {
  const totals = new Map<string, number>();
  const add = (day: string, ms: number) => totals.set(day, (totals.get(day) ?? 0) + ms);
  for (const span of employeeWorkedSpans(sessions)) {
    if (attribution === 'startDay') add(dayInZone(span.sessionStart, timeZone), span.end - span.start);
    else for (const piece of splitSpanByDay(span, timeZone)) add(piece.day, piece.end - piece.start);
  }
  return Object.fromEntries([...totals].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Worked milliseconds per Sunday-Saturday week, keyed by its Sunday. */
export function workedMsByWeek(
  sessions: readonly WorkSession[],
  timeZone: string,
  attribution: DayAttribution = 'split',
): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const [day, ms] of Object.entries(workedMsByDay(sessions, timeZone, attribution))) {
    const week = startOfWeekDay(day);
    totals[week] = (totals[week] ?? 0) + ms;
  }
  return totals;
}

export const DEFAULT_AUTO_END_HOURS = 12;

/**
 * Whether an open session has reached the organisation's limit, and the instant it is ended at
 * (start + limit), so an employee who forgot to clock out is paid the limit, not the night.
 */
export function sessionAutoEnd(
  start: Instant,
  now: Instant,
  limitHours: number = DEFAULT_AUTO_END_HOURS,
): { exceeded: boolean; endAt: number } {
  const hours = limitHours > 0 && Number.isFinite(limitHours) ? limitHours : DEFAULT_AUTO_END_HOURS;
  const endAt = +start + Math.round(hours * HOUR_MS);
  return { exceeded: +now >= endAt, endAt };
}

export const DEFAULT_SCREENSHOT_MINUTES = 15;

/**
 * The next screenshot, strictly after `now`. Captures keep to the session's own grid
 * (start + k × interval) so a late or missed capture does not push every later one back.
 */
export function nextScreenshotAt(
  sessionStart: Instant,
  now: Instant,
  intervalMinutes: number = DEFAULT_SCREENSHOT_MINUTES,
): number {
  const minutes =
    intervalMinutes > 0 && Number.isFinite(intervalMinutes) ? intervalMinutes : DEFAULT_SCREENSHOT_MINUTES;
  const interval = Math.round(minutes * MINUTE_MS);
  const start = +sessionStart;
  const k = Math.max(1, Math.floor((+now - start) / interval) + 1);
  return start + k * interval;
}

/**
 * Labour cost as a percentage of the week's planned sales, one decimal, half up
 * (labour 1,234.00 against sales 10,000.00 → 12.3). 0 when no sales are planned.
 */
export function labourCostPercent(
  plannedSalesByDayCents: readonly number[] | Readonly<Record<string, number>>,
  labourCostCents: number,
): number {
  const sales = sumCents(
    Array.isArray(plannedSalesByDayCents) ? plannedSalesByDayCents : Object.values(plannedSalesByDayCents),
  );
  if (sales <= 0) return 0;
  return mulDivRoundHalfUp(labourCostCents, 1_000, sales) / 10;
}

// ---- entries as the time sheet edits them ----

/**
 * What is wrong with a work entry's times, or null: it ends after it starts, lasts at most
 * `maxHours`, and each break lies inside it without overlapping another.
 */
export function workEntryProblem(entry: WorkSession, maxHours = 24): string | null {
  const start = +entry.start;
  const end = +entry.end;
  if (!(end > start)) return 'The end must be after the start';
  if (end - start > maxHours * HOUR_MS) return `An entry lasts at most ${maxHours} hours`;
  const breaks = [...(entry.breaks ?? [])]
    .map((b) => ({ start: +b.start, end: b.end == null ? end : +b.end }))
    .sort((a, b) => a.start - b.start);
  for (const [i, b] of breaks.entries()) {
    if (!(b.end > b.start)) return 'A break must end after it starts';
    if (b.start < start || b.end > end) return 'A break must lie inside the entry';
    const previous = breaks[i - 1];
    if (previous && b.start < previous.end) return 'Breaks must not overlap';
  }
  return null;
}

/**
 * An organisation-local day and HH:mm as an instant. Time sheets are edited on the
 * organisation's clock: 09:00 typed by a manager in another zone is 09:00 where the work was.
 */
export function workTimeAt(day: string, hhmm: string, timeZone: string): number {
  return zonedTimeToInstant(day, hhmm, timeZone);
}

/** Hours and minutes of a duration, '7h 05m'; negative durations read as 0. */
export function formatWorked(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}
