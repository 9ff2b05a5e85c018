import {
  anchoredMonthDay,
  type DayRange,
  dayFromNumber,
  dayNumber,
  daysBetween,
  monthsBetween,
  zonedDayStart,
} from './calendar-days.ts';
import { mulDivRoundHalfUp } from './cents-math.ts';
import { addDaysToIsoDate } from './kiosk.ts';
import { mergeSpans, overlapLength } from './time-spans.ts';

// When a self-billing membership contract bills, and for how much. Periods are calendar days on
// the organisation's calendar, half-open, and billed in advance: a period's invoice is issued on
// its first day. Cycle boundaries are always counted from the anchor (never from the previous
// boundary), which is what brings a 31st anchor back to the 31st after February.

export const BILLING_CYCLES = ['weekly', 'monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export interface BillingSchedule {
  cycle: BillingCycle;
  /** The contract's first day. */
  startDay: string;
  /** The day full cycles line up on (any day of the alignment, before or after the start); the start day when unset. */
  anchorDay?: string | null;
  /** No invoice is issued on or after this day; the period running over it is billed whole. */
  endDay?: string | null;
}

export interface BillingPeriod extends DayRange {
  /** 0 for the contract's first period. */
  index: number;
  /** Billing runs in advance: the invoice is issued on the period's first day. */
  invoiceDay: string;
  days: number;
  /** Length of the full cycle the period belongs to (equal to `days` unless prorated). */
  cycleDays: number;
  prorated: boolean;
}

/** The k-th boundary counted from the anchor (k may be negative). */
export function cycleBoundary(anchorDay: string, cycle: BillingCycle, k: number): string {
  if (cycle === 'weekly') return addDaysToIsoDate(anchorDay, 7 * k);
  return anchoredMonthDay(anchorDay, cycle === 'monthly' ? k : 12 * k);
}

/** The smallest k whose boundary falls on or after `day`. */
function firstBoundaryOnOrAfter(anchorDay: string, cycle: BillingCycle, day: string): number {
  if (cycle === 'weekly') return Math.ceil(daysBetween(anchorDay, day) / 7);
  const step = cycle === 'monthly' ? 1 : 12;
  // One step before the day's month (or year) is always before the day; at most two steps up.
  let k = Math.floor(monthsBetween(anchorDay, day) / step) - 1;
  while (cycleBoundary(anchorDay, cycle, k) < day) k++;
  return k;
}

function scheduleShape(schedule: BillingSchedule) {
  const anchor = schedule.anchorDay || schedule.startDay;
  const k0 = firstBoundaryOnOrAfter(anchor, schedule.cycle, schedule.startDay);
  const partial = cycleBoundary(anchor, schedule.cycle, k0) !== schedule.startDay;
  return { anchor, k0, partial };
}

function periodAt(schedule: BillingSchedule, index: number): BillingPeriod | null {
  const { anchor, k0, partial } = scheduleShape(schedule);
  const { cycle } = schedule;
  const k = k0 + index - (partial ? 1 : 0);
  const start = index === 0 ? schedule.startDay : cycleBoundary(anchor, cycle, k);
  if (schedule.endDay && start >= schedule.endDay) return null;
  const end = cycleBoundary(anchor, cycle, k + 1);
  const cycleDays = daysBetween(cycleBoundary(anchor, cycle, k), end);
  const days = daysBetween(start, end);
  return { index, start, end, invoiceDay: start, days, cycleDays, prorated: days !== cycleDays };
}

/** The contract's periods in order, while they start before `until` (or up to `limit` of them). */
export function billingPeriods(
  schedule: BillingSchedule,
  options: { until?: string | null; limit?: number } = {},
): BillingPeriod[] {
  const limit = options.limit ?? 1_000;
  const periods: BillingPeriod[] = [];
  for (let index = 0; periods.length < limit; index++) {
    const period = periodAt(schedule, index);
    if (!period || (options.until && period.start >= options.until)) break;
    periods.push(period);
  }
  return periods;
}

