// Real-estate property types; values are what the API stores, labels what
// pickers show.
export const PROPERTY_TYPES = [
  { value: 'apartments', label: 'Apartments' },
  { value: 'condos', label: 'Condos' },
  { value: 'duplexes', label: 'Duplexes' },
  { value: 'houses', label: 'Houses' },
  { value: 'industrial', label: 'Industrial' },
  { value: 'land', label: 'Land' },
  { value: 'offices', label: 'Offices' },
  { value: 'retail', label: 'Retail' },
  { value: 'villas', label: 'Villas' },
] as const;

export type PropertyType = (typeof PROPERTY_TYPES)[number]['value'];

export const PROPERTY_TYPE_VALUES: readonly PropertyType[] = PROPERTY_TYPES.map((t) => t.value);

export function isPropertyType(value: string): value is PropertyType {
  return (PROPERTY_TYPE_VALUES as readonly string[]).includes(value);
}

export function propertyTypeLabel(value: string): string | undefined {
  return PROPERTY_TYPES.find((t) => t.value === value)?.label;
}
