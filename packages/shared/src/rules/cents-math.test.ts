import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  divRoundHalfUp,
  mulDivRoundHalfUp,
  percentOfCents,
  percentToBasisPoints,
  sumCents,
} from './cents-math.ts';

describe('cents arithmetic', () => {
  it('rounds halves away from zero', () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divRoundHalfUp(7n, 3n)).toBe(2n);
    expect(divRoundHalfUp(8n, 3n)).toBe(3n);
    expect(divRoundHalfUp(5n, -2n)).toBe(-3n);
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError);
    expect(mulDivRoundHalfUp(1000, 12, 31)).toBe(387);
    expect(mulDivRoundHalfUp(1005, 15, 30)).toBe(503);
  });

  it('stays exact past 2^53', () => {
    // 1,000,000 cents an hour for 2,500,000 hours.
    expect(mulDivRoundHalfUp(1_000_000, 9_000_000_000_000, 3_600_000)).toBe(2_500_000_000_000);
    expect(mulDivRoundHalfUp(999_999_999, 8_999_999_999, 3_600_000)).toBe(2_499_999_997_222);
    expect(() => mulDivRoundHalfUp(10.5, 2, 1)).toThrow(RangeError);
  });

  it('takes percentages in basis points', () => {
    expect(percentToBasisPoints(2.9)).toBe(290);
    expect(percentToBasisPoints(0.1 + 0.2)).toBe(30);
    expect(basisPointsToPercent(290)).toBe(2.9);
    expect(percentOfCents(10_000, 290)).toBe(290);
    expect(percentOfCents(1_550, 290)).toBe(45); // 44.95
    expect(percentOfCents(1_050, 290)).toBe(30); // 30.45
  });

  it('sums whole cents only', () => {
    expect(sumCents([10, 20, 30])).toBe(60);
    expect(sumCents([])).toBe(0);
    expect(() => sumCents([0.1, 0.2])).toThrow(RangeError);
  });
});
