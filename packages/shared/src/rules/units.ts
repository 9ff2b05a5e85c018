// Inventory units. Every unit converts through one base unit per type: millilitres
// for volume ('liter' type), grams for weight, and a single item for counted units. The
// kitchen measures use the rounded factors the specification fixes (a cup is 240 ml, a fluid
// ounce 31 ml), not the exact US customary values, so recipes cost the same as before.

export const UNIT_TYPES = ['each', 'liter', 'weight'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export interface UnitOption {
  value: string;
  label: string;
  type: UnitType;
  /** How many base units (ml, g or items) one of this unit is. */
  factor: number;
}

export const BASE_UNITS: Readonly<Record<UnitType, string>> = {
  each: 'each',
  liter: 'milliliter',
  weight: 'gram',
};

const VOLUME_UNITS: UnitOption[] = [
  { value: 'milliliter', label: 'Milliliter (ml)', type: 'liter', factor: 1 },
  { value: 'centiliter', label: 'Centiliter (cl)', type: 'liter', factor: 10 },
  { value: 'deciliter', label: 'Deciliter (dl)', type: 'liter', factor: 100 },
  { value: 'liter', label: 'Liter (l)', type: 'liter', factor: 1000 },
  { value: 'teaspoon', label: 'Teaspoon (tsp)', type: 'liter', factor: 5 },
  { value: 'tablespoon', label: 'Tablespoon (tbsp)', type: 'liter', factor: 15 },
  { value: 'fluid-ounce', label: 'Fluid Ounce (fl oz)', type: 'liter', factor: 31 },
  { value: 'cup', label: 'Cup', type: 'liter', factor: 240 },
  { value: 'pint', label: 'Pint (pt)', type: 'liter', factor: 480 },
  { value: 'quart', label: 'Quart (qt)', type: 'liter', factor: 960 },
  { value: 'gallon', label: 'Gallon (gal)', type: 'liter', factor: 3840 },
];

const WEIGHT_UNITS: UnitOption[] = [
  { value: 'milligram', label: 'Milligram (mg)', type: 'weight', factor: 0.001 },
  { value: 'gram', label: 'Gram (g)', type: 'weight', factor: 1 },
  { value: 'kilogram', label: 'Kilogram (kg)', type: 'weight', factor: 1000 },
  { value: 'ounce', label: 'Ounce (oz)', type: 'weight', factor: 28.35 },
  { value: 'pound', label: 'Pound (lb)', type: 'weight', factor: 453.6 },
  { value: 'tonne', label: 'Tonne (t)', type: 'weight', factor: 1_000_000 },
];

// Containers (case, box, bag...) count as one item each: their contents differ per product,
// so converting a case into pieces needs the product's own pack size, not a fixed factor.
const EACH_UNITS: UnitOption[] = [
  { value: 'each', label: 'Each', type: 'each', factor: 1 },
  { value: 'piece', label: 'Piece', type: 'each', factor: 1 },
  { value: 'unit', label: 'Unit', type: 'each', factor: 1 },
  { value: 'item', label: 'Item', type: 'each', factor: 1 },
  { value: 'pair', label: 'Pair', type: 'each', factor: 2 },
  { value: 'half-dozen', label: 'Half Dozen', type: 'each', factor: 6 },
  { value: 'dozen', label: 'Dozen', type: 'each', factor: 12 },
  { value: 'case', label: 'Case', type: 'each', factor: 1 },
  { value: 'box', label: 'Box', type: 'each', factor: 1 },
  { value: 'pack', label: 'Pack', type: 'each', factor: 1 },
  { value: 'packet', label: 'Packet', type: 'each', factor: 1 },
  { value: 'bag', label: 'Bag', type: 'each', factor: 1 },
  { value: 'bottle', label: 'Bottle', type: 'each', factor: 1 },
  { value: 'can', label: 'Can', type: 'each', factor: 1 },
  { value: 'jar', label: 'Jar', type: 'each', factor: 1 },
  { value: 'tin', label: 'Tin', type: 'each', factor: 1 },
  { value: 'carton', label: 'Carton', type: 'each', factor: 1 },
  { value: 'container', label: 'Container', type: 'each', factor: 1 },
  { value: 'crate', label: 'Crate', type: 'each', factor: 1 },
  { value: 'tray', label: 'Tray', type: 'each', factor: 1 },
  { value: 'tub', label: 'Tub', type: 'each', factor: 1 },
  { value: 'pouch', label: 'Pouch', type: 'each', factor: 1 },
  { value: 'roll', label: 'Roll', type: 'each', factor: 1 },
  { value: 'sheet', label: 'Sheet', type: 'each', factor: 1 },
  { value: 'slice', label: 'Slice', type: 'each', factor: 1 },
  { value: 'stick', label: 'Stick', type: 'each', factor: 1 },
  { value: 'loaf', label: 'Loaf', type: 'each', factor: 1 },
  { value: 'bunch', label: 'Bunch', type: 'each', factor: 1 },
  { value: 'head', label: 'Head', type: 'each', factor: 1 },
  { value: 'clove', label: 'Clove', type: 'each', factor: 1 },
  { value: 'sprig', label: 'Sprig', type: 'each', factor: 1 },
  { value: 'portion', label: 'Portion', type: 'each', factor: 1 },
  { value: 'serving', label: 'Serving', type: 'each', factor: 1 },
];

/** All unit options, in the order a unit picker shows them. */
export const UNIT_OPTIONS: readonly UnitOption[] = [...EACH_UNITS, ...VOLUME_UNITS, ...WEIGHT_UNITS];

const UNIT_BY_VALUE: ReadonlyMap<string, UnitOption> = new Map(UNIT_OPTIONS.map((u) => [u.value, u]));

export function findUnit(value: string): UnitOption | undefined {
  return UNIT_BY_VALUE.get(value);
}

function requireUnit(value: string): UnitOption {
  const unit = UNIT_BY_VALUE.get(value);
  if (!unit) throw new Error(`Unknown unit: ${value}`);
  return unit;
}

/** Whether two units can be converted into each other (same type). Unknown units never can. */
export function areUnitsCompatible(from: string, to: string): boolean {
  const a = UNIT_BY_VALUE.get(from);
  const b = UNIT_BY_VALUE.get(to);
  return a !== undefined && b !== undefined && a.type === b.type;
}

/**
 * Converts a quantity through the base unit. Mixing types (a cup into grams) would need a
 * density per ingredient, which the product does not have, so it is refused with an Error.
 */
export function convertUnits(qty: number, from: string, to: string): number {
  const source = requireUnit(from);
  const target = requireUnit(to);
  if (source.type !== target.type) {
    throw new Error(
      `Cannot convert ${source.label} (${source.type}) to ${target.label} (${target.type}): unit types differ`,
    );
  }
  if (source.value === target.value) return qty;
  return (qty * source.factor) / target.factor;
}
