// Splitting a whole number (cents, or percentage points) by weights so the parts add up exactly:
// everyone gets the floor of their exact share, and the units left over go one each to the
// largest fractional remainders. Ties go to the larger weight, then to the smaller key (compared
// by code units, not locale), so the answer depends on the people, never on the order of the list.

export interface WeightedKey {
  key: string;
  /** A non-negative whole number: milliseconds worked, points in hundredths, or 1 each. */
  weight: number;
}

export interface AllocatedPart {
  key: string;
  weight: number;
  amount: number;
}

/**
 * `amount` split over `items` in their input order. Weight 0 gets 0. Returns null when the amount
 * is not zero and no one has weight (there is nobody to give it to); throws on bad input (negative
 * or fractional amounts and weights, repeated keys), which is a caller's bug, not a user's error.
 */
export function allocateByLargestRemainder(
  amount: number,
  items: readonly WeightedKey[],
): AllocatedPart[] | null {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`The amount must be a whole number of at least 0, got ${amount}`);
  }
  const seen = new Set<string>();
  let totalWeight = 0n;
  for (const item of items) {
    if (!Number.isSafeInteger(item.weight) || item.weight < 0) {
      throw new RangeError(`Weight of ${item.key} must be a whole number of at least 0, got ${item.weight}`);
    }
    if (seen.has(item.key)) throw new RangeError(`${item.key} appears twice`);
    seen.add(item.key);
    totalWeight += BigInt(item.weight);
  }
  if (totalWeight === 0n) return amount === 0 ? items.map((item) => ({ ...item, amount: 0 })) : null;

  const big = BigInt(amount);
  const parts = items.map((item, index) => {
    const exact = big * BigInt(item.weight);
    return { index, item, floor: exact / totalWeight, remainder: exact % totalWeight };
  });
  let left = big - parts.reduce((sum, part) => sum + part.floor, 0n);
  // Remainders share the denominator, so comparing numerators compares the fractions exactly.
  const order = parts
    .filter((part) => part.item.weight > 0)
    .sort((a, b) => {
      if (a.remainder !== b.remainder) return a.remainder > b.remainder ? -1 : 1;
      if (a.item.weight !== b.item.weight) return b.item.weight - a.item.weight;
      return a.item.key < b.item.key ? -1 : a.item.key > b.item.key ? 1 : 0;
    });
  const extra = new Set<number>();
  for (const part of order) {
    if (left === 0n) break;
    extra.add(part.index);
    left -= 1n;
  }
  return parts.map((part) => ({
    key: part.item.key,
    weight: part.item.weight,
    amount: Number(part.floor) + (extra.has(part.index) ? 1 : 0),
  }));
}

/**
 * Whole percentages of the given values that add up to exactly 100 when any value is positive,
 * and are all 0 otherwise (an empty chart reads 0 %, not 100 % of nothing).
 */
export function percentagesSummingTo100(values: readonly number[]): number[] {
  const items = values.map((value, index) => ({
    key: String(index).padStart(6, '0'),
    weight: Math.max(0, value),
  }));
  const parts = allocateByLargestRemainder(100, items);
  return parts ? parts.map((part) => part.amount) : values.map(() => 0);
}
