import { describe, expect, it } from 'vitest';
import { abbreviateNumber } from './number-abbrev.ts';

describe('abbreviateNumber', () => {
  it('leaves numbers under 1000 without suffix', () => {
    expect(abbreviateNumber(0)).toBe('0');
    expect(abbreviateNumber(7)).toBe('7');
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(12.34)).toBe('12.3');
    expect(abbreviateNumber(12.04)).toBe('12');
  });

  it('switches to K at exactly 1000', () => {
    expect(abbreviateNumber(1000)).toBe('1K');
    expect(abbreviateNumber(1500)).toBe('1.5K');
    expect(abbreviateNumber(1549)).toBe('1.5K');
    expect(abbreviateNumber(1550)).toBe('1.6K');
    expect(abbreviateNumber(999_000)).toBe('999K');
  });

  it('uses each threshold', () => {
    expect(abbreviateNumber(1e6)).toBe('1M');
    expect(abbreviateNumber(2_345_678)).toBe('2.3M');
    expect(abbreviateNumber(1e9)).toBe('1B');
    expect(abbreviateNumber(1e12)).toBe('1T');
    expect(abbreviateNumber(1e15)).toBe('1Q');
    expect(abbreviateNumber(2.5e15)).toBe('2.5Q');
    expect(abbreviateNumber(1e18)).toBe('1000Q');
  });

  it('promotes when rounding reaches the next threshold', () => {
    expect(abbreviateNumber(999.96)).toBe('1K');
    expect(abbreviateNumber(999_950)).toBe('1M');
    expect(abbreviateNumber(999_949)).toBe('999.9K');
  });

  it('keeps the sign of negatives', () => {
    expect(abbreviateNumber(-1500)).toBe('-1.5K');
    expect(abbreviateNumber(-999)).toBe('-999');
    expect(abbreviateNumber(-2e9)).toBe('-2B');
    expect(abbreviateNumber(-0.01)).toBe('0');
  });

  it('honours the decimals argument', () => {
    expect(abbreviateNumber(1234, 2)).toBe('1.23K');
    expect(abbreviateNumber(1234, 0)).toBe('1K');
    expect(abbreviateNumber(1500, 0)).toBe('2K');
    expect(abbreviateNumber(1200, 3)).toBe('1.2K');
    expect(abbreviateNumber(1234, -1)).toBe('1K');
  });

  it('passes non-finite values through as text', () => {
    expect(abbreviateNumber(Number.NaN)).toBe('NaN');
    expect(abbreviateNumber(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});
