import { describe, expect, it } from 'vitest';
import { invoiceIssueAt } from './billing-cycles.ts';
import { billDayAfterThaw, firstBillDay, periodFrom, upcomingInvoices } from './billing-schedule.ts';
import { isoDateInZone } from './kiosk.ts';

describe('first bill day', () => {
  it('is the start day for a contract starting today or later', () => {
    expect(firstBillDay({ cycle: 'monthly', startDay: '2025-03-10' }, '2025-03-10')).toBe('2025-03-10');
    expect(firstBillDay({ cycle: 'one_time', startDay: '2025-04-01' }, '2025-03-10')).toBe('2025-04-01');
  });

  it('skips the period running today for a contract that started earlier', () => {
    // Started Jan 31: boundaries Feb 28, Mar 31, Apr 30.
    expect(firstBillDay({ cycle: 'monthly', startDay: '2025-01-31' }, '2025-03-05')).toBe('2025-03-31');
    // Tomorrow is a boundary: that period is the first one billed.
    expect(firstBillDay({ cycle: 'monthly', startDay: '2025-01-31' }, '2025-03-30')).toBe('2025-03-31');
    // Today is a boundary: today's period counts as running, the next one is billed.
    expect(firstBillDay({ cycle: 'monthly', startDay: '2025-01-31' }, '2025-03-31')).toBe('2025-04-30');
    expect(firstBillDay({ cycle: 'weekly', startDay: '2025-03-03' }, '2025-03-05')).toBe('2025-03-10');
  });

  it('bills nothing for a one-time contract that started before today or an end already passed', () => {
    expect(firstBillDay({ cycle: 'one_time', startDay: '2025-03-01' }, '2025-03-05')).toBeNull();
    const ended = { cycle: 'monthly' as const, startDay: '2025-01-01', endDay: '2025-03-15' };
    expect(firstBillDay(ended, '2025-03-05')).toBeNull();
  });
});

