import { describe, expect, it } from 'vitest';
import {
  type BillingSchedule,
  billingPeriodOn,
  billingPeriods,
  cancelAtPeriodEnd,
  cycleBoundary,
  invoiceIssueAt,
  isInvoiceDue,
  nextBillDayAfterFreeze,
  periodChargeCents,
  periodInvoiceAmounts,
} from './billing-cycles.ts';
import { isoDateInZone } from './kiosk.ts';

const NY = 'America/New_York';
const HOUR = 3_600_000;
const starts = (schedule: BillingSchedule, limit: number) =>
  billingPeriods(schedule, { limit }).map((p) => p.invoiceDay);

describe('billing periods', () => {
  it('bills a 31st anchor on the last day of shorter months and comes back to the 31st', () => {
    const periods = billingPeriods({ cycle: 'monthly', startDay: '2026-01-31' }, { limit: 4 });
    expect(periods.map(({ start, end }) => [start, end])).toEqual([
      ['2026-01-31', '2026-02-28'],
      ['2026-02-28', '2026-03-31'],
      ['2026-03-31', '2026-04-30'],
      ['2026-04-30', '2026-05-31'],
    ]);
    expect(periods.every((p) => !p.prorated && p.invoiceDay === p.start)).toBe(true);
    expect(starts({ cycle: 'monthly', startDay: '2028-01-31' }, 3)).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
    ]);
  });

  it('bills a Feb 29 yearly anchor on Feb 28 in other years', () => {
    const periods = billingPeriods({ cycle: 'yearly', startDay: '2028-02-29' }, { limit: 5 });
    expect(periods.map((p) => p.start)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
    expect(periods.map((p) => p.days)).toEqual([365, 365, 365, 366, 365]);
  });

  it('bills weekly every 7 calendar days, across a clock change too', () => {
    const periods = billingPeriods({ cycle: 'weekly', startDay: '2026-03-01' }, { limit: 3 });
    expect(periods.map((p) => [p.start, p.end, p.days])).toEqual([
      ['2026-03-01', '2026-03-08', 7],
      ['2026-03-08', '2026-03-15', 7],
      ['2026-03-15', '2026-03-22', 7],
    ]);
    const issue = periods.map((p) => invoiceIssueAt(p.invoiceDay, NY));
    expect(((issue[2] ?? 0) - (issue[1] ?? 0)) / HOUR).toBe(167);
    expect(((issue[1] ?? 0) - (issue[0] ?? 0)) / HOUR).toBe(168);
  });

  it('counts boundaries from the anchor, before or after it', () => {
    expect(cycleBoundary('2026-01-31', 'monthly', -1)).toBe('2025-12-31');
    expect(cycleBoundary('2026-03-08', 'weekly', -2)).toBe('2026-02-22');
    expect(cycleBoundary('2028-02-29', 'yearly', 1)).toBe('2029-02-28');
  });

  it('prorates a mid-cycle start up to the anchor', () => {
    const schedule: BillingSchedule = { cycle: 'monthly', startDay: '2026-01-20', anchorDay: '2026-02-01' };
    const [first, second] = billingPeriods(schedule, { limit: 2 });
    expect(first).toMatchObject({
      start: '2026-01-20',
      end: '2026-02-01',
      days: 12,
      cycleDays: 31,
      prorated: true,
    });
    expect(second).toMatchObject({ start: '2026-02-01', end: '2026-03-01', prorated: false });
    expect(periodChargeCents(first!, 3_100)).toBe(1_200);
    expect(periodChargeCents(first!, 1_000)).toBe(387); // 387.09
    expect(periodChargeCents(second!, 1_000)).toBe(1_000);
    // 1005 × 15 / 30 = 502.5: half up.
    const april = billingPeriods(
      { cycle: 'monthly', startDay: '2026-04-16', anchorDay: '2026-05-01' },
      { limit: 1 },
    );
    expect(periodChargeCents(april[0]!, 1_005)).toBe(503);
    // An anchor before the start lines cycles up the same way.
    const early = billingPeriods(
      { cycle: 'monthly', startDay: '2026-01-03', anchorDay: '2025-12-15' },
      { limit: 1 },
    );
    expect(early[0]).toMatchObject({ start: '2026-01-03', end: '2026-01-15', days: 12, cycleDays: 31 });
    const weekly = billingPeriods(
      { cycle: 'weekly', startDay: '2026-03-04', anchorDay: '2026-03-08' },
      { limit: 2 },
    );
    expect(weekly.map((p) => [p.start, p.end, p.days, p.cycleDays])).toEqual([
      ['2026-03-04', '2026-03-08', 4, 7],
      ['2026-03-08', '2026-03-15', 7, 7],
    ]);
    expect(periodChargeCents(weekly[0]!, 700)).toBe(400);
  });

  it('adds the sign-up fee to the first invoice only', () => {
    const schedule: BillingSchedule = { cycle: 'monthly', startDay: '2026-01-20', anchorDay: '2026-02-01' };
    const [first, second] = billingPeriods(schedule, { limit: 2 });
    expect(periodInvoiceAmounts(first!, 3_100, 2_500)).toEqual({
      periodCents: 1_200,
      signUpFeeCents: 2_500,
      totalCents: 3_700,
    });
    expect(periodInvoiceAmounts(second!, 3_100, 2_500)).toEqual({
      periodCents: 3_100,
      signUpFeeCents: 0,
      totalCents: 3_100,
    });
  });

  it('stops issuing at the end day and up to `until`', () => {
    const schedule: BillingSchedule = { cycle: 'monthly', startDay: '2026-01-01', endDay: '2026-04-15' };
    expect(billingPeriods(schedule).map((p) => p.start)).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
    ]);
    expect(billingPeriods({ ...schedule, endDay: '2026-04-01' })).toHaveLength(3);
    expect(billingPeriods({ cycle: 'weekly', startDay: '2026-01-01' }, { until: '2026-01-15' })).toHaveLength(
      2,
    );
  });

  it('finds the period a day falls in', () => {
    const schedule: BillingSchedule = {
      cycle: 'monthly',
      startDay: '2026-01-20',
      anchorDay: '2026-02-01',
      endDay: '2026-05-01',
    };
    expect(billingPeriodOn(schedule, '2026-01-19')).toBeNull();
    expect(billingPeriodOn(schedule, '2026-01-20')).toMatchObject({ index: 0, start: '2026-01-20' });
    expect(billingPeriodOn(schedule, '2026-01-31')).toMatchObject({ index: 0 });
    expect(billingPeriodOn(schedule, '2026-02-01')).toMatchObject({ index: 1, start: '2026-02-01' });
    expect(billingPeriodOn(schedule, '2026-04-30')).toMatchObject({ index: 3, start: '2026-04-01' });
    expect(billingPeriodOn(schedule, '2026-05-01')).toBeNull();
    const thirtyFirst: BillingSchedule = { cycle: 'monthly', startDay: '2026-01-31' };
    expect(billingPeriodOn(thirtyFirst, '2026-03-30')).toMatchObject({
      start: '2026-02-28',
      end: '2026-03-31',
    });
  });
});

