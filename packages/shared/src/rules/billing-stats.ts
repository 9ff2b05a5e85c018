import { anchoredMonthDay, type DayRange, dayInRange, startOfWeekDay } from './calendar-days.ts';
import { addDaysToIsoDate, isoDateInZone } from './kiosk.ts';
import { percentagesSummingTo100 } from './largest-remainder.ts';

// The invoice and finance statistics tiles, computed from plain invoice records and
// "now" in the organisation's zone. Days compare as calendar days in that zone; a payment counts
// in the month its instant falls in there.

export interface InvoicePaymentRecord {
  /** A refund is a negative amount. */
  amountCents: number;
  paidAt: Date | number;
}

export interface InvoiceRecord {
  status: 'draft' | 'sent' | 'void';
  amountCents: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  /** Issued by a recurring contract (ongoing revenue) rather than a one-off sale. */
  recurring?: boolean;
  /** Late before its due day has passed: a charge of it failed (dunning is running). */
  overdue?: boolean;
  payments?: readonly InvoicePaymentRecord[];
  /** Paid in full: a refund given on it afterwards is money returned, not owed again. */
  settled?: boolean;
}

const netPaid = (invoice: InvoiceRecord) =>
  (invoice.payments ?? []).reduce((sum, payment) => sum + payment.amountCents, 0);
const paidOf = (invoice: InvoiceRecord) => Math.min(invoice.amountCents, Math.max(0, netPaid(invoice)));
const outstandingOf = (invoice: InvoiceRecord) =>
  invoice.settled ? 0 : invoice.amountCents - paidOf(invoice);

export interface InvoiceStats {
  /** Counts. Every invoice that is not void is in exactly one of draft, paid, partialPayment, due and sent. */
  total: number;
  draft: number;
  paid: number;
  partialPayment: number;
  /** Nothing paid and the due day has come (today or earlier). */
  due: number;
  /** Sent, nothing paid, due day still ahead. */
  sent: number;
  /** Cents still to collect on invoices due this week (Sunday-Saturday), this month and next month. */
  thisWeek: number;
  thisMonth: number;
  nextMonth: number;
  /** Cents collected; cents not yet due (drafts included); cents due and unpaid. */
  paidAmount: number;
  scheduledAmount: number;
  dueAmount: number;
  /** Whole percentages of the three amounts: 100 in all when any is positive, all 0 otherwise. */
  paidPercent: number;
  scheduledPercent: number;
  duePercent: number;
}

interface Calendar {
  today: string;
  week: DayRange;
  month: DayRange;
  nextMonth: DayRange;
  lastMonth: DayRange;
}

function calendarAt(now: Date | number, timeZone: string): Calendar {
  const today = isoDateInZone(now, timeZone);
  const monthStart = `${today.slice(0, 7)}-01`;
  const weekStart = startOfWeekDay(today);
  const month = (offset: number) => ({
    start: anchoredMonthDay(monthStart, offset),
    end: anchoredMonthDay(monthStart, offset + 1),
  });
  return {
    today,
    week: { start: weekStart, end: addDaysToIsoDate(weekStart, 7) },
    month: month(0),
    nextMonth: month(1),
    lastMonth: month(-1),
  };
}

export function invoiceStats(
  invoices: readonly InvoiceRecord[],
  now: Date | number,
  timeZone: string,
): InvoiceStats {
  const cal = calendarAt(now, timeZone);
  const stats = {
    total: 0,
    draft: 0,
    paid: 0,
    partialPayment: 0,
    due: 0,
    sent: 0,
    thisWeek: 0,
    thisMonth: 0,
    nextMonth: 0,
    paidAmount: 0,
    scheduledAmount: 0,
    dueAmount: 0,
  };
  for (const invoice of invoices) {
    if (invoice.status === 'void') continue;
    const paid = paidOf(invoice);
    const outstanding = outstandingOf(invoice);
    const reached = invoice.dueDate <= cal.today || invoice.overdue === true;
    stats.total++;
    if (invoice.status === 'draft') stats.draft++;
    else if (outstanding <= 0) stats.paid++;
    else if (paid > 0) stats.partialPayment++;
    else if (reached) stats.due++;
    else stats.sent++;

    stats.paidAmount += paid;
    if (invoice.status === 'sent' && reached) stats.dueAmount += outstanding;
    else stats.scheduledAmount += outstanding;
    if (dayInRange(invoice.dueDate, cal.week)) stats.thisWeek += outstanding;
    if (dayInRange(invoice.dueDate, cal.month)) stats.thisMonth += outstanding;
    if (dayInRange(invoice.dueDate, cal.nextMonth)) stats.nextMonth += outstanding;
  }
  const [paidPercent = 0, scheduledPercent = 0, duePercent = 0] = percentagesSummingTo100([
    stats.paidAmount,
    stats.scheduledAmount,
    stats.dueAmount,
  ]);
  return { ...stats, paidPercent, scheduledPercent, duePercent };
}

export interface FinanceStats {
  /** Cents collected (refunds taken off) in this calendar month and the last. */
  thisMonth: number;
  lastMonth: number;
  /** All cents collected, split by recurring (ongoing) and one-off invoices: ongoing + oneTime = totalCollected. */
  ongoing: number;
  oneTime: number;
  /** Cents unpaid on sent invoices whose due day has passed (or marked overdue: a failed charge). */
  pastDue: number;
  /** Cents unpaid on sent invoices due today or later, and on drafts. */
  upcoming: number;
  totalCollected: number;
}

/**
 * Finance tiles. Collected money counts every payment, a voided invoice's too (money received is
 * received); a void invoice owes nothing, so it is never past due or upcoming.
 */
export function financeStats(
  invoices: readonly InvoiceRecord[],
  now: Date | number,
  timeZone: string,
): FinanceStats {
  const cal = calendarAt(now, timeZone);
  const stats: FinanceStats = {
    thisMonth: 0,
    lastMonth: 0,
    ongoing: 0,
    oneTime: 0,
    pastDue: 0,
    upcoming: 0,
    totalCollected: 0,
  };
  for (const invoice of invoices) {
    for (const payment of invoice.payments ?? []) {
      const day = isoDateInZone(payment.paidAt, timeZone);
      if (dayInRange(day, cal.month)) stats.thisMonth += payment.amountCents;
      if (dayInRange(day, cal.lastMonth)) stats.lastMonth += payment.amountCents;
      if (invoice.recurring) stats.ongoing += payment.amountCents;
      else stats.oneTime += payment.amountCents;
      stats.totalCollected += payment.amountCents;
    }
    if (invoice.status === 'void') continue;
    const outstanding = outstandingOf(invoice);
    const late = invoice.dueDate < cal.today || invoice.overdue === true;
    if (invoice.status === 'sent' && late) stats.pastDue += outstanding;
    else stats.upcoming += outstanding;
  }
  return stats;
}

/** The finance chart's twelve months up to the one of `today` (YYYY-MM-DD), oldest first, as YYYY-MM. */
export function lastTwelveMonths(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: 12 }, (_, n) => {
    const index = year * 12 + (month - 1) - (11 - n);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}
