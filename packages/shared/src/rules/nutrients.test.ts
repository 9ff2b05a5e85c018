import { describe, expect, it } from 'vitest';
import { findNutrient, isNutrientCode, NUTRIENT_CODES, NUTRIENTS, percentDailyValue } from './nutrients.ts';

describe('NUTRIENTS', () => {
  it('lists exactly 18 nutrients with unique codes', () => {
    expect(NUTRIENTS).toHaveLength(18);
    expect(new Set(NUTRIENT_CODES).size).toBe(18);
  });

  it.each([
    ['calories', 'kcal', 2000],
    ['totalFat', 'g', 78],
    ['saturatedFat', 'g', 20],
    ['transFat', 'g', 0],
    ['cholesterol', 'mg', 300],
    ['sodium', 'mg', 2300],
    ['totalCarbohydrate', 'g', 275],
    ['dietaryFiber', 'g', 28],
    ['totalSugars', 'g', 0],
    ['addedSugars', 'g', 50],
    ['protein', 'g', 50],
    ['vitaminD', 'mcg', 20],
    ['calcium', 'mg', 1300],
    ['iron', 'mg', 18],
    ['potassium', 'mg', 4700],
    ['vitaminA', 'mcg', 900],
    ['vitaminC', 'mg', 90],
    ['vitaminB12', 'mcg', 2.4],
  ] as const)('%s is measured in %s with daily value %d', (code, unit, dailyValue) => {
    expect(findNutrient(code)).toMatchObject({ code, unit, dailyValue });
  });

  it('recognises codes', () => {
    expect(isNutrientCode('sodium')).toBe(true);
    expect(isNutrientCode('Sodium')).toBe(false);
    expect(findNutrient('caffeine')).toBeUndefined();
  });
});

describe('percentDailyValue', () => {
  it('computes whole percentages of the daily value', () => {
    expect(percentDailyValue('calories', 2000)).toBe(100);
    expect(percentDailyValue('calories', 500)).toBe(25);
    expect(percentDailyValue('sodium', 460)).toBe(20);
    expect(percentDailyValue('totalFat', 13)).toBe(17);
    expect(percentDailyValue('iron', 0)).toBe(0);
    expect(percentDailyValue('vitaminB12', 1.2)).toBe(50);
    expect(percentDailyValue('protein', 75)).toBe(150);
  });

  it('returns null where there is no daily value', () => {
    expect(percentDailyValue('transFat', 2)).toBeNull();
    expect(percentDailyValue('totalSugars', 12)).toBeNull();
  });

  it('throws on unknown codes and invalid amounts', () => {
    expect(() => percentDailyValue('caffeine', 10)).toThrow('Unknown nutrient: caffeine');
    expect(() => percentDailyValue('sodium', -1)).toThrow('Invalid amount for Sodium: -1');
    expect(() => percentDailyValue('sodium', Number.NaN)).toThrow(/Invalid amount/);
  });
});