describe('upcoming invoices', () => {
  it('prorates the days before the first bill date and adds the sign-up fee to the first only', () => {
    const invoices = upcomingInvoices(
      {
        cycle: 'monthly',
        startDay: '2025-11-15',
        anchorDay: '2025-12-01',
        priceCents: 12900,
        signUpFeeCents: 2500,
        nextBillDay: '2025-11-15',
        billedBefore: false,
      },
      3,
    );
    expect(invoices).toEqual([
      {
        periodStart: '2025-11-15',
        periodEnd: '2025-12-01',
        prorated: true,
        // 129.00 × 16 / 30 = 68.80
        periodCents: 6880,
        signUpFeeCents: 2500,
        amountCents: 9380,
      },
      {
        periodStart: '2025-12-01',
        periodEnd: '2026-01-01',
        prorated: false,
        periodCents: 12900,
        signUpFeeCents: 0,
        amountCents: 12900,
      },
      {
        periodStart: '2026-01-01',
        periodEnd: '2026-02-01',
        prorated: false,
        periodCents: 12900,
        signUpFeeCents: 0,
        amountCents: 12900,
      },
    ]);
  });

  it('follows month ends and leap years from the anchor', () => {
    const days = (anchor: string, from: string, cycle: 'monthly' | 'yearly', n: number) =>
      upcomingInvoices(
        { cycle, startDay: anchor, priceCents: 100, nextBillDay: from, billedBefore: true },
        n,
      ).map((i) => i.periodStart);
    expect(days('2024-01-31', '2024-01-31', 'monthly', 4)).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
    ]);
    expect(days('2024-02-29', '2024-02-29', 'yearly', 5)).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('stops after the end day and bills a one-time contract once', () => {
    const ending = upcomingInvoices(
      {
        cycle: 'weekly',
        startDay: '2025-03-03',
        endDay: '2025-03-20',
        priceCents: 1000,
        nextBillDay: '2025-03-03',
        billedBefore: false,
      },
      10,
    );
    expect(ending.map((i) => i.periodStart)).toEqual(['2025-03-03', '2025-03-10', '2025-03-17']);
    const once = upcomingInvoices(
      {
        cycle: 'one_time',
        startDay: '2025-03-03',
        priceCents: 5000,
        signUpFeeCents: 1000,
        nextBillDay: '2025-03-03',
        billedBefore: false,
      },
      5,
    );
    expect(once).toEqual([
      {
        periodStart: '2025-03-03',
        periodEnd: null,
        prorated: false,
        periodCents: 5000,
        signUpFeeCents: 1000,
        amountCents: 6000,
      },
    ]);
    expect(
      upcomingInvoices(
        {
          ...ending[0]!,
          cycle: 'weekly',
          startDay: '2025-03-03',
          priceCents: 1,
          nextBillDay: null,
          billedBefore: true,
        },
        3,
      ),
    ).toEqual([]);
  });

  it('stops at the periods due by a day (what a runner catches up on)', () => {
    const input = {
      cycle: 'weekly' as const,
      startDay: '2025-03-03',
      priceCents: 100,
      nextBillDay: '2025-03-03',
      billedBefore: true,
    };
    expect(upcomingInvoices(input, 400, { through: '2025-03-20' }).map((i) => i.periodStart)).toEqual([
      '2025-03-03',
      '2025-03-10',
      '2025-03-17',
    ]);
    expect(upcomingInvoices(input, 400, { through: '2025-03-02' })).toEqual([]);
  });

  it('issues the bill at local midnight across a daylight-saving change', () => {
    // New York springs forward on 2025-03-09: that day has 23 hours.
    const [week] = upcomingInvoices(
      {
        cycle: 'weekly',
        startDay: '2025-03-02',
        priceCents: 100,
        nextBillDay: '2025-03-09',
        billedBefore: true,
      },
      1,
    );
    const at = invoiceIssueAt(week!.periodStart, 'America/New_York');
    expect(new Date(at).toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(isoDateInZone(at, 'America/New_York')).toBe('2025-03-09');
    expect(isoDateInZone(at - 1, 'America/New_York')).toBe('2025-03-08');
    expect(periodFrom('weekly', '2025-03-02', '2025-03-09')).toMatchObject({ end: '2025-03-16', days: 7 });
  });
});

describe('bill day after a thaw', () => {
  const paid = [{ start: '2025-11-01', end: '2025-12-01' }];

  it('moves the next bill out by the paid days the freeze covered', () => {
    const freeze = { start: '2025-11-10', end: '2025-11-20' };
    expect(billDayAfterThaw(paid, freeze, '2025-12-01')).toBe('2025-12-11');
  });

  it('counts only this freeze against the periods running past its start', () => {
    const history = [
      { start: '2025-09-01', end: '2025-10-01' },
      { start: '2025-10-11', end: '2025-11-11' },
    ];
    expect(billDayAfterThaw(history, { start: '2025-11-01', end: '2025-11-05' }, '2025-11-11')).toBe(
      '2025-11-15',
    );
  });

  it('bills on the thaw day when the planned bill fell inside the freeze and nothing was billed', () => {
    expect(billDayAfterThaw([], { start: '2025-11-10', end: '2025-11-20' }, '2025-11-15')).toBe('2025-11-20');
    expect(billDayAfterThaw([], { start: '2025-11-10', end: '2025-11-20' }, '2025-11-25')).toBe('2025-11-25');
    expect(billDayAfterThaw([], { start: '2025-11-10', end: '2025-11-20' }, null)).toBe('2025-11-20');
  });

  it('resumes at the thaw when the paid period ended inside the freeze', () => {
    // Paid to Nov 15, frozen Nov 10 - Dec 1: 5 paid days frozen, used from Dec 1.
    const freeze = { start: '2025-11-10', end: '2025-12-01' };
    expect(billDayAfterThaw([{ start: '2025-10-15', end: '2025-11-15' }], freeze, '2025-11-15')).toBe(
      '2025-12-06',
    );
  });
});
