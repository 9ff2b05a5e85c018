import { describe, expect, it } from 'vitest';
import { roundCostPast, roundCostPastCents } from './cost-rounding.ts';

describe('roundCostPast', () => {
  it('rounds a fraction of 0.25 or more up to .99', () => {
    expect(roundCostPast(12.3)).toBe(12.99);
    expect(roundCostPast(12.25)).toBe(12.99);
    expect(roundCostPast(12.5)).toBe(12.99);
    expect(roundCostPast(12.99)).toBe(12.99);
    expect(roundCostPast(0.25)).toBe(0.99);
  });

  it('drops a fraction under 0.25 to the whole amount', () => {
    expect(roundCostPast(12.2)).toBe(12);
    expect(roundCostPast(12.24)).toBe(12);
    expect(roundCostPast(12)).toBe(12);
    expect(roundCostPast(0.1)).toBe(0);
    expect(roundCostPast(0)).toBe(0);
  });

  it('is not fooled by floating-point sums', () => {
    expect(roundCostPast(0.1 + 0.15)).toBe(0.99);
    expect(roundCostPast(1.1 * 3)).toBe(3.99);
    expect(roundCostPast(12.249)).toBe(12.99);
    expect(roundCostPast(12.244)).toBe(12);
  });

  it('mirrors negatives and passes non-finite values through', () => {
    expect(roundCostPast(-12.3)).toBe(-12.99);
    expect(roundCostPast(-12.2)).toBe(-12);
    expect(roundCostPast(Number.NaN)).toBeNaN();
  });
});

describe('roundCostPastCents', () => {
  it('applies the rule on integer cents', () => {
    expect(roundCostPastCents(1230)).toBe(1299);
    expect(roundCostPastCents(1225)).toBe(1299);
    expect(roundCostPastCents(1224)).toBe(1200);
    expect(roundCostPastCents(1200)).toBe(1200);
    expect(roundCostPastCents(1299)).toBe(1299);
    expect(roundCostPastCents(24)).toBe(0);
    expect(roundCostPastCents(25)).toBe(99);
    expect(roundCostPastCents(-1230)).toBe(-1299);
    expect(roundCostPastCents(-24)).toBe(0);
  });

  it('rounds fractional cents first', () => {
    expect(roundCostPastCents(1224.6)).toBe(1299);
    expect(roundCostPastCents(1224.4)).toBe(1200);
  });
});
