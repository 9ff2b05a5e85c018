import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DUNNING_RETRY_DAYS,
  isHardDecline,
  nextDunningRetryAt,
  processingFee,
  refundableCents,
  refundError,
} from './billing-money.ts';

const DAY = 86_400_000;

describe('dunning', () => {
  const firstFailedAt = Date.parse('2026-03-07T15:00:00Z');

  it('retries 1, 3 and 7 days after the first failure, then stops', () => {
    expect(DEFAULT_DUNNING_RETRY_DAYS).toEqual([1, 3, 7]);
    const retry = (failedAttempts: number) => nextDunningRetryAt({ firstFailedAt, failedAttempts });
    expect(retry(1)).toBe(firstFailedAt + DAY);
    expect(retry(2)).toBe(firstFailedAt + 3 * DAY);
    expect(retry(3)).toBe(firstFailedAt + 7 * DAY);
    expect(retry(4)).toBeNull();
    expect(retry(0)).toBeNull();
    expect(
      nextDunningRetryAt({ firstFailedAt: new Date(firstFailedAt), failedAttempts: 1, retryDays: [2] }),
    ).toBe(firstFailedAt + 2 * DAY);
  });

  it('never retries a hard decline; soft and unknown codes follow the schedule', () => {
    for (const code of ['stolen_card', 'lost_card', 'card_closed', 'expired_card', 'EXPIRED_CARD']) {
      expect(isHardDecline(code)).toBe(true);
      expect(nextDunningRetryAt({ firstFailedAt, failedAttempts: 1, declineCode: code })).toBeNull();
    }
    for (const code of ['insufficient_funds', 'generic_decline', 'do_not_honor', 'something_new', null]) {
      expect(isHardDecline(code)).toBe(false);
      expect(nextDunningRetryAt({ firstFailedAt, failedAttempts: 1, declineCode: code })).toBe(
        firstFailedAt + DAY,
      );
    }
  });
});

describe('processing fee', () => {
  const setting = { enabled: true, title: 'Card processing fee', percent: 2.9 };

  it('charges the percentage rounded half up to the cent', () => {
    expect(processingFee(10_000, setting, { method: 'card', programType: 'membership' })).toEqual({
      fee: 290,
      percent: 2.9,
      title: 'Card processing fee',
      applied: true,
      programType: 'membership',
      method: 'card',
    });
    expect(processingFee(1_550, setting, { method: 'card' }).fee).toBe(45);
    expect(processingFee(1_050, setting, { method: 'card' }).fee).toBe(30);
    expect(processingFee(1_000, { ...setting, basisPoints: 350 }, { method: 'bank_transfer' })).toMatchObject(
      {
        fee: 35,
        percent: 3.5,
      },
    );
  });

  it('is not applied for cash, when switched off or when it comes to nothing', () => {
    expect(processingFee(10_000, setting, { method: 'cash' })).toMatchObject({
      fee: 0,
      applied: false,
      percent: 2.9,
    });
    expect(processingFee(10_000, { ...setting, enabled: false }, { method: 'card' })).toMatchObject({
      applied: false,
    });
    expect(processingFee(10_000, null, { method: 'card' })).toMatchObject({
      fee: 0,
      applied: false,
      title: '',
    });
    expect(processingFee(10, setting, { method: 'card' })).toMatchObject({ fee: 0, applied: false });
  });
});

describe('refunds', () => {
  it('refunds up to what earlier refunds left', () => {
    expect(refundableCents(10_000, [3_000, 2_000])).toBe(5_000);
    expect(refundableCents(10_000, [10_000, 50])).toBe(0);
    expect(refundError(10_000, [3_000, 2_000], 5_000)).toBeNull();
    expect(refundError(10_000, [3_000, 2_000], 5_001)).toBe(
      'The refund is more than the 50.00 left to refund',
    );
    expect(refundError(10_000, [], 0)).toBe('The refund must be a whole number of cents more than 0');
    expect(refundError(10_000, [], 10.5)).toBe('The refund must be a whole number of cents more than 0');
    expect(refundError(10_000, [10_000], 1)).toBe('This payment has already been refunded in full');
  });
});