describe('invoice issue instant', () => {
  it('is local midnight of the invoice day, on 23- and 25-hour days too', () => {
    const iso = (day: string, hour?: number) => new Date(invoiceIssueAt(day, NY, hour)).toISOString();
    expect(iso('2026-03-08')).toBe('2026-03-08T05:00:00.000Z');
    expect(iso('2026-03-09')).toBe('2026-03-09T04:00:00.000Z');
    expect(iso('2026-11-01')).toBe('2026-11-01T04:00:00.000Z');
    expect(iso('2026-11-02')).toBe('2026-11-02T05:00:00.000Z');
    expect(iso('2026-03-08', 9)).toBe('2026-03-08T13:00:00.000Z');
    expect(iso('2026-11-01', 9)).toBe('2026-11-01T14:00:00.000Z');
    for (const day of ['2026-03-07', '2026-03-08', '2026-03-09', '2026-10-31', '2026-11-01', '2026-11-02']) {
      expect(isoDateInZone(invoiceIssueAt(day, NY), NY)).toBe(day);
      expect(isoDateInZone(invoiceIssueAt(day, NY) - 1, NY)).not.toBe(day);
    }
  });

  it('is due from that instant on', () => {
    const at = Date.parse('2026-03-08T05:00:00Z');
    expect(isInvoiceDue('2026-03-08', at - 1, NY)).toBe(false);
    expect(isInvoiceDue('2026-03-08', at, NY)).toBe(true);
    expect(isInvoiceDue('2026-03-08', at, 'UTC')).toBe(true);
    expect(isInvoiceDue('2026-03-08', at, NY, 6)).toBe(false);
  });
});

