// Integer arithmetic for money in cents. Products such as a rate in cents times milliseconds
// worked pass 2^53 quickly, so the rounding divisions run on BigInt and stay exact.

function toBig(value: number, label: string): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${label} must be a whole number, got ${value}`);
  return BigInt(value);
}

/** round(n / d) with halves away from zero (2.5 → 3, -2.5 → -3), on exact integers. */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/**
 * round(a × b / d) half up on whole numbers (halves away from zero, so a refund mirrors a
 * charge). The result must fit a safe integer, which any amount of money here does.
 */
export function mulDivRoundHalfUp(a: number, b: number, d: number): number {
  const result = divRoundHalfUp(toBig(a, 'Amount') * toBig(b, 'Factor'), toBig(d, 'Divisor'));
  return Number(result);
}

/** A percentage written with at most two decimals (2.9) as basis points (290). */
export function percentToBasisPoints(percent: number): number {
  if (!Number.isFinite(percent)) throw new RangeError(`Not a percentage: ${percent}`);
  return Math.round(percent * 100);
}

/** Basis points (290) back to the two-decimal percentage (2.9). */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** A share of an amount given in basis points, rounded half up to the cent. */
export function percentOfCents(cents: number, basisPoints: number): number {
  return mulDivRoundHalfUp(cents, basisPoints, 10_000);
}

/** The exact sum of whole cents (refuses fractions instead of letting them drift). */
export function sumCents(amounts: Iterable<number>): number {
  let total = 0;
  for (const cents of amounts) {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be whole numbers, got ${cents}`);
    total += cents;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError('The total is too large');
  return total;
}