/** The period a day falls in; null before the start or after the last issued period. */
export function billingPeriodOn(schedule: BillingSchedule, day: string): BillingPeriod | null {
  if (day < schedule.startDay) return null;
  const { anchor, k0, partial } = scheduleShape(schedule);
  const endsAt = firstBoundaryOnOrAfter(anchor, schedule.cycle, addDaysToIsoDate(day, 1));
  return periodAt(schedule, endsAt - k0 + (partial ? 1 : 0) - 1);
}

/**
 * What a period costs: the full price, or for a first partial period
 * round(price × days used / days of its full cycle), half up to the cent.
 */
export function periodChargeCents(period: BillingPeriod, priceCents: number): number {
  return period.prorated ? mulDivRoundHalfUp(priceCents, period.days, period.cycleDays) : priceCents;
}

export interface PeriodInvoiceAmounts {
  periodCents: number;
  /** Only on the first invoice. */
  signUpFeeCents: number;
  totalCents: number;
}

export function periodInvoiceAmounts(
  period: BillingPeriod,
  priceCents: number,
  signUpFeeCents = 0,
): PeriodInvoiceAmounts {
  const periodCents = periodChargeCents(period, priceCents);
  const fee = period.index === 0 ? signUpFeeCents : 0;
  return { periodCents, signUpFeeCents: fee, totalCents: periodCents + fee };
}

/**
 * The instant an invoice day's invoice is issued: local midnight (or `localHour`) in the
 * organisation's zone, so a 23- or 25-hour day still bills at its own midnight. The way back, from
 * an instant to its day, is `isoDateInZone`.
 */
export function invoiceIssueAt(invoiceDay: string, timeZone: string, localHour = 0): number {
  return zonedDayStart(invoiceDay, timeZone, localHour);
}

export function isInvoiceDue(
  invoiceDay: string,
  now: Date | number,
  timeZone: string,
  localHour = 0,
): boolean {
  return invoiceIssueAt(invoiceDay, timeZone, localHour) <= +now;
}

/** A pause of billing; `end` is the first day the contract runs again, null while open-ended. */
export interface BillingFreeze {
  start: string;
  end: string | null;
}

/**
 * The day the next bill is due after freezes. Paid days inside a freeze are not lost: they are
 * used after the freeze, so the next bill moves out by the frozen paid days, counted from the
 * later of the paid end and the thaw (a day the contract is frozen is never billed). A freeze that
 * starts after the paid end does not move that bill. null while an open-ended freeze holds it.
 */
export function nextBillDayAfterFreeze(
  paidPeriods: readonly DayRange[],
  freezes: BillingFreeze | readonly BillingFreeze[],
): string | null {
  const paid = mergeSpans(paidPeriods.map((p) => ({ start: dayNumber(p.start), end: dayNumber(p.end) })));
  if (paid.length === 0) throw new RangeError('At least one paid period is needed');
  const frozen = mergeSpans(
    ('start' in freezes ? [freezes] : freezes).map((f) => ({
      start: dayNumber(f.start),
      end: f.end ? dayNumber(f.end) : Number.POSITIVE_INFINITY,
    })),
  );
  let remaining = overlapLength(paid, frozen);
  let day = Math.max(...paid.map((p) => p.end));
  for (;;) {
    const holding = frozen.find((f) => f.start <= day && day < f.end);
    if (holding) {
      if (holding.end === Number.POSITIVE_INFINITY) return null;
      day = holding.end;
      continue;
    }
    if (remaining === 0) return dayFromNumber(day);
    const next = frozen.find((f) => f.start > day);
    const step = next ? Math.min(remaining, next.start - day) : remaining;
    day += step;
    remaining -= step;
  }
}

/**
 * Cancel at period end: the contract ends when the paid period running on the request day ends
 * (its last paid day is the day before). With no paid period running that day, nothing paid is
 * left to honour and it ends on the request day. Pass the answer as `endDay` to stop invoices.
 */
export function cancelAtPeriodEnd(paidPeriods: readonly DayRange[], requestDay: string): string {
  const runningEnds = paidPeriods
    .filter((p) => p.start <= requestDay && requestDay < p.end)
    .map((p) => p.end);
  return runningEnds.sort().at(-1) ?? requestDay;
}