describe('freeze and thaw', () => {
  const february = [{ start: '2026-02-01', end: '2026-03-01' }];

  it('moves the next bill out by the frozen paid days', () => {
    // 5 paid days frozen (Feb 10-14), thawed on the 15th.
    expect(nextBillDayAfterFreeze(february, { start: '2026-02-10', end: '2026-02-15' })).toBe('2026-03-06');
    expect(nextBillDayAfterFreeze(february, [])).toBe('2026-03-01');
  });

  it('uses the frozen paid days after a thaw that comes after the paid end', () => {
    // Feb 20-28 are 9 paid days frozen; billing resumes on Mar 20 and those 9 days run first.
    expect(nextBillDayAfterFreeze(february, { start: '2026-02-20', end: '2026-03-20' })).toBe('2026-03-29');
  });

  it('holds billing while a freeze is open, and bills the thaw day when nothing paid was frozen', () => {
    expect(nextBillDayAfterFreeze(february, { start: '2026-02-20', end: null })).toBeNull();
    expect(nextBillDayAfterFreeze(february, { start: '2026-03-01', end: '2026-03-15' })).toBe('2026-03-15');
  });

  it('ignores freezes outside the paid days', () => {
    expect(nextBillDayAfterFreeze(february, { start: '2026-03-05', end: '2026-03-20' })).toBe('2026-03-01');
    expect(nextBillDayAfterFreeze(february, { start: '2026-01-01', end: '2026-01-10' })).toBe('2026-03-01');
    expect(nextBillDayAfterFreeze(february, { start: '2026-01-25', end: '2026-02-03' })).toBe('2026-03-03');
  });

  it('counts overlapping freezes and paid periods once and skips a later freeze', () => {
    const paid = [
      { start: '2026-01-01', end: '2026-02-01' },
      { start: '2026-02-01', end: '2026-03-01' },
      { start: '2026-02-01', end: '2026-03-01' },
    ];
    const freezes = [
      { start: '2026-02-10', end: '2026-02-15' },
      { start: '2026-02-12', end: '2026-02-17' },
      { start: '2026-03-04', end: '2026-03-10' },
    ];
    // 7 frozen paid days: Mar 1-3 are used, Mar 4-9 are frozen again, Mar 10-13 finish them.
    expect(nextBillDayAfterFreeze(paid, freezes)).toBe('2026-03-14');
    expect(() => nextBillDayAfterFreeze([], freezes)).toThrow(RangeError);
  });
});

describe('cancel at period end', () => {
  const paid = [
    { start: '2026-01-01', end: '2026-02-01' },
    { start: '2026-02-01', end: '2026-03-01' },
  ];

  it('ends the contract when the current paid period ends', () => {
    const end = cancelAtPeriodEnd(paid, '2026-02-10');
    expect(end).toBe('2026-03-01');
    const schedule: BillingSchedule = { cycle: 'monthly', startDay: '2026-01-01', endDay: end };
    expect(billingPeriods(schedule).map((p) => p.start)).toEqual(['2026-01-01', '2026-02-01']);
    expect(cancelAtPeriodEnd(paid, '2026-02-01')).toBe('2026-03-01');
  });

  it('ends on the request day when no paid period is running', () => {
    expect(cancelAtPeriodEnd(paid, '2026-03-05')).toBe('2026-03-05');
    expect(cancelAtPeriodEnd([], '2026-03-05')).toBe('2026-03-05');
  });
});
