import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Jane Doe')).toBe('JD');
    expect(initials('jane van doe')).toBe('JV');
    expect(initials('Madonna')).toBe('M');
  });

  it('ignores extra whitespace', () => {
    expect(initials('  jane \t\n doe  ')).toBe('JD');
  });

  it('returns empty for empty input', () => {
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
    expect(initials(null)).toBe('');
    expect(initials(undefined)).toBe('');
  });

  it('handles accents and characters outside the basic plane', () => {
    expect(initials('élodie østergaard')).toBe('ÉØ');
    expect(initials('𝒜lice Smith')).toBe('𝒜S');
  });
});
