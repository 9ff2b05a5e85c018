import { describe, expect, it } from 'vitest';
import { allocateByLargestRemainder, percentagesSummingTo100 } from './largest-remainder.ts';

const amounts = (parts: ReturnType<typeof allocateByLargestRemainder>) =>
  Object.fromEntries((parts ?? []).map((p) => [p.key, p.amount]));

describe('largest remainder', () => {
  it('gives leftover units to the largest remainders, whatever the list order', () => {
    const equal = [
      { key: 'c', weight: 1 },
      { key: 'a', weight: 1 },
      { key: 'b', weight: 1 },
    ];
    expect(amounts(allocateByLargestRemainder(100, equal))).toEqual({ a: 34, b: 33, c: 33 });
    expect(allocateByLargestRemainder(100, equal)?.map((p) => p.key)).toEqual(['c', 'a', 'b']);
    // 1/3 and 2/3 of a cent: the larger remainder wins, and it is not the first in the list.
    expect(
      amounts(
        allocateByLargestRemainder(1, [
          { key: 'a', weight: 1 },
          { key: 'b', weight: 2 },
        ]),
      ),
    ).toEqual({ a: 0, b: 1 });
  });

  it('breaks equal remainders by the larger weight, then the smaller key', () => {
    const split = (amount: number, weights: Record<string, number>) =>
      amounts(
        allocateByLargestRemainder(
          amount,
          Object.entries(weights).map(([key, weight]) => ({ key, weight })),
        ),
      );
    expect(split(1, { z: 1, y: 1 })).toEqual({ y: 1, z: 0 });
    // Exact 0.5, 0.5 and 1: one cent left for two equal halves.
    expect(split(2, { b: 1, a: 1, c: 2 })).toEqual({ a: 1, b: 0, c: 1 });
    // Exact 0.6, 1.8 and 0.6: c's .8 first, then a before b.
    expect(split(3, { b: 2, c: 6, a: 2 })).toEqual({ a: 1, b: 0, c: 2 });
    // Exact 0.5 and 1.5: equal remainders, the larger weight wins.
    expect(split(2, { a: 1, b: 3 })).toEqual({ a: 0, b: 2 });
  });

  it('gives weight 0 nothing, and nobody to give to is null', () => {
    expect(
      amounts(
        allocateByLargestRemainder(10, [
          { key: 'a', weight: 0 },
          { key: 'b', weight: 5 },
        ]),
      ),
    ).toEqual({ a: 0, b: 10 });
    expect(allocateByLargestRemainder(10, [{ key: 'a', weight: 0 }])).toBeNull();
    expect(allocateByLargestRemainder(10, [])).toBeNull();
    expect(amounts(allocateByLargestRemainder(0, [{ key: 'a', weight: 0 }]))).toEqual({ a: 0 });
  });

  it('refuses bad input', () => {
    expect(() => allocateByLargestRemainder(-1, [{ key: 'a', weight: 1 }])).toThrow(RangeError);
    expect(() => allocateByLargestRemainder(1.5, [{ key: 'a', weight: 1 }])).toThrow(RangeError);
    expect(() => allocateByLargestRemainder(1, [{ key: 'a', weight: 0.5 }])).toThrow(RangeError);
    expect(() =>
      allocateByLargestRemainder(1, [
        { key: 'a', weight: 1 },
        { key: 'a', weight: 2 },
      ]),
    ).toThrow(RangeError);
  });

  it('makes percentages that add up to 100, or 0 for nothing', () => {
    expect(percentagesSummingTo100([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentagesSummingTo100([0, 0, 0])).toEqual([0, 0, 0]);
    expect(percentagesSummingTo100([5, 0, 0])).toEqual([100, 0, 0]);
    expect(percentagesSummingTo100([16_500, 9_000, 8_000])).toEqual([49, 27, 24]);
  });
});
