import { anchoredMonthDay, type DayRange, daysBetween, daysInMonth, monthsBetween } from './calendar-days.ts';
import { addDaysToIsoDate } from './kiosk.ts';

// Pay periods on the organisation's calendar, half-open day ranges like billing periods. Weekly
// and biweekly periods repeat every 7 or 14 days from the anchor; monthly ones start on the
// anchor's day of the month (the last day in shorter months); semimonthly ones are always the
// 1st-15th and the 16th-end of month, whatever the anchor.

export const PAY_CYCLES = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
export type PayCycle = (typeof PAY_CYCLES)[number];

/** Used to turn an annual salary into one period's pay. */
export const PAY_PERIODS_PER_YEAR: Readonly<Record<PayCycle, number>> = {
  weekly: 52,
  biweekly: 26,
  semimonthly: 24,
  monthly: 12,
};

function stepped(day: string, anchorDay: string, length: number): DayRange {
  const k = Math.floor(daysBetween(anchorDay, day) / length);
  const start = addDaysToIsoDate(anchorDay, k * length);
  return { start, end: addDaysToIsoDate(start, length) };
}

/** The pay period a day belongs to. */
export function payPeriodContaining(day: string, cycle: PayCycle, anchorDay: string): DayRange {
  switch (cycle) {
    case 'weekly':
      return stepped(day, anchorDay, 7);
    case 'biweekly':
      return stepped(day, anchorDay, 14);
    case 'semimonthly': {
      const month = day.slice(0, 7);
      if (Number(day.slice(8, 10)) <= 15) return { start: `${month}-01`, end: `${month}-16` };
      const [y = 1970, m = 1] = month.split('-').map(Number);
      return { start: `${month}-16`, end: addDaysToIsoDate(`${month}-01`, daysInMonth(y, m)) };
    }
    case 'monthly': {
      let k = monthsBetween(anchorDay, day);
      if (anchoredMonthDay(anchorDay, k) > day) k--;
      return { start: anchoredMonthDay(anchorDay, k), end: anchoredMonthDay(anchorDay, k + 1) };
    }
  }
}

export function nextPayPeriod(period: DayRange, cycle: PayCycle, anchorDay: string): DayRange {
  return payPeriodContaining(period.end, cycle, anchorDay);
}

export function previousPayPeriod(period: DayRange, cycle: PayCycle, anchorDay: string): DayRange {
  return payPeriodContaining(addDaysToIsoDate(period.start, -1), cycle, anchorDay);
}
