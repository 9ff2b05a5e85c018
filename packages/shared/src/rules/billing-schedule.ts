import {
  type BillingCycle,
  type BillingFreeze,
  type BillingPeriod,
  billingPeriods,
  nextBillDayAfterFreeze,
  periodChargeCents,
} from './billing-cycles.ts';
import type { DayRange } from './calendar-days.ts';
import { addDaysToIsoDate } from './kiosk.ts';

// A membership contract's bills as the job runner issues them, built on the cycle rules: where
// billing begins for a contract entered today, the period a bill day opens, the next invoices to
// come (the contract form's preview) and where billing resumes after a freeze.

/** A contract's cycle: a recurring one, or a single charge on the first bill day. */
export type ContractCycle = BillingCycle | 'one_time';

export interface ContractSchedule {
  cycle: ContractCycle;
  /** The contract's first day. */
  startDay: string;
  /** The day full cycles line up on (the first bill date); the start day when unset. */
  anchorDay?: string | null;
  /** The contract's last day (inclusive); no period starting after it is billed. */
  endDay?: string | null;
}

/**
 * The first day billed for a contract entered on `today`: its start day when that is today or
 * later. A contract that started earlier is not billed for time already gone: billing begins
 * with the first period that starts after today (the period running today counts as settled
 * elsewhere). null when nothing is left to bill (a one-time contract that started before today,
 * or an end day already passed).
 */
export function firstBillDay(schedule: ContractSchedule, today: string): string | null {
  const endDay = schedule.endDay ?? null;
  if (schedule.startDay >= today) return endDay && schedule.startDay > endDay ? null : schedule.startDay;
  if (schedule.cycle === 'one_time') return null;
  const anchor = schedule.anchorDay || schedule.startDay;
  const [next] = billingPeriods(
    { cycle: schedule.cycle, startDay: addDaysToIsoDate(today, 1), anchorDay: anchor },
    { limit: 1 },
  );
  // The day after today opens a (possibly partial) period; a full boundary after it is the bill.
  const day = next && !next.prorated ? next.start : next?.end;
  if (!day || (endDay && day > endDay)) return null;
  return day;
}

/**
 * The period a bill day opens: from it to the next boundary counted from the anchor (partial when
 * the day is not on a boundary, as for a first bill before the first bill date).
 */
export function periodFrom(cycle: BillingCycle, anchorDay: string, day: string): BillingPeriod {
  const [period] = billingPeriods({ cycle, startDay: day, anchorDay }, { limit: 1 });
  return period!;
}

export interface ScheduledInvoice {
  /** The period's first day, which is also the day its invoice is issued (and due). */
  periodStart: string;
  /** First day after the period; null for a one-time charge. */
  periodEnd: string | null;
  prorated: boolean;
  periodCents: number;
  signUpFeeCents: number;
  amountCents: number;
}

export interface UpcomingInput extends ContractSchedule {
  priceCents: number;
  signUpFeeCents?: number;
  /** The next period to bill; null when nothing more is billed. */
  nextBillDay: string | null;
  /** Whether an invoice of this contract was issued already (the sign-up fee goes on the first only). */
  billedBefore: boolean;
}

/**
 * The next `count` invoices of a contract from its next bill day, with their amounts; with
 * `through`, only those whose period starts on or before that day (what is due by then).
 */
export function upcomingInvoices(
  input: UpcomingInput,
  count: number,
  options: { through?: string } = {},
): ScheduledInvoice[] {
  const out: ScheduledInvoice[] = [];
  const fee = input.billedBefore ? 0 : (input.signUpFeeCents ?? 0);
  let day = input.nextBillDay;
  if (!day || count <= 0 || (options.through && day > options.through)) return out;
  if (input.cycle === 'one_time') {
    return [
      {
        periodStart: day,
        periodEnd: null,
        prorated: false,
        periodCents: input.priceCents,
        signUpFeeCents: fee,
        amountCents: input.priceCents + fee,
      },
    ];
  }
  const anchor = input.anchorDay || input.startDay;
  const through = options.through;
  while (out.length < count && day && !(input.endDay && day > input.endDay) && !(through && day > through)) {
    const period = periodFrom(input.cycle, anchor, day);
    const periodCents = periodChargeCents(period, input.priceCents);
    const signUpFeeCents = out.length === 0 ? fee : 0;
    out.push({
      periodStart: period.start,
      periodEnd: period.end,
      prorated: period.prorated,
      periodCents,
      signUpFeeCents,
      amountCents: periodCents + signUpFeeCents,
    });
    day = period.end;
  }
  return out;
}

/**
 * Where billing resumes when a freeze ends. The periods billed that run past the freeze's start
 * carry the paid days it covered, which push the next bill out (nextBillDayAfterFreeze); with no
 * such period, the bill that was planned moves to the thaw only when it fell inside the freeze.
 * The answer is never before the thaw day unless the plan was before the freeze began.
 */
export function billDayAfterThaw(
  billedPeriods: readonly DayRange[],
  freeze: BillingFreeze & { end: string },
  plannedNext: string | null,
): string {
  const covering = billedPeriods.filter((p) => p.end > freeze.start);
  if (covering.length > 0) return nextBillDayAfterFreeze(covering, freeze) ?? freeze.end;
  if (!plannedNext || (plannedNext >= freeze.start && plannedNext < freeze.end)) return freeze.end;
  return plannedNext;
}
