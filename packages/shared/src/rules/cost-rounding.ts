// The 'past' rounding rule turns raw costs into shelf-style prices: anything at or
// past a quarter becomes .99 of the same whole amount, anything below drops to the whole
// amount. Working in integer cents avoids 12.25 landing at 12.249999... in floating point.

/** Cents from which the fraction rounds up to .99. */
export const PAST_ROUNDING_THRESHOLD_CENTS = 25;

/** The rule on integer cents (money is stored as cents). Negative amounts mirror positive ones. */
export function roundCostPastCents(cents: number): number {
  if (!Number.isFinite(cents)) return cents;
  const whole = Math.round(Math.abs(cents));
  const dollars = Math.floor(whole / 100);
  const fraction = whole - dollars * 100;
  const rounded = fraction >= PAST_ROUNDING_THRESHOLD_CENTS ? dollars * 100 + 99 : dollars * 100;
  return cents < 0 && rounded !== 0 ? -rounded : rounded;
}

/** The rule on a decimal amount: 12.30 → 12.99, 12.20 → 12. */
export function roundCostPast(cost: number): number {
  if (!Number.isFinite(cost)) return cost;
  return roundCostPastCents(Math.round(cost * 100)) / 100;
}
