import { describe, expect, it } from 'vitest';
import {
  formatPhoneDisplay,
  isPhoneCountry,
  normalizeOptionalPhone,
  normalizePhone,
  phoneCountries,
  phoneDigits,
} from './phone.ts';

describe('phoneDigits', () => {
  it('keeps only digits', () => {
    expect(phoneDigits('+1 (555) 123-4567')).toBe('15551234567');
    expect(phoneDigits('ext. 12')).toBe('12');
    expect(phoneDigits(4471234)).toBe('4471234');
    expect(phoneDigits('')).toBe('');
    expect(phoneDigits('abc')).toBe('');
    expect(phoneDigits(null)).toBe('');
    expect(phoneDigits(undefined)).toBe('');
  });
});

describe('formatPhoneDisplay', () => {
  it('formats an 11-digit number as +1 (xxx) xxx-xxxx', () => {
    expect(formatPhoneDisplay('15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhoneDisplay('+1 555.123.4567')).toBe('+1 (555) 123-4567');
    expect(formatPhoneDisplay(15551234567)).toBe('+1 (555) 123-4567');
  });

  it('uses digits 2-11 whatever the leading digit is', () => {
    expect(formatPhoneDisplay('75551234567')).toBe('+1 (555) 123-4567');
  });

  it('adds a leading plus to other lengths', () => {
    expect(formatPhoneDisplay('5551234567')).toBe('+5551234567');
    expect(formatPhoneDisplay('447911123456')).toBe('+447911123456');
    expect(formatPhoneDisplay('123')).toBe('+123');
  });

  it('does not double an existing plus', () => {
    expect(formatPhoneDisplay('+447911123456')).toBe('+447911123456');
    expect(formatPhoneDisplay('+44 7911 123456')).toBe('+447911123456');
  });

  it('returns empty for empty or digitless input', () => {
    expect(formatPhoneDisplay('')).toBe('');
    expect(formatPhoneDisplay('   ')).toBe('');
    expect(formatPhoneDisplay('+')).toBe('');
    expect(formatPhoneDisplay(null)).toBe('');
    expect(formatPhoneDisplay(undefined)).toBe('');
  });
});

describe('normalizePhone', () => {
  it('stores a national number in E.164 with the organisation country as its region', () => {
    expect(normalizePhone('5550109999')).toBe('+15550109999');
    expect(normalizePhone('(555) 010-9999', 'US')).toBe('+15550109999');
    expect(normalizePhone('1 555 010 9999', 'US')).toBe('+15550109999');
    expect(normalizePhone('020 7946 0958', 'GB')).toBe('+442079460958');
  });

  it('keeps the country code a number was typed with', () => {
    expect(normalizePhone('+44 20 7946 0958', 'US')).toBe('+442079460958');
    expect(normalizePhone('+5550109999', 'US')).toBe('+5550109999');
    expect(normalizePhone('+1 (555) 010-9999', 'GB')).toBe('+15550109999');
  });

  it('keeps what it cannot read as typed (trimmed), and blank as null', () => {
    expect(normalizePhone(' 555-0199 ')).toBe('555-0199');
    expect(normalizePhone('12')).toBe('12');
    expect(normalizePhone('  ')).toBeNull();
    expect(normalizePhone(null)).toBeNull();
    expect(normalizeOptionalPhone(undefined)).toBeUndefined();
    expect(normalizeOptionalPhone(null)).toBeNull();
  });

  it('falls back to US for an unknown country', () => {
    expect(normalizePhone('5550109999', 'XX')).toBe('+15550109999');
  });

  it('shows every stored US number the same way', () => {
    for (const typed of ['5550109999', '(555) 010-9999', '+1 555 010 9999', '15550109999']) {
      expect(formatPhoneDisplay(normalizePhone(typed))).toBe('+1 (555) 010-9999');
    }
  });

  it('knows the countries an organisation can pick', () => {
    expect(isPhoneCountry('US')).toBe(true);
    expect(isPhoneCountry('GB')).toBe(true);
    expect(isPhoneCountry('XX')).toBe(false);
    expect(phoneCountries()).toContain('CA');
  });
});
