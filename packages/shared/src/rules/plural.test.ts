import { describe, expect, it } from 'vitest';
import { plural, pluralWord } from './plural.ts';

describe('plural', () => {
  it('uses the singular for one only', () => {
    expect(plural(1, 'bid')).toBe('1 bid');
    expect(plural(0, 'bid')).toBe('0 bids');
    expect(plural(2, 'bid')).toBe('2 bids');
  });

  it('takes the given plural form where adding s is wrong', () => {
    expect(plural(1, 'class', 'classes')).toBe('1 class');
    expect(plural(3, 'class', 'classes')).toBe('3 classes');
    expect(pluralWord(2, 'person', 'people')).toBe('people');
  });

  it('formats large counts with separators', () => {
    expect(plural(12500, 'invoice')).toBe('12,500 invoices');
  });
});
