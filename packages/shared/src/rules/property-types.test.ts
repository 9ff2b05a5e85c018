import { describe, expect, it } from 'vitest';
import { isPropertyType, PROPERTY_TYPE_VALUES, PROPERTY_TYPES, propertyTypeLabel } from './property-types.ts';

describe('PROPERTY_TYPES', () => {
  it('has the nine specified types in order', () => {
    expect(PROPERTY_TYPE_VALUES).toEqual([
      'apartments',
      'condos',
      'duplexes',
      'houses',
      'industrial',
      'land',
      'offices',
      'retail',
      'villas',
    ]);
    expect(PROPERTY_TYPES.map((t) => t.label)).toEqual([
      'Apartments',
      'Condos',
      'Duplexes',
      'Houses',
      'Industrial',
      'Land',
      'Offices',
      'Retail',
      'Villas',
    ]);
  });

  it('recognises values and finds labels', () => {
    expect(isPropertyType('condos')).toBe(true);
    expect(isPropertyType('Condos')).toBe(false);
    expect(isPropertyType('castles')).toBe(false);
    expect(propertyTypeLabel('land')).toBe('Land');
    expect(propertyTypeLabel('castles')).toBeUndefined();
  });
});
