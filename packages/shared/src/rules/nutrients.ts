// The nutrients a recipe or menu item tracks, with the FDA daily values for adults and
// children 4+ (21 CFR 101.9, 2016 label rule) so %DV matches a US nutrition facts label.
// Trans fat and total sugars have no daily value; their dailyValue is 0 and %DV is null.

export type NutrientUnit = 'kcal' | 'g' | 'mg' | 'mcg';

export interface Nutrient {
  code: string;
  name: string;
  unit: NutrientUnit;
  /** 0 when the FDA sets no daily value. */
  dailyValue: number;
}

export const NUTRIENTS = [
  { code: 'calories', name: 'Calories', unit: 'kcal', dailyValue: 2000 },
  { code: 'totalFat', name: 'Total Fat', unit: 'g', dailyValue: 78 },
  { code: 'saturatedFat', name: 'Saturated Fat', unit: 'g', dailyValue: 20 },
  { code: 'transFat', name: 'Trans Fat', unit: 'g', dailyValue: 0 },
  { code: 'cholesterol', name: 'Cholesterol', unit: 'mg', dailyValue: 300 },
  { code: 'sodium', name: 'Sodium', unit: 'mg', dailyValue: 2300 },
  { code: 'totalCarbohydrate', name: 'Total Carbohydrate', unit: 'g', dailyValue: 275 },
  { code: 'dietaryFiber', name: 'Dietary Fiber', unit: 'g', dailyValue: 28 },
  { code: 'totalSugars', name: 'Total Sugars', unit: 'g', dailyValue: 0 },
  { code: 'addedSugars', name: 'Added Sugars', unit: 'g', dailyValue: 50 },
  { code: 'protein', name: 'Protein', unit: 'g', dailyValue: 50 },
  { code: 'vitaminD', name: 'Vitamin D', unit: 'mcg', dailyValue: 20 },
  { code: 'calcium', name: 'Calcium', unit: 'mg', dailyValue: 1300 },
  { code: 'iron', name: 'Iron', unit: 'mg', dailyValue: 18 },
  { code: 'potassium', name: 'Potassium', unit: 'mg', dailyValue: 4700 },
  { code: 'vitaminA', name: 'Vitamin A', unit: 'mcg', dailyValue: 900 },
  { code: 'vitaminC', name: 'Vitamin C', unit: 'mg', dailyValue: 90 },
  { code: 'vitaminB12', name: 'Vitamin B12', unit: 'mcg', dailyValue: 2.4 },
] as const satisfies readonly Nutrient[];

export type NutrientCode = (typeof NUTRIENTS)[number]['code'];

export const NUTRIENT_CODES: readonly NutrientCode[] = NUTRIENTS.map((n) => n.code);

const NUTRIENT_BY_CODE: ReadonlyMap<string, Nutrient> = new Map(NUTRIENTS.map((n) => [n.code, n]));

export function findNutrient(code: string): Nutrient | undefined {
  return NUTRIENT_BY_CODE.get(code);
}

export function isNutrientCode(code: string): code is NutrientCode {
  return NUTRIENT_BY_CODE.has(code);
}

/**
 * Percent of the daily value, rounded to a whole percent as labels print it; null when the
 * nutrient has no daily value (a label leaves %DV blank rather than showing 0%).
 * `amount` is in the nutrient's own unit.
 */
export function percentDailyValue(code: string, amount: number): number | null {
  const nutrient = NUTRIENT_BY_CODE.get(code);
  if (!nutrient) throw new Error(`Unknown nutrient: ${code}`);
  if (!Number.isFinite(amount) || amount < 0) {
    throw new Error(`Invalid amount for ${nutrient.name}: ${amount}`);
  }
  if (nutrient.dailyValue === 0) return null;
  return Math.round((amount / nutrient.dailyValue) * 100);
}
