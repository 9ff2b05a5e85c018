import { describe, expect, it } from 'vitest';
import { areUnitsCompatible, BASE_UNITS, convertUnits, findUnit, UNIT_OPTIONS, UNIT_TYPES } from './units.ts';

describe('UNIT_OPTIONS', () => {
  it('has about 50 options with unique values and positive factors', () => {
    expect(UNIT_OPTIONS.length).toBe(50);
    expect(new Set(UNIT_OPTIONS.map((u) => u.value)).size).toBe(UNIT_OPTIONS.length);
    for (const unit of UNIT_OPTIONS) {
      expect(UNIT_TYPES).toContain(unit.type);
      expect(unit.factor).toBeGreaterThan(0);
      expect(unit.label.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['cup', 'liter', 240],
    ['gallon', 'liter', 3840],
    ['fluid-ounce', 'liter', 31],
    ['pint', 'liter', 480],
    ['quart', 'liter', 960],
    ['tablespoon', 'liter', 15],
    ['teaspoon', 'liter', 5],
    ['liter', 'liter', 1000],
    ['milliliter', 'liter', 1],
    ['pound', 'weight', 453.6],
    ['ounce', 'weight', 28.35],
    ['kilogram', 'weight', 1000],
    ['gram', 'weight', 1],
    ['each', 'each', 1],
    ['piece', 'each', 1],
    ['dozen', 'each', 12],
    ['case', 'each', 1],
    ['box', 'each', 1],
    ['pack', 'each', 1],
    ['bag', 'each', 1],
    ['bottle', 'each', 1],
    ['can', 'each', 1],
    ['jar', 'each', 1],
    ['slice', 'each', 1],
    ['bunch', 'each', 1],
  ] as const)('%s is %s with factor %d', (value, type, factor) => {
    expect(findUnit(value)).toMatchObject({ value, type, factor });
  });

  it('has a base unit of factor 1 for every type', () => {
    for (const type of UNIT_TYPES) {
      expect(findUnit(BASE_UNITS[type])).toMatchObject({ type, factor: 1 });
    }
  });

  it('returns undefined for unknown units', () => {
    expect(findUnit('furlong')).toBeUndefined();
  });
});

describe('convertUnits', () => {
  it('converts volume through millilitres', () => {
    expect(convertUnits(1, 'gallon', 'cup')).toBe(16);
    expect(convertUnits(2, 'liter', 'milliliter')).toBe(2000);
    expect(convertUnits(1, 'tablespoon', 'teaspoon')).toBe(3);
    expect(convertUnits(480, 'milliliter', 'pint')).toBe(1);
    expect(convertUnits(1, 'quart', 'pint')).toBe(2);
    expect(convertUnits(1, 'cup', 'fluid-ounce')).toBeCloseTo(7.7419, 4);
  });

  it('converts weight through grams', () => {
    expect(convertUnits(1, 'kilogram', 'gram')).toBe(1000);
    expect(convertUnits(1, 'pound', 'ounce')).toBeCloseTo(16, 10);
    expect(convertUnits(2, 'pound', 'gram')).toBeCloseTo(907.2, 10);
    expect(convertUnits(500, 'gram', 'kilogram')).toBe(0.5);
  });

  it('converts counted units', () => {
    expect(convertUnits(2, 'dozen', 'each')).toBe(24);
    expect(convertUnits(6, 'each', 'dozen')).toBe(0.5);
    expect(convertUnits(3, 'case', 'each')).toBe(3);
  });

  it('returns the quantity unchanged for the same unit, including zero and negatives', () => {
    expect(convertUnits(0.3, 'cup', 'cup')).toBe(0.3);
    expect(convertUnits(0, 'gallon', 'cup')).toBe(0);
    expect(convertUnits(-1, 'gallon', 'cup')).toBe(-16);
  });

  it('throws a clear error when types differ', () => {
    expect(() => convertUnits(1, 'cup', 'gram')).toThrow(
      'Cannot convert Cup (liter) to Gram (g) (weight): unit types differ',
    );
    expect(() => convertUnits(1, 'dozen', 'liter')).toThrow(/unit types differ/);
  });

  it('throws on unknown units', () => {
    expect(() => convertUnits(1, 'furlong', 'cup')).toThrow('Unknown unit: furlong');
    expect(() => convertUnits(1, 'cup', '')).toThrow('Unknown unit: ');
  });
});

describe('areUnitsCompatible', () => {
  it('is true only for two known units of the same type', () => {
    expect(areUnitsCompatible('cup', 'liter')).toBe(true);
    expect(areUnitsCompatible('pound', 'kilogram')).toBe(true);
    expect(areUnitsCompatible('cup', 'pound')).toBe(false);
    expect(areUnitsCompatible('cup', 'nope')).toBe(false);
  });
});
