import { describe, expect, it } from 'vitest';
import {
  nextPayPeriod,
  PAY_PERIODS_PER_YEAR,
  payPeriodContaining,
  previousPayPeriod,
} from './pay-periods.ts';

describe('pay periods', () => {
  it('repeats weekly and biweekly periods from the anchor, before it too', () => {
    expect(payPeriodContaining('2026-03-10', 'weekly', '2026-01-04')).toEqual({
      start: '2026-03-08',
      end: '2026-03-15',
    });
    expect(payPeriodContaining('2026-03-08', 'weekly', '2026-01-04')).toEqual({
      start: '2026-03-08',
      end: '2026-03-15',
    });
    expect(payPeriodContaining('2026-01-20', 'biweekly', '2026-01-04')).toEqual({
      start: '2026-01-18',
      end: '2026-02-01',
    });
    expect(payPeriodContaining('2026-01-01', 'biweekly', '2026-01-04')).toEqual({
      start: '2025-12-21',
      end: '2026-01-04',
    });
    const period = payPeriodContaining('2026-01-20', 'biweekly', '2026-01-04');
    expect(nextPayPeriod(period, 'biweekly', '2026-01-04')).toEqual({
      start: '2026-02-01',
      end: '2026-02-15',
    });
    expect(previousPayPeriod(period, 'biweekly', '2026-01-04')).toEqual({
      start: '2026-01-04',
      end: '2026-01-18',
    });
  });

  it('splits months at the 15th for semimonthly pay, whatever the anchor', () => {
    expect(payPeriodContaining('2026-02-15', 'semimonthly', '2026-01-09')).toEqual({
      start: '2026-02-01',
      end: '2026-02-16',
    });
    expect(payPeriodContaining('2026-02-16', 'semimonthly', '2026-01-09')).toEqual({
      start: '2026-02-16',
      end: '2026-03-01',
    });
    expect(payPeriodContaining('2028-02-29', 'semimonthly', '2026-01-01')).toEqual({
      start: '2028-02-16',
      end: '2028-03-01',
    });
    expect(payPeriodContaining('2026-12-31', 'semimonthly', '2026-01-01')).toEqual({
      start: '2026-12-16',
      end: '2027-01-01',
    });
    expect(nextPayPeriod({ start: '2026-02-16', end: '2026-03-01' }, 'semimonthly', '2026-01-01')).toEqual({
      start: '2026-03-01',
      end: '2026-03-16',
    });
    expect(
      previousPayPeriod({ start: '2026-03-01', end: '2026-03-16' }, 'semimonthly', '2026-01-01'),
    ).toEqual({
      start: '2026-02-16',
      end: '2026-03-01',
    });
  });

  it('keeps a monthly anchor day, on the last day of shorter months', () => {
    expect(payPeriodContaining('2026-02-27', 'monthly', '2026-01-31')).toEqual({
      start: '2026-01-31',
      end: '2026-02-28',
    });
    expect(payPeriodContaining('2026-02-28', 'monthly', '2026-01-31')).toEqual({
      start: '2026-02-28',
      end: '2026-03-31',
    });
    expect(payPeriodContaining('2026-03-15', 'monthly', '2026-01-01')).toEqual({
      start: '2026-03-01',
      end: '2026-04-01',
    });
    expect(nextPayPeriod({ start: '2026-02-28', end: '2026-03-31' }, 'monthly', '2026-01-31')).toEqual({
      start: '2026-03-31',
      end: '2026-04-30',
    });
    expect(previousPayPeriod({ start: '2026-01-31', end: '2026-02-28' }, 'monthly', '2026-01-31')).toEqual({
      start: '2025-12-31',
      end: '2026-01-31',
    });
  });

  it('knows the periods in a year', () => {
    expect(PAY_PERIODS_PER_YEAR).toEqual({ weekly: 52, biweekly: 26, semimonthly: 24, monthly: 12 });
  });
});
